package org.kibitz.cli.archfixture;

/** A command that calls into the workbench on purpose (test sources only). */
public class UsesWorkbench {
    public Object pane() {
        return org.kibitz.workbench.I18n.class;
    }
}

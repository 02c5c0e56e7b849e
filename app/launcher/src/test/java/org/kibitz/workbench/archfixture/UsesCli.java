package org.kibitz.workbench.archfixture;

/** A pane that runs a CLI command on purpose (test sources only). */
public class UsesCli {
    public Object command() {
        return new picocli.CommandLine(org.kibitz.cli.KibitzCommand.class);
    }
}

package org.kibitz.workbench.engines;

/** The engine panes' stylesheet, added to each pane and dialog (the shell's stylesheet stays the shell's). */
final class EngineStyles {

    static final String URL;

    static {
        var u = EngineStyles.class.getResource("/org/kibitz/workbench/engines/engines.css");
        if (u == null) {
            throw new IllegalStateException("missing /org/kibitz/workbench/engines/engines.css");
        }
        URL = u.toExternalForm();
    }

    private EngineStyles() {
    }
}

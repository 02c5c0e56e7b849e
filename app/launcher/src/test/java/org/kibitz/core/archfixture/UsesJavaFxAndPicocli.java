package org.kibitz.core.archfixture;

/** A core class that reaches for JavaFX and picocli on purpose (test sources only): CORE_IS_HEADLESS must catch it. */
public class UsesJavaFxAndPicocli {
    public Object label() {
        return new javafx.scene.control.Label("x");
    }

    public Object command() {
        return new picocli.CommandLine.Model.CommandSpec[0];
    }
}

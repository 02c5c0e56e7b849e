package org.kibitz.xiangqi.archfixture;

/** Breaks the layering on purpose, to show the rule fails (test sources only, never imported as production code). */
public class UsesJavaFx {
    public javafx.scene.paint.Color color() {
        return javafx.scene.paint.Color.RED;
    }
}

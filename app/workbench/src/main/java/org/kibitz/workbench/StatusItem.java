package org.kibitz.workbench;

import javafx.scene.Node;

/** Something shown at the right of the main window's status bar (a Guice set, like the panes). */
@FunctionalInterface
public interface StatusItem {

    /** Builds the item's node; called once when the window is built. */
    Node create(MainWindow window);
}

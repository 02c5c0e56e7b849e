package org.kibitz.workbench;

import javafx.scene.Node;

/**
 * A dockable pane of the workbench. Panes are contributed by id (Guice set of providers); the docking
 * manager places them in their default region and restores them where the user left them.
 */
public interface PaneProvider {

    /** Stable id, used in saved layouts: {@code board}, {@code moves}, {@code engine-lines}... */
    String id();

    /** The key of the pane's title in the UI bundle. */
    String titleKey();

    DockRegion defaultRegion();

    /** Order within its region in the default layout, lowest first. */
    default int order() {
        return 100;
    }

    /** Builds the pane's content; called once per window. */
    Node create();
}

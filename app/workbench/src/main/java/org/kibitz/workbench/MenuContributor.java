package org.kibitz.workbench;

/** Adds items to the main window's menus (a Guice set, like the panes). */
@FunctionalInterface
public interface MenuContributor {

    /** Called once when the window is built, before it is shown. */
    void contribute(Menus menus, MainWindow window);
}

package org.kibitz.workbench;

import javafx.scene.control.Menu;

/**
 * The main window's menus, for {@link MenuContributor}s to add their items to. The Edit menu is
 * shown only when something was added to it.
 */
public record Menus(Menu file, Menu edit, Menu view, Menu engine, Menu help) {

    /** Menus without an Edit menu of their own (one is made, and shown only if filled). */
    public Menus(Menu file, Menu view, Menu engine, Menu help) {
        this(file, new Menu(), view, engine, help);
    }
}

package org.kibitz.workbench;

import javafx.scene.control.Menu;

/** The main window's menus, for {@link MenuContributor}s to add their items to. */
public record Menus(Menu file, Menu view, Menu engine, Menu help) {
}

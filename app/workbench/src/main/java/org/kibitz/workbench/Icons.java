package org.kibitz.workbench;

import javafx.scene.Node;
import org.kordamp.ikonli.javafx.FontIcon;

/** Icons for buttons and menus, from the Material Design icon font. */
public final class Icons {

    private Icons() {
    }

    /** The icon with an Ikonli literal such as {@code mdi2c-chevron-left}. */
    public static Node of(String literal) {
        FontIcon icon = new FontIcon(literal);
        icon.getStyleClass().add("kibitz-icon");
        return icon;
    }
}

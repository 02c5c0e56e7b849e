package org.kibitz.workbench.play;

import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;

/** The Engine menu's "New game against engine…" (engine against engine too), at its top; the game ends with the window. */
public final class PlayMenu implements MenuContributor {

    private final PlayUi ui;

    public PlayMenu(PlayUi ui) {
        this.ui = ui;
    }

    @Override
    public void contribute(Menus menus, MainWindow window) {
        MenuItem play = new MenuItem();
        play.setId("menu-play-new");
        play.textProperty().bind(ui.i18n().text("menu.play.new"));
        play.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+P"));
        play.setOnAction(e -> ui.newGame());
        menus.engine().getItems().addAll(0, java.util.List.of(play, new SeparatorMenuItem()));
        window.onClose(ui::close);
    }
}

package org.kibitz.workbench.match;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;

/** Engine → New match…: engines against engines, shown in the Match pane. */
public final class MatchMenu implements MenuContributor {

    private final MatchUi ui;

    public MatchMenu(MatchUi ui) {
        this.ui = ui;
    }

    @Override
    public void contribute(Menus menus, MainWindow window) {
        Menu engine = menus.engine();
        engine.getItems().add(new SeparatorMenuItem());
        MenuItem m = new MenuItem();
        m.textProperty().bind(ui.i18n().text("menu.match.new"));
        m.setId("menu-match-new");
        m.setOnAction(e -> MatchDialog.ask(ui));
        engine.getItems().add(m);
        engine.addEventHandler(Menu.ON_SHOWING, e -> m.setDisable(ui.busy()));
        // A match running when the window closes pauses: its journal keeps the games played.
        window.onClose(ui::pause);
    }
}

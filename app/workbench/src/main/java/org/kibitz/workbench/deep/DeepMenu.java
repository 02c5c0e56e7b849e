package org.kibitz.workbench.deep;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;

/** Engine → Deep analysis of this position…: a growing tree of the best moves, shown in the Deep analysis pane. */
public final class DeepMenu implements MenuContributor {

    private final DeepUi ui;

    public DeepMenu(DeepUi ui) {
        this.ui = ui;
    }

    @Override
    public void contribute(Menus menus, MainWindow window) {
        Menu engine = menus.engine();
        MenuItem m = new MenuItem();
        m.textProperty().bind(ui.i18n().text("menu.deep.start"));
        m.setId("menu-deep-start");
        m.setOnAction(e -> {
            window.docking().open(DeepUi.PANE);
            DeepDialog.ask(ui);
        });
        engine.getItems().add(m);
        engine.addEventHandler(Menu.ON_SHOWING, e -> m.setDisable(ui.busy()));
        // A run going when the window closes stops: its state file keeps what it found.
        window.onClose(ui::close);
    }
}

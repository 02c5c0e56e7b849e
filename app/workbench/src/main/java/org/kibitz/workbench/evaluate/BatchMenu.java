package org.kibitz.workbench.evaluate;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;

/** The Engine menu's evaluation commands: the game on the board, every game of the file, the games selected in the list. */
public final class EvaluateMenu implements MenuContributor {

    private final EvaluateUi ui;

    public EvaluateMenu(EvaluateUi ui) {
        this.ui = ui;
    }

    @Override
    public void contribute(Menus menus, MainWindow window) {
        MenuItem game = item("menu.evaluate.game", "menu-evaluate-game", EvaluateUi.Scope.GAME);
        MenuItem file = item("menu.evaluate.file", "menu-evaluate-file", EvaluateUi.Scope.FILE);
        MenuItem selected = item("menu.evaluate.selected", "menu-evaluate-selected", EvaluateUi.Scope.SELECTED);
        Menu engine = menus.engine();
        engine.getItems().addAll(new SeparatorMenuItem(), game, file, selected);
        engine.addEventHandler(Menu.ON_SHOWING, e -> {
            game.setDisable(!ui.available(EvaluateUi.Scope.GAME));
            file.setDisable(!ui.available(EvaluateUi.Scope.FILE));
            selected.setDisable(!ui.available(EvaluateUi.Scope.SELECTED));
        });
    }

    private MenuItem item(String key, String id, EvaluateUi.Scope scope) {
        MenuItem m = new MenuItem();
        m.textProperty().bind(ui.i18n().text(key));
        m.setId(id);
        m.setOnAction(e -> EvaluateDialog.ask(ui, scope));
        return m;
    }
}

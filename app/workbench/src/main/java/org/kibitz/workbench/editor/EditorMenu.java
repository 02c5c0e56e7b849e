package org.kibitz.workbench.editor;

import java.util.Optional;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCombination;
import org.kibitz.api.game.Games;
import org.kibitz.core.FenSetup;
import org.kibitz.core.GameDocument;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;
import org.kibitz.workbench.board.BoardController;

/**
 * File → New → "Set up position…" (Ctrl+E), beside "From a FEN…": the position editor, started from
 * the board's position; what it gives becomes a new game, which the engines then analyse.
 */
public final class EditorMenu implements MenuContributor {

    private final Games games;
    private final I18n i18n;
    private final GameDocument document;
    private final BoardController board;
    private final java.util.function.Consumer<FenSetup.Setup> newGame;
    private MainWindow window;

    public EditorMenu(Games games, I18n i18n, GameDocument document, BoardController board,
                      java.util.function.Consumer<FenSetup.Setup> newGame) {
        this.games = games;
        this.i18n = i18n;
        this.document = document;
        this.board = board;
        this.newGame = newGame;
    }

    @Override
    public void contribute(Menus menus, MainWindow w) {
        this.window = w;
        MenuItem item = new MenuItem();
        item.setId("menu-setup-position");
        item.textProperty().bind(i18n.text("menu.file.new.setup"));
        item.setAccelerator(KeyCombination.keyCombination("Shortcut+E"));
        item.setOnAction(e -> open().showAndWait().ifPresent(newGame));
        Optional<Menu> newMenu = menus.file().getItems().stream()
                .filter(i -> i instanceof Menu && "menu-new".equals(i.getId())).map(Menu.class::cast).findFirst();
        if (newMenu.isPresent()) {
            newMenu.get().getItems().add(item);
        } else {
            menus.file().getItems().add(0, item);
        }
    }

    /** The editor on the board's game and position, its orientation too. */
    public PositionEditor open() {
        return new PositionEditor(window.stage(), games, i18n, document.game(), document.position(), board.isFlipped());
    }
}

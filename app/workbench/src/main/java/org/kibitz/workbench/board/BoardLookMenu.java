package org.kibitz.workbench.board;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javafx.scene.control.Menu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.GameDocument;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;

/** View → Board: the piece set and colour theme of the game on the board, each a list of choices. */
public final class BoardLookMenu implements MenuContributor {

    private final GameDocument document;
    private final BoardLook look;
    private final I18n i18n;

    public BoardLookMenu(GameDocument document, BoardLook look, I18n i18n) {
        this.document = document;
        this.look = look;
        this.i18n = i18n;
    }

    @Override
    public void contribute(Menus menus, MainWindow window) {
        Menu board = new Menu();
        board.setId("menu-board");
        board.textProperty().bind(i18n.text("menu.view.board"));
        Menu pieces = submenu("menu-board-pieces", "menu.view.board.pieces");
        Menu theme = submenu("menu-board-theme", "menu.view.board.theme");
        board.getItems().addAll(pieces, theme);
        // The choices belong to the game on the board, which changes: filled each time the menu opens.
        board.setOnShowing(e -> fill(pieces, theme));
        fill(pieces, theme);
        document.addListener((d, change) -> {
            if (document.game() != filledFor) {
                fill(pieces, theme);
            }
        });
        i18n.localeProperty().addListener((o, a, b) -> fill(pieces, theme)); // the choices' names in the new language
        menus.view().getItems().add(board);
    }

    private Menu submenu(String id, String key) {
        Menu m = new Menu();
        m.setId(id);
        m.textProperty().bind(i18n.text(key));
        return m;
    }

    private GamePlugin filledFor;

    private void fill(Menu pieces, Menu theme) {
        GamePlugin game = document.game();
        filledFor = game;
        fill(pieces, "pieces", BoardLook.pieceSets(game), look.pieceSet(game), look::setPieceSet);
        fill(theme, "theme", BoardLook.themes(game), look.theme(game), look::setTheme);
    }

    private void fill(Menu menu, String aspect, List<String> ids, String chosen, BiConsumer<GamePlugin, String> choose) {
        menu.getItems().clear();
        ToggleGroup group = new ToggleGroup();
        Function<String, String> name = id -> i18n.get("board." + aspect + "." + id);
        for (String id : ids) {
            RadioMenuItem item = new RadioMenuItem(name.apply(id));
            item.setId("menu-board-" + aspect + "-" + id);
            item.setToggleGroup(group);
            item.setSelected(id.equals(chosen));
            item.setOnAction(e -> choose.accept(document.game(), id));
            menu.getItems().add(item);
        }
    }
}

package org.kibitz.workbench.game;

import javafx.beans.binding.Bindings;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Notation;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;
import org.kibitz.workbench.board.BoardController;
import org.kibitz.workbench.moves.MoveListOptions;
import org.kibitz.core.GameDocument;
import org.kibitz.core.MoveText;

/** The View menu's game items: flip the board, the move list's notation and how it shows variations. */
public final class ViewMenu implements MenuContributor {

    private final GameDocument document;
    private final MoveListOptions options;
    private final BoardController board;
    private final I18n i18n;

    public ViewMenu(GameDocument document, MoveListOptions options, BoardController board, I18n i18n) {
        this.document = document;
        this.options = options;
        this.board = board;
        this.i18n = i18n;
    }

    @Override
    public void contribute(Menus menus, MainWindow window) {
        CheckMenuItem flip = new CheckMenuItem();
        flip.setId("menu-flip");
        flip.textProperty().bind(i18n.text("menu.view.flip"));
        flip.setAccelerator(KeyCombination.keyCombination("Shortcut+R"));
        flip.selectedProperty().bindBidirectional(board.flippedProperty());

        Menu notation = new Menu();
        notation.setId("menu-notation");
        notation.textProperty().bind(i18n.text("menu.view.notation"));
        notation.setOnShowing(e -> fillNotations(notation));
        fillNotations(notation);

        Menu layout = new Menu();
        layout.setId("menu-variations");
        layout.textProperty().bind(i18n.text("menu.view.variations"));
        ToggleGroup group = new ToggleGroup();
        for (MoveText.Style s : MoveText.Style.values()) {
            RadioMenuItem item = new RadioMenuItem();
            item.setId("menu-variations-" + s.name().toLowerCase(java.util.Locale.ROOT));
            item.textProperty().bind(i18n.text("moves.layout." + s.name().toLowerCase(java.util.Locale.ROOT)));
            item.setToggleGroup(group);
            item.setOnAction(e -> options.setStyle(s));
            layout.getItems().add(item);
        }
        layout.setOnShowing(e -> layout.getItems().forEach(i ->
                ((RadioMenuItem) i).setSelected(i.getId().endsWith(options.style().name().toLowerCase(java.util.Locale.ROOT)))));
        menus.view().getItems().addAll(new SeparatorMenuItem(), flip, notation, layout);
    }

    private void fillNotations(Menu menu) {
        menu.getItems().clear();
        GamePlugin game = document.game();
        ToggleGroup group = new ToggleGroup();
        Notation chosen = options.notation(game);
        for (Notation n : game.notations()) {
            RadioMenuItem item = new RadioMenuItem();
            item.setId("menu-notation-" + n.id());
            item.textProperty().bind(Bindings.createStringBinding(() -> i18n.get("notation." + n.id()), i18n.localeProperty()));
            item.setToggleGroup(group);
            item.setSelected(n.id().equals(chosen.id()));
            item.setOnAction(e -> options.setNotation(document.game(), n));
            menu.getItems().add(item);
        }
        if (menu.getItems().isEmpty()) {
            menu.getItems().add(new MenuItem("-"));
        }
    }
}

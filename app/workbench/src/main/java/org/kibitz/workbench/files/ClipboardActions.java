package org.kibitz.workbench.files;

import java.io.IOException;
import java.util.Optional;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCombination;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameDocument;
import org.kibitz.core.GameText;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;

/**
 * Edit → Paste game (Ctrl+V): a FEN, a PGN, a DhtmlXQ block or a move list from the clipboard becomes
 * the game on the board; Edit → Copy the game as PGN, DhtmlXQ (to post on a forum) or numbered text
 * (Chinese for xiangqi, to send in a chat), or the position as FEN.
 */
public final class ClipboardActions implements MenuContributor {

    private final GameDocument document;
    private final GameText text;
    private final I18n i18n;
    private final FileActions files;
    private MainWindow window;

    public ClipboardActions(GameDocument document, GameText text, I18n i18n, FileActions files) {
        this.document = document;
        this.text = text;
        this.i18n = i18n;
        this.files = files;
    }

    @Override
    public void contribute(Menus menus, MainWindow w) {
        this.window = w;
        MenuItem paste = item("menu.edit.paste", "menu-paste");
        paste.setAccelerator(KeyCombination.keyCombination("Shortcut+V"));
        paste.setOnAction(e -> paste(Clipboard.getSystemClipboard().getString()));
        MenuItem pgn = item("menu.edit.copy.pgn", "menu-copy-pgn");
        pgn.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+C"));
        pgn.setOnAction(e -> copyGame("pgn"));
        MenuItem dhtml = item("menu.edit.copy.dhtmlxq", "menu-copy-dhtmlxq");
        dhtml.setOnAction(e -> copyGame("dhtmlxq"));
        MenuItem moves = item("menu.edit.copy.text", "menu-copy-text");
        moves.setOnAction(e -> copyGame("text"));
        MenuItem fen = item("menu.edit.copy.fen", "menu-copy-fen");
        fen.setOnAction(e -> copy(document.position().fen(), "edit.copied.fen"));
        menus.edit().setOnShowing(e -> dhtml.setDisable(!document.game().id().equals("xiangqi")));
        menus.edit().getItems().addAll(paste, new SeparatorMenuItem(), pgn, dhtml, moves, fen);
    }

    /**
     * Makes the game in {@code clip} the document's game (after asking before unsaved changes are lost).
     *
     * @return whether a game was made
     */
    public boolean paste(String clip) {
        if (clip == null || clip.isBlank()) {
            status(i18n.get("edit.paste.empty"));
            return false;
        }
        GameText.Parsed parsed = text.read(clip);
        if (parsed.game().isEmpty()) {
            status(i18n.get("edit.paste.none", parsed.problems().isEmpty() ? ""
                    : parsed.problems().get(0).message().render(i18n.locale())));
            return false;
        }
        GameTree tree = parsed.game().get();
        Optional<GamePlugin> game = text.games().byId(tree.gameId());
        if (game.isEmpty() || !files.confirmDiscard()) {
            return false;
        }
        document.open(game.get(), tree, Optional.empty());
        document.treeEdited(); // a pasted game is not saved anywhere yet
        if (parsed.problems().isEmpty()) {
            status(i18n.get("edit.pasted", tree.mainline().size()));
        } else {
            status(i18n.get("edit.pasted.problems", tree.mainline().size(), parsed.problems().get(0).message().render(i18n.locale())));
        }
        return true;
    }

    private void copyGame(String format) {
        String notation = null;
        if (format.equals("text")) {
            notation = document.game().id().equals("xiangqi") ? "chinese" : "san";
        }
        try {
            copy(text.write(document.tree(), format, Optional.ofNullable(notation)), "edit.copied." + format);
        } catch (IOException | RuntimeException e) {
            status(i18n.get("edit.copy.failed", String.valueOf(e.getMessage())));
        }
    }

    private void copy(String value, String key) {
        ClipboardContent c = new ClipboardContent();
        c.putString(value);
        Clipboard.getSystemClipboard().setContent(c);
        status(i18n.get(key));
    }

    private void status(String s) {
        if (window != null) {
            window.setStatus(s);
        }
    }

    private MenuItem item(String key, String id) {
        MenuItem m = new MenuItem();
        m.textProperty().bind(i18n.text(key));
        m.setId(id);
        return m;
    }
}

package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import org.controlsfx.control.StatusBar;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.tree.GameNode;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Edit → Paste game (Ctrl+V) takes a Chinese move list, a DhtmlXQ block, a FEN or a PGN from the
 * clipboard; Edit → Copy puts the game back as DhtmlXQ, PGN or Chinese text, and the position as FEN.
 */
@ExtendWith(FxStages.class)
class ClipboardTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;

    @BeforeEach
    void open() throws TimeoutException {
        w = WorkbenchFixture.open(home);
    }

    private void putClipboard(String s) {
        runFx(() -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(s);
            Clipboard.getSystemClipboard().setContent(c);
        });
    }

    private String clipboard() {
        return onFx(() -> Clipboard.getSystemClipboard().getString());
    }

    private void menu(String id) {
        runFx(() -> {
            MenuBar bar = w.robot.lookup("#menu-bar").queryAs(MenuBar.class);
            Menu edit = bar.getMenus().stream().filter(m -> "menu-edit".equals(m.getId())).findFirst().orElseThrow();
            MenuItem item = edit.getItems().stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow();
            item.fire();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The main line in coordinates (ranks from 0 for xiangqi, from 1 for chess, as engines write them). */
    private List<String> mainline() {
        int base = onFx(() -> w.document.game().coordinateRankBase());
        return onFx(() -> w.document.tree().mainline().stream().map(GameNode::move).map(m -> m.orElseThrow().coordinates(base)).toList());
    }

    private String status() {
        return onFx(() -> w.robot.lookup("#status-bar").queryAs(StatusBar.class).getText());
    }

    @Test
    void ctrlVPastesAChineseMoveListAndCopyGivesItBackAsDhtmlXqAndText() {
        putClipboard("1. 炮二平五 马８进７\n2. 马二进三 车９平８\n");
        w.robot.clickOn("#board");
        w.robot.push(KeyCode.SHORTCUT, KeyCode.V);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("xiangqi", onFx(() -> w.document.game().id()));
        assertEquals(List.of("h2e2", "h9g7", "h0g2", "i9h9"), mainline());
        assertTrue(onFx(w.document::modified), "a pasted game is not saved anywhere");
        assertTrue(status().contains("4"), status());

        menu("menu-copy-dhtmlxq");
        String block = clipboard();
        assertTrue(block.contains("[DhtmlXQ_movelist]7747706279678070[/DhtmlXQ_movelist]"), block);
        menu("menu-copy-text");
        assertTrue(clipboard().startsWith("1. 炮二平五 马８进７\n2. 马二进三 车９平８"), clipboard());

        // The block pasted back (as a forum post would hold it) gives the same game.
        runFx(() -> w.document.newGame(w.document.game(), w.document.game().startPosition()));
        putClipboard("Look at this game:\n" + block + "\nnice, isn't it?");
        menu("menu-paste");
        assertEquals(List.of("h2e2", "h9g7", "h0g2", "i9h9"), mainline());
    }

    @Test
    void aFenAndAPgnPasteAndThePositionCopiesAsFen() {
        putClipboard("3k4r/9/9/9/9/9/9/9/9/R3K4 b - - 0 1");
        menu("menu-paste");
        assertEquals("3k4r/9/9/9/9/9/9/9/9/R3K4 b - - 0 1", onFx(() -> w.document.position().fen()));
        runFx(() -> w.document.markUnmodified());
        putClipboard("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n");
        menu("menu-paste");
        assertEquals("chess", onFx(() -> w.document.game().id()));
        assertEquals(List.of("e2e4", "e7e5", "g1f3"), mainline());
        runFx(() -> w.document.toEnd());
        menu("menu-copy-fen");
        assertEquals(onFx(() -> w.document.position().fen()), clipboard());
        menu("menu-copy-pgn");
        assertTrue(clipboard().contains("1. e4 e5 2. Nf3"), clipboard());
    }

    @Test
    void textWithNoGameChangesNothingAndSaysSo() {
        runFx(() -> w.document.markUnmodified());
        List<String> before = mainline();
        putClipboard("hello, how are you");
        menu("menu-paste");
        assertEquals(before, mainline());
        assertFalse(onFx(w.document::modified));
        assertTrue(status().startsWith("No game in the clipboard"), status());
    }
}

package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import javafx.geometry.Point2D;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.workbench.board.SetupBoard;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The position editor, headless: pieces put on the board by clicking the palette and the points,
 * dragged on and off, the rules' verdict with its reasons in English and Chinese, OK only for a legal
 * position, and the position set up becoming the board's new game.
 */
@ExtendWith(FxStages.class)
class PositionEditorTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;

    @BeforeEach
    void open() throws TimeoutException {
        w = WorkbenchFixture.open(home);
        language(Locale.ENGLISH);
    }

    private void language(Locale l) {
        runFx(() -> w.injector.getInstance(I18n.class).localeProperty().set(l));
    }

    private SetupBoard board() {
        return w.robot.lookup("#setup-board").queryAs(SetupBoard.class);
    }

    /** The screen point of a square named in the game's coordinates ({@code e0}, {@code e1}). */
    private Point2D at(String square) {
        int rankBase = onFx(() -> w.document.game().coordinateRankBase());
        Square s = Square.of(square.charAt(0) - 'a', Integer.parseInt(square.substring(1)) - rankBase);
        return onFx(() -> board().centerOnScreen(s));
    }

    private void clickOn(String id) {
        w.robot.clickOn(id);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Chooses a palette piece by its FEN letter, then clicks each point. */
    private void put(char letter, String... squares) {
        clickOn("#setup-piece-" + letter);
        for (String s : squares) {
            w.robot.clickOn(at(s));
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    private String verdict() {
        return onFx(() -> w.robot.lookup("#setup-verdict").queryAs(Label.class).getText());
    }

    private boolean okDisabled() {
        return onFx(() -> w.robot.lookup("#setup-ok").queryAs(Button.class).isDisabled());
    }

    private String fen() {
        return onFx(() -> w.robot.lookup("#setup-fen").queryAs(TextField.class).getText());
    }

    @Test
    void facingGeneralsAreNamedAndAPieceBetweenThemMakesThePositionLegal() {
        w.fireMenu("menu-setup-position");
        assertEquals("Legal position, Red to move", verdict(), "the board's start position, to begin with");
        clickOn("#setup-clear");
        assertTrue(verdict().contains("Red has no general"), verdict());
        assertTrue(verdict().contains("Black has no general"), verdict());
        assertTrue(okDisabled());

        put('K', "e0");
        put('k', "e9");
        assertEquals("The generals face each other on the e file with nothing between them", verdict());
        assertTrue(okDisabled());

        put('p', "e5");
        assertEquals("Legal position, Red to move", verdict());
        assertFalse(okDisabled());
        assertEquals("4k4/9/9/9/4p4/9/9/9/9/4K4 w - - 0 1", fen());

        clickOn("#setup-ok");
        assertEquals("xiangqi", onFx(() -> w.document.game().id()));
        assertEquals("4k4/9/9/9/4p4/9/9/9/9/4K4 w - - 0 1", onFx(() -> w.document.position().fen()));
        assertTrue(onFx(() -> w.document.cursor().children().isEmpty()), "a new game from that position");
    }

    @Test
    void piecesOutOfTheirZonesAndTooManyOfAKindAreNamedInChinese() {
        language(Locale.SIMPLIFIED_CHINESE);
        w.fireMenu("menu-setup-position");
        clickOn("#setup-clear");
        put('K', "d0");
        put('k', "e9");
        put('A', "e0");
        put('B', "d2");
        put('P', "a2");
        put('R', "a1", "b1", "c1");
        String v = verdict();
        assertTrue(v.contains("红方位于 e0 的仕（士）不在九宫斜线的五个点上"), v);
        assertTrue(v.contains("红方位于 d2 的相（象）不在本方河界内的七个象位上"), v);
        assertTrue(v.contains("红方位于 a2 的兵（卒）"), v);
        assertTrue(v.contains("红方有 3 个车；每方最多 2 个"), v);
        assertEquals(4, v.lines().count(), v);
        assertTrue(okDisabled());

        // Clicking a point with the piece the palette holds takes it off again; the eraser too.
        w.robot.clickOn(at("c1"));
        clickOn("#setup-eraser");
        for (String s : new String[] {"e0", "d2", "a2"}) {
            w.robot.clickOn(at(s));
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertEquals("合法局面，红方走棋", verdict());
        assertFalse(okDisabled());
    }

    @Test
    void chessCastlingFollowsThePiecesAndTheSideNotToMoveMustNotBeInCheck() {
        w.fireMenu("menu-new-chess");
        w.fireMenu("menu-setup-position");
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", fen());
        CheckBox whiteShort = w.robot.lookup("#setup-castle-wk").queryAs(CheckBox.class);
        assertTrue(onFx(whiteShort::isSelected));

        // The rook leaves h1: the right goes, and is no longer offered.
        w.robot.clickOn(at("h1"), MouseButton.SECONDARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1", fen());
        assertFalse(onFx(whiteShort::isSelected));
        assertTrue(onFx(whiteShort::isDisabled));

        clickOn("#setup-clear");
        put('K', "e1");
        put('k', "e8");
        put('R', "e2");
        assertEquals("Black is in check but it is not Black's move", verdict());
        assertTrue(okDisabled());
        clickOn("#setup-side-black");
        assertEquals("Legal position, Black to move", verdict());
        assertEquals("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", fen());

        clickOn("#setup-ok");
        assertEquals("chess", onFx(() -> w.document.game().id()));
        assertEquals("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", onFx(() -> w.document.position().fen()));
    }

    @Test
    void piecesAreDraggedFromThePaletteAroundTheBoardAndOff() {
        w.fireMenu("menu-new-chess");
        w.fireMenu("menu-setup-position");
        w.robot.drag("#setup-piece-Q").dropTo(at("d4"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(new Piece(Side.WHITE, 'Q'), onFx(() -> draftPiece("d4")));
        assertTrue(verdict().contains("White has more pieces than promotions allow"), verdict());

        w.robot.drag(at("d4")).dropTo(at("d5"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(null, onFx(() -> draftPiece("d4")));
        assertEquals(new Piece(Side.WHITE, 'Q'), onFx(() -> draftPiece("d5")));

        // Off the board: taken off.
        w.robot.drag(at("d5")).dropTo("#setup-start");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(null, onFx(() -> draftPiece("d5")));
        assertEquals("Legal position, White to move", verdict());
    }

    @Test
    void aFenTypedDrawsThePositionOfWhicheverGameReadsIt() {
        w.fireMenu("menu-new-chess");
        w.fireMenu("menu-setup-position");
        runFx(() -> w.robot.lookup("#setup-fen").queryAs(TextField.class).setText("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("xiangqi", onFx(() -> w.robot.lookup("#setup-game")
                .queryAs(javafx.scene.control.ComboBox.class).getValue() instanceof org.kibitz.api.game.GamePlugin g ? g.id() : ""));
        assertEquals(2, onFx(() -> editor().draft().pieces().size()));
        assertEquals("Legal position, Red to move", verdict());
        runFx(() -> w.robot.lookup("#setup-fen").queryAs(TextField.class).setText("3k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("The generals face each other on the d file with nothing between them", verdict());
        runFx(() -> w.robot.lookup("#setup-fen").queryAs(TextField.class).setText("3k5/9/9/9/9/9/9/9/3K5 w - - 0 1"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(verdict().startsWith("The board needs 10 ranks"), verdict());
        assertTrue(okDisabled());
    }

    private org.kibitz.workbench.editor.PositionEditor editor() {
        return (org.kibitz.workbench.editor.PositionEditor) w.robot.lookup("#setup-dialog")
                .queryAs(javafx.scene.control.DialogPane.class).getProperties()
                .get(org.kibitz.workbench.editor.PositionEditor.class);
    }

    private Piece draftPiece(String square) {
        Square s = Square.of(square.charAt(0) - 'a', Integer.parseInt(square.substring(1)) - 1);
        return editor().draft().pieceAt(s).orElse(null);
    }
}

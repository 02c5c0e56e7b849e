package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.geometry.Point2D;
import javafx.scene.text.Text;
import javafx.scene.input.MouseButton;
import javafx.scene.paint.Color;
import org.controlsfx.control.StatusBar;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.workbench.board.BoardArrow;
import org.kibitz.workbench.board.BoardView;
import org.testfx.util.WaitForAsyncUtils;

/** Playing on both boards with the mouse, headless: clicks, drags, promotion, refusals, flip, arrows, resizing. */
@ExtendWith(FxStages.class)
class BoardPaneTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;

    @BeforeEach
    void open() throws TimeoutException {
        w = WorkbenchFixture.open(home);
    }

    private String status() {
        return onFx(() -> w.robot.lookup("#status-bar").queryAs(StatusBar.class).getText());
    }

    @Test
    void xiangqiMovesByClickingAndDraggingAndAnIllegalClickIsRefused() {
        assertEquals("xiangqi", onFx(() -> w.document.game().id()), "the workbench opens on a new xiangqi game");
        w.clickMove("h2", "e2");
        assertEquals("h2e2", w.cursorMove(), "炮二平五 by two clicks");
        Text shown = onFx(() -> w.moves().moveTextOf(w.document.cursor()).orElseThrow());
        assertEquals("炮二平五", shown.getText(), "the move list shows it in Chinese notation");
        assertTrue(onFx(() -> w.moves().isMarkedCurrent(w.document.cursor())));

        w.robot.drag(w.at("h9"), MouseButton.PRIMARY).dropTo(w.at("g7"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("h9g7", w.cursorMove(), "马８进７ by dragging");

        // A rook cannot jump over its own pawn: picked up, then refused, nothing played.
        w.click("a0");
        assertEquals(List.of("a1", "a2"), onFx(() -> w.board().targets().stream().map(m -> m.to().name(0)).sorted().toList()),
                "the legal targets are offered");
        w.click("a5");
        assertEquals("h9g7", w.cursorMove());
        assertTrue(onFx(() -> w.board().selected().isEmpty()));
        assertTrue(status().contains("a0a5"), status());

        // Black's piece cannot be moved on Red's turn: clicking it picks nothing up.
        w.click("b9");
        assertTrue(onFx(() -> w.board().selected().isEmpty()));
    }

    @Test
    void chessMovesAPromotionChoiceAndARefusal() {
        w.robot.clickOn("#menu-file").clickOn("#menu-new").clickOn("#menu-new-chess");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("chess", onFx(() -> w.document.game().id()));
        w.clickMove("e2", "e4");
        assertEquals("e2e4", w.cursorMove());
        assertEquals("e4", onFx(() -> w.moves().moveTextOf(w.document.cursor()).orElseThrow().getText()));
        w.clickMove("d7", "d4");
        assertEquals("e2e4", w.cursorMove(), "a pawn does not jump two squares from d7 to d4");
        assertTrue(status().contains("d7d4"), status());
        w.clickMove("c7", "c5");
        assertEquals("c7c5", w.cursorMove());

        GamePlugin chess = w.game("chess");
        runFx(() -> {
            try {
                w.document.newGame(chess, chess.parseFen("1r5k/P7/8/8/8/8/8/K7 w - - 0 1"));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        w.clickMove("a7", "b8");
        assertEquals(List.of('Q', 'R', 'B', 'N'), onFx(() -> w.board().promotionChoices()), "axb8 asks which piece");
        assertEquals("", w.cursorMove(), "nothing is played before the choice");
        Point2D knight = onFx(() -> w.board().promotionChoiceOnScreen(3));
        w.robot.clickOn(knight);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("a7b8n", w.cursorMove());
        assertEquals(new Piece(Side.WHITE, 'N'), onFx(() -> w.document.position().pieceAt(Square.of(1, 7)).orElseThrow()));
        assertEquals("axb8=N", onFx(() -> w.moves().moveTextOf(w.document.cursor()).orElseThrow().getText()));
    }

    @Test
    void aPromotionChoiceCanBeCancelled() throws Exception {
        GamePlugin chess = w.game("chess");
        runFx(() -> {
            try {
                w.document.newGame(chess, chess.parseFen("7k/P7/8/8/8/8/8/K7 w - - 0 1"));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        w.clickMove("a7", "a8");
        assertEquals(4, onFx(() -> w.board().promotionChoices().size()));
        w.click("h1");
        assertTrue(onFx(() -> w.board().promotionChoices().isEmpty()));
        assertEquals("", w.cursorMove());
    }

    @Test
    void flippingTurnsTheBoardAndClicksStillLandWhereTheyShould() {
        Point2D before = w.at("a0");
        w.robot.clickOn("#board-flip");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onFx(() -> w.board().isFlipped()));
        Point2D after = w.at("a0");
        assertTrue(after.getY() < before.getY() && after.getX() > before.getX(), "Red's corner is now top right");
        w.clickMove("b0", "c2");
        assertEquals("b0c2", w.cursorMove());
    }

    @Test
    void arrowsAreShownForThePositionTheyWereMadeFor() {
        Move cannon = Move.parseCoordinates("h2e2", 0);
        runFx(() -> w.boardController.setArrows(List.of(new BoardArrow(cannon, Color.rgb(30, 90, 200, 0.8), 0.2, "1"))));
        assertEquals(1, onFx(() -> w.board().arrows().size()));
        w.clickMove("b0", "c2");
        assertEquals(0, onFx(() -> w.board().arrows().size()), "the arrows of another position are not drawn");
        runFx(w.document::back);
        assertEquals(1, onFx(() -> w.board().arrows().size()), "back at their position they are");
        runFx(() -> w.boardController.clearArrows("default"));
        assertEquals(0, onFx(() -> w.board().arrows().size()));
    }

    @Test
    void aPerpetualChaseIsRuledAndExplainedAndTheRuleSetIsTheUsers() throws Exception {
        // A red horse chasing a protected black rook round and round (case kb-05 of the rulings table).
        GamePlugin xq = onFx(() -> w.document.game());
        runFx(() -> {
            try {
                w.document.newGame(xq, xq.parseFen("n3k4/9/1r1n5/9/N8/9/9/9/9/3K5 b - - 0 1"));
            } catch (org.kibitz.api.game.FenException e) {
                throw new IllegalStateException(e);
            }
        });
        String[] moves = {"b7b6", "a5c4", "b6b7", "c4a5", "b7b6", "a5c4", "b6b7"};
        for (String m : moves) {
            runFx(() -> w.document.play(Move.parseCoordinates(m, 0)));
        }
        javafx.scene.control.Label state = onFx(() -> w.robot.lookup("#board-state").queryAs(javafx.scene.control.Label.class));
        // Before it is played, the move that would lose is known: crossed out on the board, named in the state line.
        assertEquals(List.of(Move.parseCoordinates("c4a5", 0)), onFx(() -> w.board().banned()));
        assertEquals("Red to move · 1 move loses by repetition", onFx(state::getText));
        assertEquals("Moves that would lose by repetition (AXF rules): 马七进九", onFx(() -> state.getTooltip().getText()));
        w.clickMove("c4", "a5"); // the move that completes the cycle, played on the board
        assertEquals(List.of(), onFx(() -> w.board().banned()), "nothing is banned once the game is over");
        assertEquals("Black wins · perpetual chase (AXF rules)", onFx(state::getText));
        String why = onFx(() -> state.getTooltip().getText());
        assertTrue(why.startsWith("Red chased the same piece with every move of the repeated cycle and loses (AXF rules)."), why);
        assertTrue(why.contains("ply 2, Red 马九退七: chases 车 b6"), why);
        assertTrue(status().contains("马七进九 loses by perpetual chase (AXF rules)"), status());

        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<String> box = onFx(() -> w.robot.lookup("#board-rules").queryAs(javafx.scene.control.ComboBox.class));
        assertEquals(List.of("axf", "computer", "chinese", "none"), onFx(() -> List.copyOf(box.getItems())));
        runFx(() -> box.setValue("none"));
        assertEquals("Draw · repetition (Repetition is a draw)", onFx(state::getText));
        assertEquals(java.util.Map.of("xiangqi", "none"), onFx(() -> w.window.settings().ruleSets()), "the choice is kept");
    }

    @Test
    void theBoardKeepsItsProportionsAsTheWindowChangesSize() {
        BoardView board = w.board();
        double big = onFx(board::cellSize);
        runFx(() -> {
            w.window.stage().setWidth(900);
            w.window.stage().setHeight(600);
        });
        WaitForAsyncUtils.waitForFxEvents();
        double small = onFx(board::cellSize);
        assertTrue(small < big, small + " < " + big);
        w.clickMove("h2", "e2");
        assertEquals("h2e2", w.cursorMove(), "clicks still find their points at the new size");
        assertFalse(onFx(() -> w.document.tree().root().children().isEmpty()));
    }
}

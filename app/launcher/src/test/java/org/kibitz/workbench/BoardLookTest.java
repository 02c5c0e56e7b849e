package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Square;
import org.kibitz.workbench.board.BoardArrow;
import org.kibitz.workbench.board.BoardController;
import org.kibitz.workbench.board.BoardView;
import org.testfx.util.WaitForAsyncUtils;

/** The board's look (pieces, colours), the evaluation bar beside it and the engines' score badges, headless. */
@ExtendWith(FxStages.class)
class BoardLookTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;

    @BeforeEach
    void open() throws TimeoutException {
        w = WorkbenchFixture.open(home);
        w.fireMenu("menu-new-chess");
        assertEquals("chess", onFx(() -> w.document.game().id()));
    }

    /** The colour the board shows at the centre of an empty square. */
    private Color colourAt(String square) {
        Point2D screen = w.at(square);
        return onFx(() -> {
            BoardView b = w.board();
            Point2D local = b.screenToLocal(screen);
            WritableImage img = b.snapshot(new SnapshotParameters(), null);
            return img.getPixelReader().getColor((int) local.getX(), (int) local.getY());
        });
    }

    private static double distance(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) + Math.abs(a.getGreen() - b.getGreen()) + Math.abs(a.getBlue() - b.getBlue());
    }

    @Test
    void aThemeAndPieceSetChosenInTheViewMenuRepaintTheBoardAndAreKeptInTheSettingsFile() throws Exception {
        assertEquals("brown", onFx(() -> w.board().theme()));
        assertEquals("staunton", onFx(() -> w.board().pieceSet()));
        Color brown = colourAt("e4");
        assertTrue(distance(brown, Color.web("#f0d9b5")) < 0.06, "e4 is a light brown square: " + brown);

        w.fireMenu("menu-board-theme-blue");
        w.fireMenu("menu-board-pieces-geometric");
        assertEquals("blue", onFx(() -> w.board().theme()));
        assertEquals("geometric", onFx(() -> w.board().pieceSet()));
        Color blue = colourAt("e4");
        assertTrue(distance(blue, Color.web("#dee3e6")) < 0.06, "e4 is now a light blue-grey square: " + blue);

        String saved = Files.readString(home.resolve("config").resolve("settings.json"));
        assertTrue(saved.contains("\"chess.theme\"") && saved.contains("\"blue\""), saved);
        assertTrue(saved.contains("\"chess.pieces\"") && saved.contains("\"geometric\""), saved);
        assertEquals("blue", onFx(() -> w.window.settings().boardLook().get("chess.theme")));

        // Xiangqi keeps its own choice: its board is still wood.
        w.fireMenu("menu-new-xiangqi");
        assertEquals("wood", onFx(() -> w.board().theme()));
        w.fireMenu("menu-board-theme-paper");
        assertEquals("paper", onFx(() -> w.board().theme()));
        assertEquals("paper", onFx(() -> w.window.settings().boardLook().get("xiangqi.theme")));
        assertEquals("blue", onFx(() -> w.window.settings().boardLook().get("chess.theme")));
    }

    @Test
    void theEvaluationBarFollowsTheScoreInWhitesViewFillsTheEndOnAMateAndClearsOnAnotherPosition() {
        BoardController c = w.boardController;
        assertTrue(onFx(() -> w.board().evaluationShare().isEmpty()), "neutral before any engine");
        Bounds bar = onFx(() -> w.board().evaluationBarOnScreen());
        Bounds board = onFx(() -> w.board().boardOnScreen());
        assertTrue(bar.getMaxX() <= board.getMinX() && bar.getHeight() == board.getHeight(),
                "the bar stands left of the board, as high as it: " + bar + " " + board);

        runFx(() -> c.setEvaluation(new BoardController.Evaluation(w.document.position(), Score.centipawns(300), "Stockfish")));
        WaitForAsyncUtils.waitForFxEvents();
        // lichess's model: +3.00 is 75% for White.
        assertEquals(0.751, onFx(() -> w.board().evaluationShare().getAsDouble()), 0.001);
        assertEquals(0.751 * bar.getHeight(), onFx(() -> w.board().evaluationFillHeight()), 1);
        assertEquals("3.0", onFx(() -> w.board().evaluationLabel()));

        runFx(() -> c.setEvaluation(new BoardController.Evaluation(w.document.position(), Score.centipawns(-300), "Stockfish")));
        assertEquals(0.249, onFx(() -> w.board().evaluationShare().getAsDouble()), 0.001);

        runFx(() -> c.setEvaluation(new BoardController.Evaluation(w.document.position(), new Score.Mate(4, Score.Bound.EXACT), "Stockfish")));
        assertEquals(bar.getHeight(), onFx(() -> w.board().evaluationFillHeight()), 0.01, "White mates: all White's");
        assertEquals("M4", onFx(() -> w.board().evaluationLabel()));

        // A move on the board: the score was of the position before, so the bar turns neutral.
        w.clickMove("e2", "e4");
        assertTrue(onFx(() -> w.board().evaluationShare().isEmpty()), "no score known for the new position");
        assertEquals("", onFx(() -> w.board().evaluationLabel()));
    }

    @Test
    void theBadgesOfTwoAgreeingEnginesNeverOverlapAndAreReadable() {
        Move e2e4 = new Move(Square.of(4, 1), Square.of(4, 3));
        Move d2d4 = new Move(Square.of(3, 1), Square.of(3, 3));
        runFx(() -> {
            w.boardController.setArrows("engine-a", w.document.position(), List.of(new BoardArrow(e2e4, Color.BLUE, 0.2, "-0.31")));
            w.boardController.setArrows("engine-b", w.document.position(), List.of(new BoardArrow(e2e4, Color.ORANGE, 0.2, "-0.38")));
            w.boardController.setArrows("engine-c", w.document.position(), List.of(new BoardArrow(d2d4, Color.GREEN, 0.2, "+0.12")));
        });
        WaitForAsyncUtils.waitForFxEvents();
        for (double size : new double[] {1280, 700}) {
            runFx(() -> w.window.stage().setWidth(size));
            WaitForAsyncUtils.waitForFxEvents();
            List<Rectangle2D> badges = onFx(() -> w.board().badgeBounds());
            double cell = onFx(() -> w.board().cellSize());
            assertEquals(3, badges.size());
            for (int i = 0; i < badges.size(); i++) {
                assertTrue(badges.get(i).getHeight() >= 16, "text of 12 px or more: " + badges.get(i));
                for (int j = i + 1; j < badges.size(); j++) {
                    assertFalse(badges.get(i).intersects(badges.get(j)), "cell " + cell + ": " + badges.get(i) + " and " + badges.get(j));
                }
            }
            // Not on a piece's centre: neither e2's nor e4's.
            for (String sq : List.of("e2", "e4", "d2", "d4")) {
                Point2D p = onFx(() -> w.board().screenToLocal(w.at(sq)));
                assertTrue(badges.stream().noneMatch(b -> b.contains(p.getX(), p.getY())), sq + " centre covered at cell " + cell);
            }
        }
        assertNotEquals(List.of(), onFx(() -> w.board().badgeBounds()));
    }
}

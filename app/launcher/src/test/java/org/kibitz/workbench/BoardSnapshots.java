package org.kibitz.workbench;

import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.workbench.board.BoardArrow;

/**
 * Pictures of the board in situations a screenshot of the running program does not easily reach
 * (arrows, hints, a promotion choice, check), written to {@code kibitz.snapshots} (default
 * /tmp/kibitz-snapshots) for a person to look at. Not run by the build ({@code -Dtest=BoardSnapshots}).
 */
@ExtendWith(FxStages.class)
class BoardSnapshots {

    @TempDir
    Path home;

    @Test
    void pictures() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.open(home);
        GamePlugin chess = w.game("chess");
        w.clickMove("h2", "e2");
        w.clickMove("h9", "g7");
        runFx(() -> w.boardController.setArrows(List.of(
                new BoardArrow(Move.parseCoordinates("h0g2", 0), Color.rgb(30, 100, 220, 0.8), 0.2, "1"),
                new BoardArrow(Move.parseCoordinates("b0c2", 0), Color.rgb(30, 160, 60, 0.7), 0.15, "2"),
                new BoardArrow(Move.parseCoordinates("b2e2", 0), Color.rgb(220, 120, 20, 0.6), 0.12, "+0.35"))));
        w.click("e2");
        w.snapshot("xiangqi-arrows-hints");
        runFx(() -> w.boardController.setFlipped(true));
        w.snapshot("xiangqi-flipped");
        runFx(() -> {
            w.boardController.setFlipped(false);
            try {
                w.document.newGame(chess, chess.parseFen("r3k2r/pP3ppp/8/3q4/8/8/P4PPP/R3K2R w KQkq - 0 1"));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        w.clickMove("b7", "a8");
        w.snapshot("chess-promotion");
        runFx(() -> {
            try {
                w.document.newGame(chess, chess.parseFen("4k3/8/8/8/8/8/4q3/R3K2R w KQ - 0 1"));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        w.click("e1");
        w.snapshot("chess-check-hints");
    }
}

package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.board.BoardArrow;
import org.kibitz.workbench.engines.EnginesUi;

/** A real engine's score on the board: the badge and the bar in White's view when Black is to move, neutral once it stops. */
@ExtendWith(FxStages.class)
class EvalBarEngineTest {

    @TempDir
    Path home;

    @Test
    void blackToMoveAndWinningShowsANegativeBadgeAndABarMostlyBlackUntilTheEngineStops() throws Exception {
        EngineEntry stockfish = WorkbenchFixture.engine("stockfish", "stockfish",
                List.of(RealEngines.require("stockfish")), "uci", java.util.Set.of("chess"));
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home, stockfish);
        EnginesUi ui = w.injector.getInstance(EnginesUi.class);
        GamePlugin chess = w.game("chess");
        // Black to move, a rook up: the engine reports a big plus for the side to move, Black.
        runFx(() -> {
            try {
                w.document.newGame(chess, chess.parseFen("r3k3/8/8/8/8/8/8/4K3 b - - 0 1"));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        runFx(() -> ui.start("1"));
        waitUntil(() -> onFx(() -> w.board().evaluationShare().isPresent()
                && w.boardController.arrowsFor(w.document.position()).stream().anyMatch(a -> !a.label().isEmpty())));

        String badge = onFx(() -> w.boardController.arrowsFor(w.document.position()).stream().map(BoardArrow::label)
                .filter(l -> !l.isEmpty()).findFirst().orElseThrow());
        assertTrue(badge.startsWith("-") || badge.startsWith("#-"), "White's view: Black is winning, " + badge);
        double share = onFx(() -> w.board().evaluationShare().getAsDouble());
        assertTrue(share < 0.2, "the bar is mostly Black's: " + share);

        runFx(ui::toggleAll);
        waitUntil(() -> !ui.service().anyRunning());
        waitUntil(() -> onFx(() -> w.board().evaluationShare().isEmpty()));
        assertEquals("", onFx(() -> w.board().evaluationLabel()), "no engine runs: the bar is neutral");
    }
}

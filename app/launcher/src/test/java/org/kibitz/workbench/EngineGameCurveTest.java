package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.chart.EvalChart;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.match.TimeControl;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.engines.CurvePane;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.play.PlayUi;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The curve of a game between engines: one series per engine, each of its own evaluations (on the
 * moves it made), named after it, said to be live while played here and from the file when read
 * back; a file saved from it, and a cutechess file, read back the same way.
 */
@ExtendWith(FxStages.class)
class EngineGameCurveTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;
    private PlayUi play;

    @AfterEach
    void close() {
        if (play != null) {
            runFx(play::close);
        }
    }

    private CurvePane curve() {
        runFx(() -> w.window.docking().open(EnginesUi.CURVE_PANE));
        return onFx(() -> (CurvePane) w.robot.lookup("#curve-pane").query());
    }

    private List<EvalChart.Series> series(CurvePane c) {
        return onFx(() -> c.definition().curve().series());
    }

    private String caption() {
        return onFx(() -> ((Label) w.robot.lookup("#curve-caption").query()).getText());
    }

    private boolean openFile(Path p) {
        try {
            return onFx(() -> w.files.open(p)).get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Each series holds only its side's moves: White's/Red's after half moves (x.5), Black's after whole ones. */
    private static void assertOneSidePerSeries(List<EvalChart.Series> s, String white, String black, int atLeast) {
        assertEquals(List.of(white, black), s.stream().map(EvalChart.Series::name).toList());
        assertTrue(s.get(0).points().size() >= atLeast && s.get(1).points().size() >= atLeast,
                s.get(0).points().size() + " and " + s.get(1).points().size() + " points");
        assertTrue(s.get(0).points().stream().allMatch(p -> p.x() % 1 == 0.5), "White's moves only: " + s.get(0).points());
        assertTrue(s.get(1).points().stream().allMatch(p -> p.x() % 1 == 0), "Black's moves only: " + s.get(1).points());
    }

    @Test
    void anEngineGamesCurveHasOneSeriesPerEngineLiveAndSavedAndReadBack() throws Exception {
        EngineEntry sf = WorkbenchFixture.engine("stockfish", "Stockfish", List.of(RealEngines.require("stockfish")),
                "uci", java.util.Set.of("chess"));
        EngineEntry fairy = WorkbenchFixture.engine("fairy-stockfish", "Fairy-Stockfish",
                List.of(RealEngines.require("fairy-stockfish")), "uci", java.util.Set.of("chess"));
        w = WorkbenchFixture.openWithEngines(home, sf, fairy);
        play = w.injector.getInstance(PlayUi.class);
        CurvePane c = curve();
        GamePlugin chess = w.game("chess");
        runFx(() -> play.start(new PlayUi.Setup(chess, Optional.of(sf), Optional.of(fairy),
                TimeControl.parse(Map.of("nodes", "3000")), "", false)));
        waitUntil(() -> play.sessionProperty().get() != null && (w.document.tree().mainline().size() >= 10
                || play.sessionProperty().get().over()));
        runFx(() -> {
            javafx.scene.control.Button stop = w.robot.lookup("#play-stop").queryButton();
            if (stop.isVisible()) {
                stop.fire();
            }
        });
        waitUntil(() -> play.sessionProperty().get().over());
        runFx(() -> w.document.goTo(w.document.tree().mainline().get(3)));
        waitUntil(() -> series(c).size() == 2 && series(c).get(1).points().size() >= 4);
        assertOneSidePerSeries(series(c), "Stockfish", "Fairy-Stockfish", 4);
        assertTrue(caption().endsWith("live"), caption());

        Path saved = home.resolve("engines.pgn");
        assertTrue(onFx(() -> w.files.saveTo(saved)));
        assertTrue(openFile(saved));
        runFx(() -> w.document.goTo(w.document.tree().mainline().get(3)));
        waitUntil(() -> series(c).size() == 2 && caption().endsWith("from the file"));
        assertOneSidePerSeries(series(c), "Stockfish", "Fairy-Stockfish", 4);
    }

    @Test
    void aCutechessGameReadsAsOneSeriesPerEngine() throws Exception {
        w = WorkbenchFixture.open(home);
        CurvePane c = curve();
        assertTrue(openFile(GameFilesUiTest.shared("chess/pgn/pychess-stockfish-learning.pgn")));
        runFx(() -> w.document.goTo(w.document.tree().mainline().get(9)));
        waitUntil(() -> series(c).size() == 2);
        // 154 plies, two book moves each: 75 evaluated moves for each engine.
        assertOneSidePerSeries(series(c), "Stockfish-reference", "Stockfish-learning", 70);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(caption().contains("Stockfish-learning") && caption().endsWith("from the file"), caption());
    }
}

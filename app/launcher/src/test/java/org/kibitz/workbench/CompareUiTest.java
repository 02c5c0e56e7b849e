package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.GameFiles;
import org.kibitz.core.TestGames;
import org.kibitz.core.chart.EvalChart;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.evaluate.compare.ComparedPosition;
import org.kibitz.core.evaluate.compare.GameComparison;
import org.kibitz.core.evaluate.compare.PairView;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobState;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.engines.CurvePane;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.evaluate.CompareUi;
import org.kibitz.workbench.evaluate.DisagreementsPane;
import org.kibitz.workbench.evaluate.EvaluateUi;

/**
 * Engine comparison in the workbench with real engines on real games: the curve pane overlays one curve
 * per engine in the engines' colours with the disagreements marked, the Disagreements pane lists them
 * (largest gap first), and going to one shows both engines' lines in the engine panels, from the store.
 */
@ExtendWith(FxStages.class)
class CompareUiTest {

    @TempDir
    Path home;

    static EngineEntry entry(String id, String name, String command, String protocol, Set<String> games) {
        return WorkbenchFixture.engine(id, name, List.of(command), protocol, games);
    }

    /** The workbench with these engines listed and game {@code game} of a shared file on the board. */
    static WorkbenchFixture open(Path home, String file, int game, EngineEntry... engines) throws Exception {
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home, engines);
        assertTrue(onFx(() -> w.files.open(TestGames.shared(file))).get(30, TimeUnit.SECONDS), "the file opens");
        GameFiles.Entry entry = onFx(() -> w.gameList.file().orElseThrow().entries().get(game - 1));
        assertTrue(onFx(() -> w.files.openGame(entry)).get(30, TimeUnit.SECONDS), "game " + game + " opens");
        return w;
    }

    static CompareUi.Choice choice(CompareUi ui, String limitKind, long limit, double threshold, String... ids) {
        List<EngineEntry> es = onFx(() -> java.util.Arrays.stream(ids).map(id -> ui.registry().byId(id).orElseThrow()).toList());
        return new CompareUi.Choice(new EvaluateUi.Choice(es, limitKind, limit, 2, ""), 3, threshold);
    }

    /** Runs a comparison of the board's game to its end; the game's comparison. */
    static GameComparison compareBoardGame(WorkbenchFixture w, CompareUi ui, CompareUi.Choice choice) throws Exception {
        CompareUi.Run run = onFx(() -> ui.compare(EvaluateUi.Scope.GAME, choice)).get(60, TimeUnit.SECONDS);
        JobResult<?> done = run.batch().handle().result().get(300, TimeUnit.SECONDS);
        assertEquals(JobState.COMPLETED, done.state(), String.valueOf(done.error()));
        waitUntil(() -> ui.gamesComparedProperty().get() == 1);
        return onFx(() -> ui.onBoard().orElseThrow());
    }

    @Test
    void stockfishAgainstFairyStockfishOnACapablancaGame() throws Exception {
        WorkbenchFixture w = open(home, "chess/pgn/Capablanca.pgn", 2,
                entry("sf", "Stockfish", RealEngines.require("stockfish"), "uci", Set.of("chess")),
                entry("fsf", "Fairy-Stockfish", RealEngines.require("fairy-stockfish"), "uci", Set.of("chess")));
        CompareUi ui = w.injector.getInstance(CompareUi.class);
        EnginesUi engines = w.injector.getInstance(EnginesUi.class);
        // A low threshold: two different engines at 20,000 nodes are sure to differ by 3 win% points somewhere.
        GameComparison g = compareBoardGame(w, ui, choice(ui, "nodes", 20_000, 3, "sf", "fsf"));
        int plies = onFx(() -> w.document.tree().mainline().size());
        assertEquals(plies + 1, g.positions().size(), "every position of the game is compared");

        // The curve: one series per engine, each over every position, none filled, disagreements marked.
        runFx(() -> w.window.docking().open(EnginesUi.CURVE_PANE));
        waitUntil(() -> w.window.stage().getScene().lookup("#curve-pane") != null);
        CurvePane curve = (CurvePane) onFx(() -> w.window.stage().getScene().lookup("#curve-pane"));
        long disagreeing = g.positions().stream().filter(p -> p.pair(0, 1).map(PairView::disagrees).orElse(false)).count();
        assertTrue(disagreeing > 0, "the engines disagree somewhere");
        waitUntil(() -> curve.definition().curve() != null && curve.definition().curve().overlay()
                && curve.definition().curve().series().size() == 2
                && curve.definition().curve().marks().size() == disagreeing);
        EvalChart.Curve shown = onFx(() -> curve.definition().curve());
        assertEquals(List.of("Stockfish", "Fairy-Stockfish"), shown.series().stream().map(EvalChart.Series::name).toList());
        for (EvalChart.Series s : shown.series()) {
            // Terminal positions (mate on the board) have no engine score.
            assertTrue(s.points().size() >= plies, s.name() + " has a point per position: " + s.points().size());
        }
        assertTrue(shown.marks().stream().allMatch(m -> m.kind() == EvalChart.MarkKind.DISAGREEMENT));
        assertNotNull(onFx(() -> curve.definition().chart().getLegend()), "a legend names the engines");
        // Stockfish's and Fairy-Stockfish's curves differ somewhere (they are not one engine's drawn twice).
        assertFalse(shown.series().get(0).points().equals(shown.series().get(1).points()));

        // The overlay can be turned off for the usual curve (one engine, filled), and on again.
        assertTrue(onFx(() -> w.window.stage().getScene().lookup("#curve-compared").isVisible()));
        runFx(() -> engines.curveOverlayShownProperty().set(false));
        waitUntil(() -> !curve.definition().curve().overlay() && curve.definition().curve().series().size() == 1);
        runFx(() -> engines.curveOverlayShownProperty().set(true));
        waitUntil(() -> curve.definition().curve().overlay() && curve.definition().curve().series().size() == 2);

        // The Disagreements pane: every disagreement of the pair, the largest first.
        runFx(() -> w.window.docking().open(CompareUi.DISAGREEMENTS_PANE));
        waitUntil(() -> w.window.stage().getScene().lookup("#disagreements-pane") != null);
        DisagreementsPane pane = (DisagreementsPane) onFx(() -> w.window.stage().getScene().lookup("#disagreements-pane"));
        TableView<CompareUi.Disagreement> table = pane.table();
        long rows = g.positions().stream().filter(p -> p.pair(0, 1).map(v -> v.disagrees() || v.verdictsDiffer()).orElse(false))
                .count();
        waitUntil(() -> table.getItems().size() == rows);
        List<Double> gaps = onFx(() -> table.getItems().stream().map(CompareUi.Disagreement::magnitude).toList());
        for (int i = 1; i < gaps.size(); i++) {
            assertTrue(gaps.get(i - 1) >= gaps.get(i), "largest gap first: " + gaps);
        }
        String figures = onFx(pane::figures);
        assertTrue(figures.contains("Stockfish vs Fairy-Stockfish") && figures.contains((plies + 1) + " positions"), figures);

        // Going to the largest: the board is there, and the two panels show each engine's lines, from the store.
        CompareUi.Disagreement top = onFx(() -> table.getItems().get(0));
        Optional<GameNode> at = onFx(() -> ui.goTo(top)).get(20, TimeUnit.SECONDS);
        assertTrue(at.isPresent());
        assertSame(at.get(), onFx(() -> w.document.cursor()));
        assertEquals(top.position().ply(), onFx(() -> w.document.cursor().ply()));
        assertEquals(List.of("sf", "fsf"), onFx(() -> engines.panelIds().stream()
                .map(id -> engines.engineFor(id, "chess").id()).limit(2).toList()));
        for (String panel : onFx(() -> engines.panelIds().subList(0, 2))) {
            // MultiPV lines (a line the engine left as a bound is not kept by the store: two at least).
            waitUntil(() -> engines.storedLines(panel, engines.service().slot(panel).state()).size() >= Math.min(2,
                    w.document.cursor().position().legalMoves().size()));
            var lines = onFx(() -> engines.storedLines(panel, engines.service().slot(panel).state()));
            assertFalse(lines.get(0).pv().isEmpty(), "a whole line, not just a move");
            waitUntil(() -> !((TableView<?>) w.window.stage().getScene().lookup("#analysis-lines-" + panel)).getItems().isEmpty());
        }
        ComparedPosition p = top.position();
        String best0 = p.engine(0).orElseThrow().best();
        assertEquals(best0, onFx(() -> engines.storedLines(engines.panelIds().get(0),
                engines.service().slot(engines.panelIds().get(0)).state()).get(0).pv().get(0)
                .coordinates(w.document.game().coordinateRankBase())), "panel 1 shows Stockfish's best move of the comparison");
    }

    @Test
    void threeEnginesInThreeProtocolsOnAXiangqiGame() throws Exception {
        WorkbenchFixture w = open(home, "xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn", 1,
                entry("fsf", "Fairy-Stockfish", RealEngines.require("fairy-stockfish"), "ucci", Set.of("xiangqi")),
                entry("maxqi", "MaxQi", RealEngines.require("maxqi"), "xboard", Set.of("xiangqi")));
        CompareUi ui = w.injector.getInstance(CompareUi.class);
        // Fairy-Stockfish in UCCI, MaxQi in xboard, the built-in engine in UCI; maxqi takes no node limit: depth it is.
        GameComparison g = compareBoardGame(w, ui, choice(ui, "depth", 3, 3, "fsf", "maxqi", "builtin"));
        int plies = onFx(() -> w.document.tree().mainline().size());
        assertEquals(plies + 1, g.positions().size());
        for (int e = 0; e < 3; e++) {
            int engine = e;
            long seen = g.positions().stream().filter(p -> p.engine(engine).isPresent()).count();
            assertTrue(seen >= plies, "engine " + e + " saw every position: " + seen + " of " + (plies + 1));
        }
        assertEquals(3, g.positions().get(0).pairs().size(), "three pairs of three engines");
        runFx(() -> w.window.docking().open(EnginesUi.CURVE_PANE));
        waitUntil(() -> w.window.stage().getScene().lookup("#curve-pane") != null);
        CurvePane curve = (CurvePane) onFx(() -> w.window.stage().getScene().lookup("#curve-pane"));
        waitUntil(() -> curve.definition().curve() != null && curve.definition().curve().overlay()
                && curve.definition().curve().series().size() == 3
                && curve.definition().curve().series().stream().allMatch(s -> s.points().size() >= plies));
        // The disagreements carry the engines' moves in the game's notation (xiangqi's, not coordinates).
        waitUntil(() -> !ui.disagreements().isEmpty() || g.positions().stream().noneMatch(
                p -> p.pair(0, 1).map(v -> v.disagrees() || v.verdictsDiffer()).orElse(false)));
        for (CompareUi.Disagreement d : onFx(() -> List.copyOf(ui.disagreements()))) {
            assertFalse(d.a().bestSan().matches("[a-i]\\d[a-i]\\d"), "notation, not coordinates: " + d.a().bestSan());
        }
    }
}

package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.JsonStore;
import org.kibitz.core.Protocols;
import org.kibitz.core.analysis.AnalysisState;
import org.kibitz.core.analysis.EvalCurve;
import org.kibitz.core.engines.EngineDiscovery;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineListFile;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.StoredLine;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.engines.CurvePane;
import org.kibitz.workbench.engines.EnginesUi;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** Analysis found in one start of the workbench is shown again after a restart, at the same position. */
@ExtendWith(FxStages.class)
class StoredAnalysisUiTest {

    @TempDir
    Path home;

    private EnginesUi ui;

    @AfterEach
    void close() {
        if (ui != null) {
            ui.close();
        }
    }

    private WorkbenchFixture open() throws Exception {
        w = WorkbenchFixture.open(home);
        ui = w.injector.getInstance(EnginesUi.class);
        return w;
    }

    private WorkbenchFixture w;

    /** A chess game, e2e4 played: the cursor on the position after it. */
    private GameNode afterE4() {
        GamePlugin chess = w.game("chess");
        return onFx(() -> {
            w.document.newGame(chess, chess.startPosition());
            w.document.play(Move.parseCoordinates("e2e4", 1));
            return w.document.cursor();
        });
    }

    @SuppressWarnings("unchecked")
    private TableView<Object> table() {
        return onFx(() -> (TableView<Object>) w.robot.lookup("#analysis-lines-1").query());
    }

    private String title() {
        return onFx(() -> ((Label) w.robot.lookup("#analysis-title-1").query()).getText());
    }

    @Test
    void analysisFoundInOneStartIsShownAfterARestart() throws Exception {
        String stockfish = RealEngines.require("stockfish");
        EngineRegistry r = new EngineRegistry(new JsonStore<>(home.resolve("config").resolve("engines.json"),
                EngineListFile.class), new Protocols(ServiceLoader.load(ProtocolPlugin.class).stream()
                .map(ServiceLoader.Provider::get).toList()), new EngineDiscovery(List.of(), false));
        r.load();
        EngineEntry sf = WorkbenchFixture.engine("sf", "My Stockfish", List.of(stockfish),
                "uci", java.util.Set.of("chess"));
        r.put(sf);
        r.offersAnswered();

        // First start: analyse the position after 1. e4 until depth 10 is stored, then close.
        open();
        afterE4();
        runFx(() -> ui.chooseEngine("1", sf));
        runFx(() -> ui.start("1"));
        AnalysisStore store = w.injector.getInstance(AnalysisStore.class);
        GameNode e4 = onFx(() -> w.document.cursor());
        long end = System.nanoTime() + 30_000_000_000L;
        List<StoredLine> found = List.of();
        while (System.nanoTime() < end) {
            store.flush();
            found = store.lines(e4.position());
            if (!found.isEmpty() && found.get(0).depth() >= 10) {
                break;
            }
            Thread.sleep(50);
        }
        assertFalse(found.isEmpty(), "the analysis reached the store while it ran");
        runFx(() -> ui.stop("1"));
        waitUntil(() -> ui.service().slot("1").state().status() == AnalysisState.Status.STOPPED);
        ui.close();
        ui = null;
        FxToolkit.cleanupStages();
        WaitForAsyncUtils.waitForFxEvents();
        store.flush();
        StoredLine kept = store.lines(e4.position()).get(0);
        assertTrue(Files.exists(home.resolve("data").resolve(AnalysisStore.FILE_NAME)), "in the data folder");

        // Second start on the same folders: the same position shows what was found, engine not running.
        open();
        GameNode again = afterE4();
        assertTrue(again != e4, "a new game tree");
        waitUntil(() -> !table().getItems().isEmpty());
        assertEquals("stored", onFx(() -> ui.service().slot("1").state().status() == AnalysisState.Status.IDLE
                ? "stored" : ui.service().slot("1").state().status().name()), "the engine did not run");
        String t = title();
        assertTrue(t.contains("stored analysis, depth " + kept.depth()), t);
        assertTrue(t.startsWith("My Stockfish"), t);
        String pv = String.valueOf(table().getColumns().get(8).getCellData(0));
        assertTrue(pv.startsWith("1... "), pv);
        assertEquals(kept.depth(), (int) onFx(() -> again.analysis().stream().filter(a -> a.multipv() == 1)
                .findFirst().orElseThrow().depth()), "loaded into the game tree");
        assertEquals("My Stockfish", onFx(() -> again.analysis().get(0).engine()));

        // ... and the curve plots it.
        EvalCurve.Point p = onFx(() -> EvalCurve.points(w.document.currentLine(), w.document.tree().root(), 4, "My Stockfish")
                .stream().filter(q -> q.node() == again).findFirst().orElseThrow());
        assertTrue(p.value().isPresent(), "the curve has a value at 1. e4");
        if (onFx(() -> w.robot.lookup("#curve-pane").tryQuery().isPresent())) {
            // The pane redraws on its own frame timer.
            waitUntil(() -> ((CurvePane) w.robot.lookup("#curve-pane").query()).points().stream()
                    .anyMatch(q -> q.node() == again && q.value().isPresent()));
        }
    }
}

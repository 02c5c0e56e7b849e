package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import javafx.scene.Scene;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.JsonStore;
import org.kibitz.core.Protocols;
import org.kibitz.core.analysis.AnalysisState;
import org.kibitz.core.analysis.AnalysisText;
import org.kibitz.core.analysis.EngineLog;
import org.kibitz.core.analysis.EvalCurve;
import org.kibitz.core.chart.EvalChart;
import org.kibitz.core.engines.EngineDiscovery;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineListFile;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.testing.FakeUciEngine;
import org.kibitz.workbench.board.BoardArrow;
import org.kibitz.workbench.engines.CurvePane;
import org.kibitz.workbench.engines.EngineLogPane;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.engines.FrameTicker;

/**
 * Under a flood the panes refresh together a few times a second (issue 38, decision 0043); nothing
 * may be left stale by it. Four engines flood the window and then fall silent in mid-search; once
 * their last lines are in, at the latest on the first pulse a refresh period later, the lines pane
 * shows each engine's last line of every rank, the board's badges each engine's last score, the log
 * its last line, and the curve what the game tree now holds.
 */
@ExtendWith(FxStages.class)
class FloodShowsTheLastLinesTest {

    private static final int ENGINES = 4;
    /**
     * Lines each engine writes before it falls silent: 0.75 s of a 20,000-a-second flood. The fake's
     * depth climbs from 1 to 60 every 3,000 lines; its last three lines (one per rank) are at depth
     * 60, the deepest, so the panels show them live rather than a deeper line kept in the tree.
     */
    private static final long LINES = 14_999;

    @TempDir
    Path home;

    private EnginesUi ui;

    @AfterEach
    void close() {
        if (ui != null) {
            ui.close();
        }
    }

    @Test
    void afterAFloodEveryPaneShowsEachEnginesLastLine() throws Exception {
        EngineRegistry r = new EngineRegistry(new JsonStore<>(home.resolve("config").resolve("engines.json"),
                EngineListFile.class), new Protocols(ServiceLoader.load(ProtocolPlugin.class).stream()
                .map(ServiceLoader.Provider::get).toList()), new EngineDiscovery(List.of(), false));
        r.load();
        List<EngineEntry> floods = new ArrayList<>();
        for (int i = 1; i <= ENGINES; i++) {
            EngineEntry e = WorkbenchFixture.engine("flood" + i, "Fake flood " + i,
                    FakeUciEngine.command("flood", "20000", Long.toString(LINES)), "uci", java.util.Set.of("chess"));
            r.put(e);
            floods.add(e);
        }
        r.offersAnswered();
        WorkbenchFixture w = WorkbenchFixture.open(home);
        ui = w.injector.getInstance(EnginesUi.class);
        GamePlugin chess = w.game("chess");
        runFx(() -> w.document.newGame(chess, chess.startPosition()));
        CurvePane curve = onFx(() -> {
            CurvePane c = new CurvePane(ui);
            Stage s = new Stage();
            s.setScene(new Scene(new SplitPane(new EngineLogPane(ui), c), 900, 500));
            s.show();
            return c;
        });
        List<String> panels = onFx(() -> {
            while (ui.panelIds().size() < ENGINES) {
                ui.addPanel().orElseThrow();
            }
            List<String> ids = List.copyOf(ui.panelIds());
            for (int i = 0; i < ENGINES; i++) {
                ui.chooseEngine(ids.get(i), floods.get(i));
                ui.setMultiPv(ids.get(i), 3);
            }
            ids.forEach(ui::start);
            return ids;
        });

        // The engines' last lines are in when every slot has its engine's last line (nodes LINES * 1000).
        // A busy machine starts four engines slowly: wait while they make progress, not a fixed time.
        waitWhileProgressing(() -> panels.stream().allMatch(this::hasTheLastLine));
        long lastLineIn = System.nanoTime();
        // One refresh period later a pulse has refreshed whatever was left (or the ticker found nothing
        // left to read and stopped): what is shown now must be the last lines.
        waitUntil(() -> !ui.ticker().running() || ui.ticker().tickStarted() >= lastLineIn + FrameTicker.REFRESH.toNanos());

        onFx(() -> {
            for (String p : panels) {
                AnalysisState s = ui.service().slot(p).state();
                assertEquals(3, s.lines().size(), "the slot's three lines: " + p);
                TableView<?> table = (TableView<?>) w.robot.lookup("#analysis-lines-" + p).query();
                assertEquals(List.of(texts(s.lines(), "rank"), texts(s.lines(), "depth"), texts(s.lines(), "nodes")),
                        List.of(column(table, 0), column(table, 3), column(table, 5)),
                        "panel " + p + " shows its engine's last lines");
            }
            List<String> badges = new ArrayList<>();
            for (BoardArrow a : w.boardController.arrowsFor(w.document.position())) {
                if (!a.label().isEmpty()) {
                    badges.add(a.label());
                }
            }
            List<String> expected = new ArrayList<>();
            for (String p : panels) {
                AnalysisUpdate best = ui.service().slot(p).state().lines().get(0);
                expected.add(AnalysisText.score(best.score().orElseThrow().forWhite(best.pov()), ui.scoreUnitProperty().get()));
            }
            assertEquals(expected.stream().sorted().toList(), badges.stream().sorted().toList(),
                    "the board's badges show each engine's last score");
            EngineLog.Batch all = ui.service().log().since(0);
            List<EngineLog.Entry> shown = ((EngineLogPane) w.robot.lookup("#engine-log-pane").query()).shownLines();
            assertFalse(shown.isEmpty(), "the log shows lines");
            assertEquals(all.entries().get(all.entries().size() - 1), shown.get(shown.size() - 1),
                    "the log shows the last line");
            List<EvalCurve.Point> now = EvalCurve.points(w.document.currentLine(), w.document.tree().root(),
                    EvalChart.clampBand(ui.curveClip()), ui.curveEngine());
            assertEquals(now.stream().map(EvalCurve.Point::value).toList(),
                    curve.points().stream().map(EvalCurve.Point::value).toList(), "the curve plots what the tree holds");
            assertFalse(curve.points().get(0).value().isEmpty(), "the curve has the start position's evaluation");
            return null;
        });
        runFx(() -> panels.forEach(ui::stop));
    }

    /** Waits until {@code done} holds; fails if the log got no new line for 20 s meanwhile. */
    private void waitWhileProgressing(java.util.function.BooleanSupplier done) throws InterruptedException {
        long seen = -1;
        long since = System.nanoTime();
        while (!done.getAsBoolean()) {
            long n = ui.service().log().since(Long.MAX_VALUE).next();
            if (n != seen) {
                seen = n;
                since = System.nanoTime();
            } else if (System.nanoTime() - since > 20_000_000_000L) {
                throw new AssertionError("the engines fell silent before their last lines came: "
                        + ui.service().slots().stream().map(s -> s.id() + " " + s.state().status() + " "
                        + s.state().lines().stream().map(u -> u.nodes().orElse(-1)).toList()).toList());
            }
            Thread.sleep(20);
        }
    }

    private boolean hasTheLastLine(String panel) {
        AnalysisState s = ui.service().slot(panel).state();
        return s.lines().size() == 3 && s.lines().stream().anyMatch(u -> u.nodes().orElse(0) == LINES * 1000);
    }

    private static List<String> texts(List<AnalysisUpdate> lines, String what) {
        List<String> out = new ArrayList<>();
        for (AnalysisUpdate u : lines) {
            out.add(switch (what) {
                case "rank" -> Integer.toString(u.multipv());
                case "depth" -> u.depth().getAsInt() + (u.seldepth().isPresent() ? "/" + u.seldepth().getAsInt() : "");
                default -> AnalysisText.count(u.nodes().getAsLong());
            });
        }
        return out;
    }

    private static List<String> column(TableView<?> table, int index) {
        TableColumn<?, ?> c = table.getColumns().get(index);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < table.getItems().size(); i++) {
            out.add(String.valueOf(c.getCellObservableValue(i).getValue()));
        }
        return out;
    }
}

package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.testing.FakeUciEngine;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.engines.CurvePane;
import org.kibitz.workbench.engines.EngineLogPane;
import org.kibitz.workbench.engines.EngineManagerDialog;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.core.analysis.AnalysisState;
import org.kibitz.core.engines.EngineEntry;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The engine panes in the real workbench, headless: analysis with real engines on both boards,
 * two engines side by side, following moves, the curve, the log, the engine manager, and engines
 * that die or hang while the window stays responsive.
 */
@ExtendWith(FxStages.class)
class EnginePanesTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;
    private EnginesUi ui;

    @AfterEach
    void close() {
        EngineManagerDialog.setProgramChooser(null);
        if (ui != null) {
            ui.close();
        }
    }

    /** The workbench with these engines in its list (no first-start offer). */
    private void open(EngineEntry... engines) throws Exception {
        w = WorkbenchFixture.openWithEngines(home, engines);
        ui = w.injector.getInstance(EnginesUi.class);
    }

    private static EngineEntry real(String program, String... games) {
        return WorkbenchFixture.engine(program, program, List.of(RealEngines.require(program)),
                "uci", java.util.Set.of(games));
    }

    private static EngineEntry fake(String id, long stopMs, String... args) {
        return WorkbenchFixture.engine(id, "Fake " + args[0], FakeUciEngine.command(args),
                "uci", java.util.Set.of("chess"))
                .withTimeouts(new EngineEntry.Timeouts(20_000, 5_000, stopMs, 500, 500));
    }

    private void newChessGame() {
        GamePlugin chess = w.game("chess");
        runFx(() -> w.document.newGame(chess, chess.startPosition()));
    }

    @SuppressWarnings("unchecked")
    private TableView<Object> table(String panel) {
        return onFx(() -> (TableView<Object>) w.robot.lookup("#analysis-lines-" + panel).query());
    }

    private int rows(String panel) {
        return onFx(() -> table(panel).getItems().size());
    }

    /** The text of a cell of a panel's table, by row and column. */
    private String cell(String panel, int row, int column) {
        return onFx(() -> {
            TableView<Object> t = table(panel);
            Object v = t.getColumns().get(column).getCellData(row);
            return v == null ? "" : v.toString();
        });
    }

    private AnalysisState state(String panel) {
        return onFx(() -> ui.service().slot(panel).state());
    }

    private void click(String id) {
        w.robot.clickOn(id);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static final int PV = 8;

    @Test
    void stockfishAnalysesChessFollowsAMoveAndStops() throws Exception {
        open(real("stockfish", "chess"));
        newChessGame();
        click("#analysis-toggle-1");
        waitUntil(() -> table("1").getItems().size() == 1 && ui.service().slot("1").state().stats().depth().orElse(0) >= 8);
        assertTrue(cell("1", 0, PV).startsWith("1. "), cell("1", 0, PV));
        assertFalse(cell("1", 0, 1).isEmpty(), "a score from the side to move");
        assertFalse(cell("1", 0, 2).isEmpty(), "and as White");
        assertTrue(onFx(() -> ((Label) w.robot.lookup("#analysis-title-1").query()).getText()).startsWith("Stockfish"));
        assertFalse(onFx(() -> w.boardController.arrowsFor(w.document.position())).isEmpty(), "the best move on the board");

        w.clickMove("e2", "e4");
        waitUntil(() -> ui.service().slot("1").state().request().map(r -> r.target() == w.document.cursor()).orElse(false)
                && !table("1").getItems().isEmpty() && String.valueOf(table("1").getColumns().get(PV).getCellData(0))
                .startsWith("1... "));
        GameNode e4 = onFx(() -> w.document.cursor());
        waitUntil(() -> !e4.analysis().isEmpty());
        assertEquals("stockfish", e4.analysis().get(0).engine(), "what was found is kept in the game tree");

        click("#analysis-toggle-1");
        waitUntil(() -> ui.service().slot("1").state().status() == AnalysisState.Status.STOPPED);
        assertEquals("Start", onFx(() -> ((ToggleButton) w.robot.lookup("#analysis-toggle-1").query()).getText()));
        assertEquals(1, rows("1"), "the last lines stay after a stop");
    }

    @Test
    void twoEnginesSideBySideOnXiangqiInChineseNotation() throws Exception {
        open(real("fairy-stockfish", "chess", "xiangqi"));
        assertEquals("xiangqi", onFx(() -> w.document.game().id()));
        click("#analysis-toggle-1");
        click("#panel-add-1");
        waitUntil(() -> ui.panelIds().size() == 2);
        waitUntil(() -> !table("1").getItems().isEmpty() && !table("2").getItems().isEmpty());
        assertEquals("fairy-stockfish", state("1").engine().orElseThrow().id());
        assertEquals(EngineEntry.BUILTIN_ID, state("2").engine().orElseThrow().id(), "the second panel takes another engine");
        String pv = cell("1", 0, PV);
        assertTrue(pv.matches("1\\. .*[进退平].*"), pv);
        assertTrue(cell("2", 0, PV).matches("1\\. .*[进退平].*"), cell("2", 0, PV));
        w.clickMove("h2", "e2");
        waitUntil(() -> cell("1", 0, PV).startsWith("1... ") && cell("2", 0, PV).startsWith("1... "));
        assertEquals(2, onFx(() -> w.boardController.arrowsFor(w.document.position()).stream()
                .filter(a -> !a.label().isEmpty()).count()), "one labelled arrow per engine");
        click("#panel-close-2");
        waitUntil(() -> ui.panelIds().equals(List.of("1")) && ui.service().slots().size() == 1);
        Thread.sleep(300);
        assertEquals(1, (int) onFx(() -> ui.service().slots().size()), "a closed panel's slot does not come back");
        assertEquals(1, onFx(() -> w.boardController.arrowsFor(w.document.position()).stream()
                .filter(a -> !a.label().isEmpty()).count()), "nor its arrows");
        runFx(ui::toggleAll);
        waitUntil(() -> !ui.service().anyRunning());
    }

    @Test
    void aNewGameOfTheOtherKindHandsTheRunningPanelItsEngineAndPosition() throws Exception {
        open(real("stockfish", "chess"), real("fairy-stockfish", "chess", "xiangqi"));
        assertEquals("xiangqi", onFx(() -> w.document.game().id()));
        click("#analysis-toggle-1");
        waitUntil(() -> !table("1").getItems().isEmpty());
        assertEquals("fairy-stockfish", state("1").engine().orElseThrow().id());
        newChessGame();
        // Stockfish comes first in the list for chess; it must get the chess position, never the
        // xiangqi one (which it refuses: the panel would fail and stop).
        waitUntil(() -> state("1").status() == AnalysisState.Status.FAILED
                || state("1").status() == AnalysisState.Status.RUNNING
                && state("1").info().map(i -> i.name().startsWith("Stockfish")).orElse(false)
                && state("1").request().map(r -> r.gameId().equals("chess")).orElse(false)
                && !table("1").getItems().isEmpty() && cell("1", 0, PV).matches("1\\. [a-hNBRQKO].*"));
        assertEquals(AnalysisState.Status.RUNNING, state("1").status(), () -> "error: " + state("1").error());
        assertEquals("stockfish", state("1").engine().orElseThrow().id());
        runFx(ui::toggleAll);
        waitUntil(() -> !ui.service().anyRunning());
    }

    @Test
    void clickingTheCurveMovesTheCursor() throws Exception {
        open();
        GamePlugin chess = w.game("chess");
        GameTree tree = new GameTree(chess.startPosition());
        GameNode n = tree.root();
        int cp = 20;
        for (String m : List.of("e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6")) {
            n = n.addChild(Move.parseCoordinates(m, 1));
            n.setEvalForWhite(Score.centipawns(cp));
            cp = -cp + 35;
        }
        GameNode last = n;
        runFx(() -> {
            w.document.open(chess, tree, Optional.empty());
            w.window.docking().open(EnginesUi.CURVE_PANE);
        });
        CurvePane curve = onFx(() -> (CurvePane) w.robot.lookup("#curve-pane").query());
        waitUntil(() -> curve.points().size() == 9 && curve.screenPointOf(3).isPresent());
        assertTrue(onFx(() -> curve.points().get(3).value().isPresent()));
        javafx.geometry.Point2D p = onFx(() -> curve.screenPointOf(3).orElseThrow());
        w.robot.clickOn(p);
        WaitForAsyncUtils.waitForFxEvents();
        GameNode third = tree.root().next().orElseThrow().next().orElseThrow().next().orElseThrow();
        waitUntil(() -> w.document.cursor() == third);
        assertTrue(onFx(() -> ((Label) w.robot.lookup("#curve-caption").query()).getText()).contains("Nf3"));
        assertEquals(9, onFx(() -> curve.points().size()), "the whole line is plotted, not only up to the cursor");
        assertTrue(onFx(() -> curve.points().get(8).node() == last));
        // What is drawn is the core chart definition (the one `kibitz curve` renders), fed this game's line.
        org.kibitz.core.chart.EvalChart def = onFx(curve::definition);
        assertSame(def.chart(), onFx(() -> curve.viewer().getChart()));
        assertEquals(org.kibitz.core.chart.EvalChart.Palette.CHESS, onFx(() -> def.curve().palette()));
        assertEquals(8, onFx(() -> def.values().getItemCount()), "the eight evaluated positions");
        assertEquals(0.2, onFx(() -> def.values().getY(0).doubleValue()), 1e-9);
        assertEquals(0.15, onFx(() -> def.values().getY(1).doubleValue()), 1e-9);
        assertEquals(1.5, onFx(() -> def.curve().current().orElseThrow()), 1e-9, "the cursor's ply is marked");

        // The wheel zooms the move axis; the button shows the whole line again.
        double whole = onFx(() -> curve.moveAxisLength());
        w.robot.moveTo(p).scroll(3, javafx.geometry.VerticalDirection.UP);
        WaitForAsyncUtils.waitForFxEvents();
        double zoomed = onFx(() -> curve.moveAxisLength());
        assertTrue(zoomed < whole * 0.9, "zoomed from " + whole + " to " + zoomed);
        click("#curve-fit");
        waitUntil(() -> Math.abs(curve.moveAxisLength() - whole) < 1e-6);

        // The band: ±6 pawns by default; ±2 chosen from its menu is drawn and kept.
        assertEquals(6.4, onFx(curve::evalAxisUpperBound), 1e-9);
        click("#curve-band");
        click("#curve-band-2");
        waitUntil(() -> Math.abs(curve.evalAxisUpperBound() - 2.4) < 1e-9);
        assertEquals("±2", onFx(() -> ((javafx.scene.control.MenuButton) w.robot.lookup("#curve-band").query()).getText()));
        assertTrue(onFx(() -> curve.points().stream().allMatch(q -> q.value().orElse(0.0) <= 2.0 && q.value().orElse(0.0) >= -2.0)),
                "values clipped to the band");
        assertTrue(Files.readString(home.resolve("config").resolve("analysis.json")).contains("2.0"), "the band is kept");
    }

    @Test
    void theFirstStartOffersTheEnginesFoundOnThisComputer() throws Exception {
        String stockfish = RealEngines.require("stockfish");
        w = WorkbenchFixture.open(home);
        ui = w.injector.getInstance(EnginesUi.class);
        waitUntil(() -> w.robot.lookup("#engine-offer").tryQuery().isPresent());
        String offer = onFx(() -> ((Label) w.robot.lookup("#engine-offer-text").query()).getText());
        assertTrue(offer.contains(stockfish), offer);
        click("#engine-offer-add");
        waitUntil(() -> w.robot.lookup("#engine-offer").tryQuery().isEmpty());
        assertTrue(onFx(() -> ui.registry().entries().stream().anyMatch(e -> e.name().startsWith("Stockfish")
                && e.games().contains("chess"))));
        assertFalse(onFx(() -> ui.registry().shouldOffer()), "asked once");
        newChessGame();
        assertTrue(onFx(() -> ui.engineFor("1", "chess").name().startsWith("Stockfish")),
                "a found chess engine is used for chess rather than the built-in one");
    }

    @Test
    void aCorruptEngineListIsSetAsideAndReported() throws Exception {
        Path config = Files.createDirectories(home.resolve("config"));
        Files.writeString(config.resolve("engines.json"), "{ \"version\": 1, \"engines\": [ { \"id\": ");
        w = WorkbenchFixture.open(home);
        ui = w.injector.getInstance(EnginesUi.class);
        org.controlsfx.control.NotificationPane note = onFx(() -> (org.controlsfx.control.NotificationPane)
                w.robot.lookup("#notifications").query());
        waitUntil(() -> note.isShowing() && note.getText() != null && note.getText().contains("engines.json"));
        String text = onFx(note::getText);
        assertTrue(text.contains(".corrupt-"), text);
        try (var files = Files.list(config)) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().startsWith("engines.json.corrupt-")),
                    "the unreadable file is kept");
        }
        assertEquals(List.of(EngineEntry.BUILTIN_ID), onFx(() -> ui.registry().entries().stream().map(EngineEntry::id).toList()),
                "the built-in engine is still there to analyse with");
    }

    @Test
    void theLogIsFilteredPausedCopiedAndSaved() throws Exception {
        open(fake("calm", 1000, "calm"));
        newChessGame();
        runFx(() -> w.window.docking().open(EnginesUi.LOG_PANE));
        runFx(() -> ui.start("1"));
        EngineLogPane log = onFx(() -> (EngineLogPane) w.robot.lookup("#engine-log-pane").query());
        waitUntil(() -> log.shownLines().size() > 30);
        TextField filter = onFx(() -> (TextField) w.robot.lookup("#log-filter").query());
        w.robot.clickOn(filter).write("isready");
        WaitForAsyncUtils.waitForFxEvents();
        List<String> shown = onFx(() -> log.shownLines().stream().map(e -> e.text()).toList());
        assertFalse(shown.isEmpty());
        assertTrue(shown.stream().allMatch(t -> t.contains("isready")), shown.toString());
        runFx(() -> filter.setText("info depth"));
        waitUntil(() -> log.shownLines().size() > 3);

        click("#log-pause");
        int frozen = onFx(() -> log.shownLines().size());
        Thread.sleep(600);
        assertEquals(frozen, (int) onFx(() -> log.shownLines().size()), "paused: nothing new is shown");
        click("#log-pause");
        waitUntil(() -> log.shownLines().size() > frozen);

        runFx(() -> filter.setText("uciok"));
        assertEquals(List.of("uciok"), onFx(() -> log.shownLines().stream().map(e -> e.text()).toList()));
        click("#log-copy");
        String clip = onFx(() -> Clipboard.getSystemClipboard().getString());
        assertTrue(clip != null && clip.contains("<  uciok"), "clipboard: " + clip);
        Path saved = home.resolve("log.txt");
        runFx(() -> log.setSaveChooser(owner -> saved));
        click("#log-save");
        assertTrue(Files.readString(saved).contains("Fake calm  <  uciok"), Files.readString(saved));
    }

    @Test
    void anEngineIsAddedThroughTheManagerAndItsOptionsShown() throws Exception {
        open();
        String stockfish = RealEngines.require("stockfish");
        EngineManagerDialog.setProgramChooser(owner -> Optional.of(Path.of(stockfish)));
        w.fireMenu("menu-engine-manage");
        waitUntil(() -> w.robot.lookup("#engine-manager").tryQuery().isPresent());
        click("#engine-add");
        @SuppressWarnings("unchecked")
        ListView<EngineEntry> list = onFx(() -> (ListView<EngineEntry>) w.robot.lookup("#engine-list").query());
        waitUntil(() -> list.getItems().stream().anyMatch(e -> e.name().startsWith("Stockfish")));
        waitUntil(() -> list.getSelectionModel().getSelectedItem() != null
                && list.getSelectionModel().getSelectedItem().name().startsWith("Stockfish"));
        String detected = onFx(() -> ((Label) w.robot.lookup("#engine-detected").query()).getText());
        assertTrue(detected.contains("UCI") && detected.contains("Chess"), detected);
        EngineEntry added = onFx(() -> list.getSelectionModel().getSelectedItem());
        assertTrue(Files.readString(home.resolve("config").resolve("engines.json")).contains(stockfish), "saved at once");

        // The options dialog, generated from what Stockfish declared.
        javafx.scene.control.Dialog<?> d = onFx(() -> {
            javafx.scene.control.Dialog<java.util.Map<String, String>> dialog = org.kibitz.workbench.engines.EngineOptionsDialog
                    .dialog(w.window.stage(), ui, added);
            dialog.show();
            return dialog;
        });
        @SuppressWarnings("unchecked")
        Spinner<Integer> hash = onFx(() -> (Spinner<Integer>) d.getDialogPane().lookup("#option-Hash"));
        // Added now, it was sized to this machine (issue 19) rather than Stockfish's 16 MB.
        // ... and to how many engines run at once (issue 36): the panels open and a job's engine.
        java.util.Map<String, String> machine = org.kibitz.core.engines.EngineDefaults.suggested(added.declared(),
                org.kibitz.core.engines.EngineDefaults.Machine.current(), onFx(() -> ui.engineLoad()));
        assertEquals(machine, added.options());
        assertEquals(Integer.parseInt(machine.getOrDefault("Hash", "16")), (int) onFx(hash::getValue));
        assertTrue(onFx(() -> d.getDialogPane().lookup("#option-Clear_Hash") instanceof javafx.scene.control.Button));
        assertTrue(onFx(() -> d.getDialogPane().lookup("#option-Ponder") instanceof javafx.scene.control.CheckBox));
        runFx(() -> ((javafx.scene.control.Button) d.getDialogPane().lookup("#options-reset-all")).fire());
        assertEquals(16, (int) onFx(hash::getValue), "All defaults: the engine's own 16 MB");
        if (!machine.isEmpty()) {
            runFx(() -> ((javafx.scene.control.Button) d.getDialogPane().lookup("#options-machine")).fire());
            assertEquals(Integer.parseInt(machine.getOrDefault("Hash", "16")), (int) onFx(hash::getValue),
                    "For this machine: sized again");
        }
        runFx(() -> hash.getValueFactory().setValue(64));
        runFx(() -> {
            javafx.scene.control.ButtonType ok = d.getDialogPane().getButtonTypes().get(0);
            ((javafx.scene.control.Button) d.getDialogPane().lookupButton(ok)).fire();
        });
        java.util.Map<String, String> expected = new java.util.LinkedHashMap<>(machine);
        expected.put("Hash", "64");
        assertEquals(expected, onFx(() -> d.getResult()));
        runFx(() -> ((Stage) w.robot.lookup("#engine-manager").query().getScene().getWindow()).close());
    }

    @Test
    void aDeadEngineShowsItsErrorAndTheWindowStaysResponsive() throws Exception {
        open(fake("crash", 1000, "crash"));
        newChessGame();
        Responsiveness r = Responsiveness.watch();
        click("#analysis-toggle-1");
        waitUntil(() -> onFx(() -> w.robot.lookup("#analysis-error-1").query().isVisible()));
        String error = onFx(() -> ((Label) w.robot.lookup("#analysis-error-1").query()).getText());
        assertTrue(error.contains("3") && error.contains("Segmentation fault"), error);
        assertEquals("Start", onFx(() -> ((ToggleButton) w.robot.lookup("#analysis-toggle-1").query()).getText()));
        r.stop();
        assertTrue(r.worstMillis() < 1_000, "the FX thread answered within " + r.worstMillis() + " ms at worst");
    }

    @Test
    void anEngineThatHangsOnStopIsEndedWithoutFreezingTheWindow() throws Exception {
        open(fake("hang", 1500, "hang-on-stop"));
        newChessGame();
        click("#analysis-toggle-1");
        waitUntil(() -> !table("1").getItems().isEmpty());
        Responsiveness r = Responsiveness.watch();
        long stopMs = onFx(() -> {
            long t0 = System.nanoTime();
            ((ToggleButton) w.robot.lookup("#analysis-toggle-1").query()).fire();
            return (System.nanoTime() - t0) / 1_000_000;
        });
        assertTrue(stopMs < 200, "Stop returned at once (" + stopMs + " ms)");
        waitUntil(() -> onFx(() -> w.robot.lookup("#analysis-error-1").query().isVisible()));
        r.stop();
        String error = onFx(() -> ((Label) w.robot.lookup("#analysis-error-1").query()).getText());
        assertTrue(error.toLowerCase(java.util.Locale.ROOT).contains("stop"), error);
        assertTrue(r.worstMillis() < 1_000, "the FX thread answered within " + r.worstMillis() + " ms at worst");
    }

    /** How long the FX thread takes to run a task posted from outside, sampled every 10 ms. */
    static final class Responsiveness {
        private final List<Long> delays = new ArrayList<>();
        private volatile boolean running = true;
        private final Thread sampler;

        private Responsiveness() {
            sampler = new Thread(() -> {
                while (running) {
                    long t = System.nanoTime();
                    CompletableFuture<Void> done = new CompletableFuture<>();
                    Platform.runLater(() -> done.complete(null));
                    try {
                        done.get(10, TimeUnit.SECONDS);
                        Thread.sleep(10);
                    } catch (Exception e) {
                        // recorded as the time waited
                    }
                    synchronized (delays) {
                        delays.add((System.nanoTime() - t) / 1_000_000 - 10);
                    }
                }
            }, "fx-responsiveness");
            sampler.setDaemon(true);
        }

        static Responsiveness watch() {
            Responsiveness r = new Responsiveness();
            r.sampler.start();
            return r;
        }

        void stop() throws InterruptedException {
            running = false;
            sampler.join(15_000);
        }

        long worstMillis() {
            synchronized (delays) {
                return delays.stream().mapToLong(Long::longValue).max().orElse(0);
            }
        }
    }
}

package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.analysis.AnalysisState;
import org.kibitz.core.engines.EngineDefaults;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.testing.BusyMachine;
import org.kibitz.testing.FakeUciEngine;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.evaluate.EvaluateUi;
import org.kibitz.workbench.jobs.JobsUi;
import org.kibitz.workbench.play.PlayUi;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobState;
import org.kibitz.core.match.PlaySession;
import org.kibitz.core.match.PlayedGame;
import org.kibitz.core.match.TimeControl;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 36 in the window: the first start's offer says what engines get and why, and the engines
 * it adds start and analyse with those values; a start that takes long says what it waits for and
 * does not fail. Each with two CPU-bound loops beside it, as a user's machine has other work.
 */
@ExtendWith(FxStages.class)
class PatientEnginesTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;
    private EnginesUi ui;

    @AfterEach
    void close() {
        if (ui != null) {
            ui.close();
        }
    }

    /** Waits for what a start on a busy machine may take: tied to the waits the session itself allows. */
    private static void waitLong(BooleanSupplier condition) throws Exception {
        WaitForAsyncUtils.waitFor(3, TimeUnit.MINUTES, () -> onFx(condition::getAsBoolean));
    }

    private void newChessGame() {
        GamePlugin chess = w.game("chess");
        runFx(() -> w.document.newGame(chess, chess.startPosition()));
    }

    @SuppressWarnings("unchecked")
    private int rows(String panel) {
        return onFx(() -> ((TableView<Object>) w.robot.lookup("#analysis-lines-" + panel).query()).getItems().size());
    }

    /**
     * The first start as a new user meets it: the offer accepted as it is, then analysis, a batch
     * evaluation from the window and an engine game on the board, all with the engines the offer
     * added (their offered hash and threads). On an idle machine and with two CPU-bound loops beside
     * it, where the failures appeared.
     */
    @ParameterizedTest(name = "busy machine: {0}")
    @ValueSource(booleans = {false, true})
    void theFirstStartsDefaultsAreExplainedAcceptedAndAnalysisABatchAndAGameRun(boolean busyMachine) throws Exception {
        RealEngines.require("stockfish");
        w = WorkbenchFixture.open(home);
        ui = w.injector.getInstance(EnginesUi.class);
        // The loops start once the window is up: what is tested is the engines' start, not the window's.
        try (BusyMachine busy = busyMachine ? BusyMachine.start() : null) {
            WorkbenchFixture.waitUntil(() -> w.robot.lookup("#engine-offer").tryQuery().isPresent());
            EngineDefaults.Suggestion s = onFx(() -> ui.registry().suggestion());
            String reason = onFx(() -> ((Label) w.robot.lookup("#engine-offer-defaults").query()).getText());
            assertTrue(reason.contains("Threads " + s.threads()) && reason.contains("cores"), reason);
            assertTrue(s.hashMb() <= EngineDefaults.HASH_CAP_MB, "offered " + s.hashMb() + " MB");
            runFx(() -> ((javafx.scene.control.Button) w.robot.lookup("#engine-offer-add").query()).fire());
            waitLong(() -> w.robot.lookup("#engine-offer").tryQuery().isEmpty());
            EngineEntry sf = onFx(() -> ui.registry().entries().stream().filter(e -> e.name().startsWith("Stockfish"))
                    .findFirst().orElseThrow());
            String hash = s.hashMb() > 16 ? Long.toString(s.hashMb()) : null;
            assertEquals(hash, sf.options().get("Hash"), "the offered hash: " + sf.options());
            newChessGame();
            runFx(() -> ui.start("1"));
            waitLong(() -> rows("1") > 0 && ui.service().slot("1").state().status() == AnalysisState.Status.RUNNING);
            assertTrue(ui.service().slot("1").state().error().isEmpty());
            runFx(() -> ui.stop("1"));

            // A batch evaluation of a game, to a depth (a node limit would lower the hash for the batch).
            Path file = home.resolve("three-short-games.pgn");
            try (var in = EvaluateUiTest.class.getResourceAsStream("three-short-games.pgn")) {
                java.nio.file.Files.copy(in, file);
            }
            assertTrue(onFx(() -> w.files.open(file)).get(60, TimeUnit.SECONDS), "the file opens");
            EvaluateUi evaluate = w.injector.getInstance(EvaluateUi.class);
            EvaluateUi.Run batch = onFx(() -> evaluate.evaluate(EvaluateUi.Scope.GAME,
                    new EvaluateUi.Choice(java.util.List.of(sf), "depth", 8, 1, ""))).get(60, TimeUnit.SECONDS);
            JobResult<?> evaluated = batch.batch().handle().result().get(5, TimeUnit.MINUTES);
            assertEquals(JobState.COMPLETED, evaluated.state(), () -> evaluated.error().map(Throwable::toString).orElse(""));
            assertEquals(0, batch.batch().counts().failed(), "no position failed");
            assertTrue(batch.batch().counts().positions() > 0, "positions were searched");

            // An engine game on the board, Stockfish against itself at a second a move.
            PlayUi play = w.injector.getInstance(PlayUi.class);
            GamePlugin chess = w.game("chess");
            try {
                runFx(() -> play.start(new PlayUi.Setup(chess, java.util.Optional.of(sf), java.util.Optional.of(sf),
                        TimeControl.parse(Map.of("st", "1", "timemargin", "1000")), "", false)));
                waitLong(() -> play.sessionProperty().get() != null);
                waitLong(() -> w.document.tree().mainline().size() >= 4 || play.sessionProperty().get().over());
                PlaySession game = onFx(() -> play.sessionProperty().get());
                assertTrue(onFx(() -> w.document.tree().mainline().size()) >= 4,
                        "both engines moved twice: " + game.moves() + " " + game.result());
                assertTrue(game.result().map(r -> r.end() != PlayedGame.End.TIME_FORFEIT).orElse(true),
                        "no engine lost on time: " + game.result());
            } finally {
                runFx(play::stopGame);
                runFx(play::close);
            }
        }
    }

    /**
     * A batch whose engine's readyok comes 15 s late after its hash is set: the job's row is there
     * while the engine starts, says what it waits for, and the job then runs. Before, the engine was
     * started to learn its fingerprint before the job existed, and the Jobs pane showed nothing.
     */
    @ParameterizedTest(name = "busy machine: {0}")
    @ValueSource(booleans = {false, true})
    void aBatchWhoseEngineIsSlowToGetReadyShowsWhyInItsJobRowAndRuns(boolean busyMachine) throws Exception {
        EngineEntry slow = WorkbenchFixture.engine("slow", "Fake slow-hash", FakeUciEngine.command("slow-hash", "15000"),
                "uci", java.util.Set.of("chess")).withOptions(Map.of("Hash", "2048"));
        w = WorkbenchFixture.openWithEngines(home, slow);
        ui = w.injector.getInstance(EnginesUi.class);
        // One game of no moves: its one position is the start, the only one the fake's lines fit.
        Path file = home.resolve("start.pgn");
        java.nio.file.Files.writeString(file, "[Event \"start\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n*\n");
        assertTrue(onFx(() -> w.files.open(file)).get(60, TimeUnit.SECONDS), "the file opens");
        EvaluateUi evaluate = w.injector.getInstance(EvaluateUi.class);
        JobsUi jobs = w.injector.getInstance(JobsUi.class);
        EngineEntry entry = onFx(() -> evaluate.registry().byId("slow").orElseThrow());
        try (BusyMachine busy = busyMachine ? BusyMachine.start() : null) {
            long t0 = System.nanoTime();
            // A move time keeps the engine's hash as set (a node limit would lower it for the batch).
            EvaluateUi.Run batch = onFx(() -> evaluate.evaluate(EvaluateUi.Scope.GAME,
                    new EvaluateUi.Choice(java.util.List.of(entry), "movetime", 300, 1, ""))).get(60, TimeUnit.SECONDS);
            long number = batch.batch().handle().number();
            waitLong(() -> w.window.stage().getScene().lookup("#job-note-" + number) instanceof javafx.scene.control.Labeled l
                    && l.getText() != null && l.getText().contains("Allocating 2 GB of hash"));
            JobsUi.Row row = onFx(() -> jobs.rows().stream().filter(r -> r.job().number() == number).findFirst().orElseThrow());
            assertTrue(!onFx(() -> row.progress().state().finished()), "the job waits for its engine");
            JobResult<?> done = batch.batch().handle().result().get(5, TimeUnit.MINUTES);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(JobState.COMPLETED, done.state(), () -> done.error().map(Throwable::toString).orElse(""));
            assertTrue(ms >= 14_000, "the fake's readyok came after " + ms + " ms");
            assertEquals(0, batch.batch().counts().failed(), "the start position was searched");
            waitLong(() -> row.note().isEmpty());
        }
    }

    /**
     * A batch whose engine never gets ready: its row says in one line what was asked and how long was
     * waited, and its "Show log" opens the log at the job's lines.
     */
    @Test
    void aBatchWhoseEngineNeverGetsReadyFailsInOneLineWithTheLogAClickAway() throws Exception {
        EngineEntry hung = WorkbenchFixture.engine("hung", "Fake slow-hash", FakeUciEngine.command("slow-hash", "600000"),
                "uci", java.util.Set.of("chess")).withOptions(Map.of("Hash", "128"))
                .withTimeouts(new EngineEntry.Timeouts(20_000, 2_000, 1_000, 500, 500));
        w = WorkbenchFixture.openWithEngines(home, hung);
        ui = w.injector.getInstance(EnginesUi.class);
        Path file = home.resolve("start.pgn");
        java.nio.file.Files.writeString(file, "[Event \"start\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n*\n");
        assertTrue(onFx(() -> w.files.open(file)).get(60, TimeUnit.SECONDS), "the file opens");
        EvaluateUi evaluate = w.injector.getInstance(EvaluateUi.class);
        EngineEntry entry = onFx(() -> evaluate.registry().byId("hung").orElseThrow());
        EvaluateUi.Run batch = onFx(() -> evaluate.evaluate(EvaluateUi.Scope.GAME,
                new EvaluateUi.Choice(java.util.List.of(entry), "movetime", 300, 1, ""))).get(60, TimeUnit.SECONDS);
        long number = batch.batch().handle().number();
        JobResult<?> failed = batch.batch().handle().result().get(5, TimeUnit.MINUTES);
        assertEquals(JobState.FAILED, failed.state());
        runFx(() -> w.window.docking().open(JobsUi.PANE));
        // The row hears the job's end after the result is complete here: until then it may still show the wait.
        waitLong(() -> w.window.stage().getScene().lookup("#job-note-" + number) instanceof javafx.scene.control.Labeled l
                && l.getText() != null && l.getText().contains("did not answer isready"));
        String note = onFx(() -> ((javafx.scene.control.Labeled) w.window.stage().getScene().lookup("#job-note-" + number)).getText());
        assertTrue(note.contains("did not answer isready") && note.contains("asked to allocate 128 MB of hash")
                && note.contains("seconds"), note);
        assertEquals(1, note.lines().count(), note);
        assertTrue(!note.contains("option name"), note);
        w.robot.clickOn("#job-log-" + number);
        WorkbenchFixture.waitUntil(() -> w.window.docking().isOpen(EnginesUi.LOG_PANE));
        assertEquals(batch.batch().handle().label(), onFx(() -> ui.logJobProperty().get()), "the log is at the job's lines");
    }

    @Test
    void aStartWhoseReadyokComesFifteenSecondsLateAfterAHashChangeSaysWhyAndRuns() throws Exception {
        EngineEntry slow = WorkbenchFixture.engine("slow", "Fake slow-hash", FakeUciEngine.command("slow-hash", "15000"),
                "uci", java.util.Set.of("chess")).withOptions(Map.of("Hash", "2048"));
        w = WorkbenchFixture.openWithEngines(home, slow);
        ui = w.injector.getInstance(EnginesUi.class);
        try (BusyMachine busy = BusyMachine.start()) {
            newChessGame();
            long t0 = System.nanoTime();
            runFx(() -> ui.start("1"));
            waitLong(() -> ((Label) w.robot.lookup("#analysis-title-1").query()).getText().contains("Allocating 2 GB of hash"));
            waitLong(() -> rows("1") > 0);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 14_000, "the fake's readyok came after " + ms + " ms");
            AnalysisState st = onFx(() -> ui.service().slot("1").state());
            assertTrue(st.error().isEmpty(), () -> st.error().get().render());
            assertTrue(st.waiting().isEmpty(), "the status is cleared once it runs: " + st.waiting());
        }
    }

    /** Not a test of the window alone: a failed start's banner is one line with the log a click away. */
    @Test
    void aFailedStartSaysWhatWasAskedInOneLineWithTheLogAClickAway() throws Exception {
        EngineEntry hung = WorkbenchFixture.engine("hung", "Fake slow-hash", FakeUciEngine.command("slow-hash", "600000"),
                "uci", java.util.Set.of("chess")).withOptions(Map.of("Hash", "128"))
                .withTimeouts(new EngineEntry.Timeouts(20_000, 2_000, 1_000, 500, 500));
        w = WorkbenchFixture.openWithEngines(home, hung);
        ui = w.injector.getInstance(EnginesUi.class);
        newChessGame();
        runFx(() -> ui.start("1"));
        waitLong(() -> w.robot.lookup("#analysis-error-1").query().isVisible()
                && !((Label) w.robot.lookup("#analysis-error-1").query()).getText().isEmpty());
        String error = onFx(() -> ((Label) w.robot.lookup("#analysis-error-1").query()).getText());
        assertTrue(error.contains("did not answer isready") && error.contains("asked to allocate 128 MB of hash"), error);
        assertEquals(1, error.lines().count(), error);
        assertTrue(!error.contains("option name"), error);
        runFx(() -> ((javafx.scene.control.Hyperlink) w.robot.lookup("#analysis-show-log-1").query()).fire());
        WorkbenchFixture.waitUntil(() -> w.window.docking().isOpen(EnginesUi.LOG_PANE));
    }
}

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

    @Test
    void theFirstStartsDefaultsAreExplainedAcceptedAndAnalysisRuns() throws Exception {
        RealEngines.require("stockfish");
        w = WorkbenchFixture.open(home);
        ui = w.injector.getInstance(EnginesUi.class);
        // The loops start once the window is up: what is tested is the engines' start, not the window's.
        try (BusyMachine busy = BusyMachine.start()) {
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
        }
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

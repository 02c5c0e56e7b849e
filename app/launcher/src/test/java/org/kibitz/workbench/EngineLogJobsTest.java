package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.analysis.EngineLog;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobState;
import org.kibitz.testing.FakeUciEngine;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.engines.EngineLogPane;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.evaluate.EvaluateUi;
import org.kibitz.workbench.jobs.JobsUi;
import org.kibitz.workbench.match.MatchDialog;
import org.kibitz.workbench.match.MatchSetup;
import org.kibitz.workbench.match.MatchUi;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 36: the engine log pane shows the engines of every face, not only the analysis panels': a
 * batch evaluation's and a match's engines are listed by job, the job filter shows one job's lines,
 * and a failed job's row in the Jobs pane opens the log at that job.
 */
@ExtendWith(FxStages.class)
class EngineLogJobsTest {

    @TempDir
    Path home;

    private static EngineLogPane logPane(WorkbenchFixture w) {
        runFx(() -> w.window.docking().open(EnginesUi.LOG_PANE));
        waitUntil(() -> w.window.stage().getScene().lookup("#engine-log-pane") != null);
        return (EngineLogPane) onFx(() -> w.window.stage().getScene().lookup("#engine-log-pane"));
    }

    @Test
    void theLogPaneListsTheBatchAndTheMatchEnginesByJobAndAFailedJobOffersItsLog() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home, WorkbenchFixture.engine("stockfish", "Stockfish",
                        List.of(RealEngines.require("stockfish")), "uci", java.util.Set.of("chess")),
                WorkbenchFixture.engine("crash", "Crasher", FakeUciEngine.command("crash"), "uci", java.util.Set.of("chess")));
        Path file = home.resolve("three-short-games.pgn");
        try (var in = EvaluateUiTest.class.getResourceAsStream("three-short-games.pgn")) {
            java.nio.file.Files.copy(in, file);
        }
        assertTrue(onFx(() -> w.files.open(file)).get(20, TimeUnit.SECONDS), "the file opens");

        // A batch evaluation of the game on the board.
        EvaluateUi evaluate = w.injector.getInstance(EvaluateUi.class);
        EngineEntry sf = onFx(() -> evaluate.registry().byId("stockfish").orElseThrow());
        EvaluateUi.Run batch = onFx(() -> evaluate.evaluate(EvaluateUi.Scope.GAME,
                new EvaluateUi.Choice(List.of(sf), "nodes", 2000, 1, ""))).get(60, TimeUnit.SECONDS);
        assertEquals(JobState.COMPLETED, batch.batch().handle().result().get(120, TimeUnit.SECONDS).state());
        String batchJob = batch.batch().handle().label();

        // A one-game match: Stockfish against the built-in engine.
        MatchUi match = w.injector.getInstance(MatchUi.class);
        MatchSetup setup = onFx(() -> {
            MatchDialog d = new MatchDialog(match);
            d.check("stockfish", true);
            d.check(EngineEntry.BUILTIN_ID, true);
            MatchSetup s = d.setup();
            return new MatchSetup("chess", s.engines(), false, "", "", "500", "2", 1, 1, true, "", 0, "sequential",
                    "", 1, 60, 0, 0, 0, 0, 0, true, 0, 5, 0.05, 0.05, "", false);
        });
        MatchUi.Run game = onFx(() -> match.start(setup)).get(60, TimeUnit.SECONDS);
        JobResult<?> played = game.handle().result().get(180, TimeUnit.SECONDS);
        assertEquals(JobState.COMPLETED, played.state(), played.failures().toString());
        String matchJob = game.handle().label();

        EngineLogPane pane = logPane(w);
        List<String> jobs = onFx(pane::jobChoices);
        assertTrue(jobs.contains(batchJob) && jobs.contains(matchJob), "the filter lists both jobs: " + jobs);
        List<EngineLog.Entry> all = onFx(pane::shownLines);
        assertTrue(all.stream().anyMatch(e -> e.job().equals(batchJob) && e.engine().equals("Stockfish")
                && e.text().startsWith("go nodes 2000")), "the batch's searches, by job and engine");
        assertTrue(all.stream().anyMatch(e -> e.job().equals(matchJob) && e.text().equals("ucinewgame")),
                "the match's engines, by job");
        List<String> matchEngines = all.stream().filter(e -> e.job().equals(matchJob)).map(EngineLog.Entry::engine)
                .distinct().sorted().toList();
        assertEquals(2, matchEngines.size(), "both players of the match: " + matchEngines);

        // Filtered to the match: only its lines.
        runFx(() -> pane.showJob(matchJob));
        WaitForAsyncUtils.waitForFxEvents();
        List<EngineLog.Entry> shown = onFx(pane::shownLines);
        assertTrue(!shown.isEmpty() && shown.stream().allMatch(e -> e.job().equals(matchJob)), "the match's lines only");
        runFx(() -> pane.showJob(""));

        // A job whose engine crashes: its row offers "show log", which opens the log at that job.
        EngineEntry crash = onFx(() -> evaluate.registry().byId("crash").orElseThrow());
        EvaluateUi.Run failing = onFx(() -> evaluate.evaluate(EvaluateUi.Scope.GAME,
                new EvaluateUi.Choice(List.of(crash), "nodes", 2000, 1, ""))).get(60, TimeUnit.SECONDS);
        JobResult<?> failed = failing.batch().handle().result().get(120, TimeUnit.SECONDS);
        assertTrue(failed.state() == JobState.FAILED || !failed.failures().isEmpty() || failing.batch().counts().failed() > 0,
                "the crashing engine's job failed: " + failed.state());
        String failedJob = failing.batch().handle().label();
        long number = failing.batch().handle().number();
        runFx(() -> w.window.docking().open(JobsUi.PANE));
        waitUntil(() -> w.window.stage().getScene().lookup("#job-log-" + number) != null);
        w.robot.clickOn("#job-log-" + number);
        WaitForAsyncUtils.waitForFxEvents();
        EngineLogPane again = logPane(w);
        waitUntil(() -> !again.shownLines().isEmpty());
        List<EngineLog.Entry> crashLines = onFx(again::shownLines);
        assertTrue(crashLines.stream().allMatch(e -> e.job().equals(failedJob)), "the failed job's lines only");
        assertTrue(crashLines.stream().anyMatch(e -> e.direction() == org.kibitz.api.engine.EngineEvent.Direction.STDERR
                && e.text().contains("Segmentation fault")), "what the engine said as it died: " + crashLines);
    }
}

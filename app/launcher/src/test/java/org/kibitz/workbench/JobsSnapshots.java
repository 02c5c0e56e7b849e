package org.kibitz.workbench;

import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.core.jobs.Job;
import org.kibitz.core.jobs.JobContext;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobObserver;
import org.kibitz.core.jobs.JobOptions;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.workbench.jobs.JobsUi;

/**
 * Pictures of the Jobs pane and the status bar with jobs running, cancelled and done, in English and
 * Chinese, written to {@code KIBITZ_SNAPSHOTS} (default /tmp/kibitz-snapshots) for a person to look at.
 * Not run by the build ({@code -Dtest=JobsSnapshots}).
 */
@ExtendWith(FxStages.class)
class JobsSnapshots {

    @TempDir
    Path home;

    private record Gated(String name, int count, Semaphore permits) implements Job<Integer, Integer> {
        public String kind() {
            return "gated";
        }

        public Map<String, String> parameters() {
            return Map.of();
        }

        public List<Integer> items() {
            return IntStream.range(0, count).boxed().toList();
        }

        public String id(Integer item) {
            return "i" + item;
        }

        public Integer run(Integer item, JobContext context) throws InterruptedException {
            while (!permits.tryAcquire(10, TimeUnit.MILLISECONDS)) {
                context.checkCancelled();
            }
            Thread.sleep(20);
            return item;
        }

        public Class<Integer> resultType() {
            return Integer.class;
        }
    }

    @Test
    void jobsPaneAndStatusBar() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.open(home);
        JobRunner runner = w.injector.getInstance(JobRunner.class);
        runFx(() -> w.window.docking().open(JobsUi.PANE));
        Semaphore all = new Semaphore(1000);
        JobHandle<Integer, Integer> done = runner.submit(new Gated("perft perft.epd", 41, all), JobOptions.DEFAULT, new JobObserver<>() { });
        done.result().get(30, TimeUnit.SECONDS);
        Semaphore some = new Semaphore(0);
        JobHandle<Integer, Integer> cancelled = runner.submit(new Gated("evaluate games.pgn (stockfish)", 500, some),
                JobOptions.DEFAULT, new JobObserver<>() { });
        some.release(120);
        waitUntil(() -> cancelled.progress().done() == 120);
        cancelled.cancel();
        cancelled.result().get(30, TimeUnit.SECONDS);
        Semaphore slow = new Semaphore(0);
        JobHandle<Integer, Integer> running = runner.submit(new Gated("match stockfish - fairy-stockfish", 200, slow),
                JobOptions.DEFAULT.withParallelism(2), new JobObserver<>() { });
        for (int i = 0; i < 15; i++) {
            slow.release(5);
            Thread.sleep(150);
        }
        waitUntil(() -> running.progress().done() == 75);
        Thread.sleep(400);
        w.snapshot("jobs-en");
        runFx(() -> w.window.i18n().localeProperty().set(Locale.SIMPLIFIED_CHINESE));
        w.snapshot("jobs-zh");
        running.cancel();
    }
}

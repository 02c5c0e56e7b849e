package org.kibitz.core.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobRunnerTest {

    /** A clock the test moves: items "take" the time the job adds. */
    private static final class FakeClock {
        final AtomicLong nanos = new AtomicLong(1_000_000_000L);

        long now() {
            return nanos.get();
        }

        void advance(Duration d) {
            nanos.addAndGet(d.toNanos());
        }
    }

    @Test
    void aSameThreadRunnerDoesTheItemsInOrderAndGivesEveryResult() throws Exception {
        SquaresJob job = new SquaresJob(25, 7);
        try (JobRunner runner = JobRunner.sameThread()) {
            JobHandle<Integer, SquaresJob.Value> h = runner.submit(job);
            assertTrue(h.result().isDone(), "done inside submit");
            JobResult<SquaresJob.Value> r = h.await();
            assertEquals(JobState.COMPLETED, r.state());
            assertEquals(JobRunnerTest.range(25), List.copyOf(job.ran));
            assertEquals(25, r.results().size());
            assertEquals(SquaresJob.value(13, 7), r.results().get("item-13"));
            assertEquals("item-0", r.results().keySet().iterator().next(), "results in item order");
        }
    }

    @Test
    void rateAndEtaFollowTheClockOverTheWindow() throws Exception {
        FakeClock clock = new FakeClock();
        List<Progress> heard = new ArrayList<>();
        // Each item takes 2 s: 0.5 items/s, and the ETA is 2 s per item left.
        SquaresJob job = new SquaresJob(10, 1, 0, Set.of(), Optional.empty(), i -> clock.advance(Duration.ofSeconds(2)));
        try (JobRunner runner = JobRunner.sameThread(clock::now, Duration.ZERO)) {
            runner.submit(job, JobOptions.DEFAULT, new JobObserver<>() {
                @Override
                public void progress(Progress p) {
                    heard.add(p);
                }
            }).await();
        }
        Progress first = heard.get(0);
        assertEquals(JobState.RUNNING, first.state());
        assertEquals(0, first.done());
        assertEquals(Optional.empty(), first.eta(), "no rate yet, no ETA");
        Progress fourth = heard.stream().filter(p -> p.done() == 4).findFirst().orElseThrow();
        assertEquals(0.5, fourth.itemsPerSecond(), 1e-9);
        assertEquals(Optional.of(Duration.ofSeconds(12)), fourth.eta());
        assertEquals(Duration.ofSeconds(8), fourth.elapsed());
        Progress last = heard.get(heard.size() - 1);
        assertEquals(JobState.COMPLETED, last.state());
        assertEquals(10, last.done());
        assertEquals(1.0, last.fraction());
        assertEquals(Optional.of(Duration.ZERO), last.eta());
    }

    @Test
    void theRateForgetsWhatIsOlderThanTheWindow() {
        ProgressMeter meter = new ProgressMeter(0, Duration.ofSeconds(10));
        for (int s = 1; s <= 10; s++) {
            meter.finished(s * 1_000_000_000L); // 1 item/s for 10 s
        }
        assertEquals(1.0, meter.rate(10_000_000_000L), 1e-9);
        meter.finished(20_000_000_000L); // then one item in the next 10 s
        assertEquals(0.1, meter.rate(20_000_000_000L), 1e-9);
        assertEquals(Optional.of(Duration.ofSeconds(50)), meter.eta(20_000_000_000L, 5));
    }

    @Test
    void progressGoesOutAtABoundedRateButAlwaysAtStartAndEnd() throws Exception {
        FakeClock clock = new FakeClock();
        List<Progress> heard = new ArrayList<>();
        SquaresJob job = new SquaresJob(100, 1, 0, Set.of(), Optional.empty(), i -> clock.advance(Duration.ofMillis(50)));
        try (JobRunner runner = JobRunner.sameThread(clock::now, Duration.ofSeconds(1))) {
            runner.submit(job, JobOptions.DEFAULT, new JobObserver<>() {
                @Override
                public void progress(Progress p) {
                    heard.add(p);
                }
            }).await();
        }
        // 5 s of work told at most once a second, plus the start and the end.
        assertTrue(heard.size() >= 3 && heard.size() <= 7, heard.size() + " reports");
        assertEquals(0, heard.get(0).done());
        assertEquals(100, heard.get(heard.size() - 1).done());
    }

    @Test
    void aFailingItemIsCountedAndTheOthersGoOn() throws Exception {
        SquaresJob job = new SquaresJob(6, 3, 0, Set.of(2, 4), Optional.empty(), i -> { });
        List<Integer> failedHeard = new ArrayList<>();
        try (JobRunner runner = JobRunner.sameThread()) {
            JobHandle<Integer, SquaresJob.Value> h = runner.submit(job, JobOptions.DEFAULT, new JobObserver<>() {
                @Override
                public void itemFailed(Integer item, Throwable error) {
                    failedHeard.add(item);
                }
            });
            JobResult<SquaresJob.Value> r = h.await();
            assertEquals(JobState.COMPLETED, r.state());
            assertFalse(r.complete());
            assertEquals(Set.of("item-0", "item-1", "item-3", "item-5"), r.results().keySet());
            assertEquals("item 2 fails on purpose", r.failures().get("item-2"));
            assertEquals(List.of(2, 4), failedHeard);
            assertEquals(2, h.progress().failed());
        }
    }

    @Test
    void cancelledMidwayTheJobEndsCancelledAndItsJournalHoldsExactlyTheDoneItems(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("j.jsonl");
        CountDownLatch fiveDone = new CountDownLatch(5);
        SquaresJob job = new SquaresJob(200, 5, 10, Set.of(), Optional.empty(), i -> { });
        JobResult<SquaresJob.Value> r;
        try (JobRunner runner = JobRunner.threaded(3)) {
            JobHandle<Integer, SquaresJob.Value> h = runner.submit(job, JobOptions.DEFAULT.withJournal(journal, false),
                    new JobObserver<>() {
                        @Override
                        public void itemDone(Integer item, SquaresJob.Value v, boolean fromJournal) {
                            fiveDone.countDown();
                        }
                    });
            assertTrue(fiveDone.await(60, TimeUnit.SECONDS));
            h.cancel();
            r = h.result().get(60, TimeUnit.SECONDS);
            assertEquals(JobState.CANCELLED, h.progress().state());
        }
        assertEquals(JobState.CANCELLED, r.state());
        assertTrue(r.results().size() >= 5 && r.results().size() < 200, r.results().size() + " done");
        List<String> lines = Files.readAllLines(journal);
        Set<String> journaled = new HashSet<>();
        for (String l : lines.subList(1, lines.size())) {
            assertTrue(journaled.add(JobJournal.JSON.readTree(l).get("id").asText()), "each item once: " + l);
        }
        assertEquals(r.results().keySet(), journaled, "the journal says exactly which items are done");

        // Resumed, the rest is done and nothing twice.
        SquaresJob again = new SquaresJob(200, 5);
        try (JobRunner runner = JobRunner.sameThread()) {
            JobResult<SquaresJob.Value> rest = runner.submit(again, JobOptions.DEFAULT.withJournal(journal, true),
                    new JobObserver<>() { }).await();
            assertEquals(JobState.COMPLETED, rest.state());
            assertEquals(200, rest.results().size());
            assertEquals(r.results().size(), rest.resumed());
            assertEquals(200 - r.results().size(), again.ran.size());
            assertTrue(again.ran.stream().noneMatch(i -> journaled.contains("item-" + i)));
            for (int i = 0; i < 200; i++) {
                assertEquals(SquaresJob.value(i, 5), rest.results().get("item-" + i));
            }
        }
    }

    @Test
    void cancelNowInterruptsItemsInFlightAndDoesNotKeepThem() throws Exception {
        CountDownLatch started = new CountDownLatch(2);
        SquaresJob job = new SquaresJob(4, 1, 600_000, Set.of(), Optional.empty(), i -> started.countDown());
        try (JobRunner runner = JobRunner.threaded(2)) {
            JobHandle<Integer, SquaresJob.Value> h = runner.submit(job, JobOptions.DEFAULT, new JobObserver<>() { });
            assertTrue(started.await(60, TimeUnit.SECONDS));
            h.cancelNow();
            JobResult<SquaresJob.Value> r = h.result().get(60, TimeUnit.SECONDS);
            assertEquals(JobState.CANCELLED, r.state());
            assertEquals(0, r.results().size());
            assertEquals(0, r.failures().size(), "an interrupted item is not a failure");
        }
    }

    @Test
    void runnerThreadsAreNamedDaemonsAndListenersHearEveryJob() throws Exception {
        AtomicReference<Thread> worker = new AtomicReference<>();
        List<Long> jobsHeard = new CopyOnWriteArrayList<>();
        SquaresJob job = new SquaresJob(3, 1, 0, Set.of(), Optional.empty(), i -> worker.set(Thread.currentThread()));
        try (JobRunner runner = JobRunner.threaded(1)) {
            runner.subscribe((h, p) -> jobsHeard.add(h.number()));
            JobHandle<Integer, SquaresJob.Value> h = runner.submit(job);
            assertEquals(JobState.COMPLETED, h.result().get(60, TimeUnit.SECONDS).state());
            assertTrue(worker.get().getName().startsWith("kibitz-job-"), worker.get().getName());
            assertTrue(worker.get().isDaemon());
            assertTrue(jobsHeard.contains(h.number()));
            assertEquals(List.of(h), runner.jobs());
            assertEquals(0, runner.running());
        }
    }

    /**
     * A job that gets ready on its own thread (a batch starting its engines): listed STARTING before
     * that, labelled with itself meanwhile (its engines' log lines), FAILED with why when it cannot
     * get ready, CANCELLED when stopped meanwhile.
     */
    @Test
    void aJobIsListedWhileItGetsReadyAndEndsAsItsPreparationDid() throws Exception {
        CountDownLatch preparing = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        AtomicReference<String> labelWhilePreparing = new AtomicReference<>();
        List<JobState> heard = new CopyOnWriteArrayList<>();
        try (JobRunner runner = JobRunner.threaded(1)) {
            runner.subscribe((h, p) -> heard.add(p.state()));
            JobHandle<Integer, SquaresJob.Value> h = runner.submit(new DelegatingJob(new SquaresJob(3, 1)) {
                @Override
                public void prepare(JobContext context) throws Exception {
                    labelWhilePreparing.set(JobRunner.currentJob().orElse(""));
                    preparing.countDown();
                    assertTrue(go.await(60, TimeUnit.SECONDS));
                }
            });
            assertTrue(preparing.await(60, TimeUnit.SECONDS));
            assertEquals(List.of(JobState.STARTING), heard, "listed before it is ready");
            assertEquals(h.label(), labelWhilePreparing.get());
            go.countDown();
            assertEquals(JobState.COMPLETED, h.result().get(60, TimeUnit.SECONDS).state());
            assertEquals(JobState.COMPLETED, heard.get(heard.size() - 1));

            JobResult<SquaresJob.Value> failed = runner.submit(new DelegatingJob(new SquaresJob(3, 1)) {
                @Override
                public void prepare(JobContext context) throws Exception {
                    throw new java.io.IOException("the engine did not start");
                }
            }).result().get(60, TimeUnit.SECONDS);
            assertEquals(JobState.FAILED, failed.state());
            assertEquals("the engine did not start", failed.error().orElseThrow().getMessage());

            CountDownLatch waiting = new CountDownLatch(1);
            JobHandle<Integer, SquaresJob.Value> stopped = runner.submit(new DelegatingJob(new SquaresJob(3, 1)) {
                @Override
                public void prepare(JobContext context) throws Exception {
                    waiting.countDown();
                    Thread.sleep(60_000);
                }
            });
            assertTrue(waiting.await(60, TimeUnit.SECONDS));
            stopped.cancelNow();
            JobResult<SquaresJob.Value> r = stopped.result().get(60, TimeUnit.SECONDS);
            assertEquals(JobState.CANCELLED, r.state(), String.valueOf(r.error()));
            assertEquals(0, r.results().size());
        }
    }

    @Test
    void aJobWhoseItemsShareAnIdFailsClearly() throws Exception {
        Job<Integer, SquaresJob.Value> job = new DelegatingJob(new SquaresJob(3, 1)) {
            @Override
            public String id(Integer item) {
                return "same";
            }
        };
        try (JobRunner runner = JobRunner.sameThread()) {
            JobResult<SquaresJob.Value> r = runner.submit(job).await();
            assertEquals(JobState.FAILED, r.state());
            assertTrue(r.error().orElseThrow().getMessage().contains("two items have the id same"), r.error().toString());
        }
    }

    static List<Integer> range(int n) {
        return JobResumeAfterKillTest.range(n);
    }

    /** A job that forwards everything to another, for tests that change one part. */
    static class DelegatingJob implements Job<Integer, SquaresJob.Value> {
        private final Job<Integer, SquaresJob.Value> inner;

        DelegatingJob(Job<Integer, SquaresJob.Value> inner) {
            this.inner = inner;
        }

        @Override
        public String kind() {
            return inner.kind();
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public java.util.Map<String, String> parameters() {
            return inner.parameters();
        }

        @Override
        public List<Integer> items() {
            return inner.items();
        }

        @Override
        public String id(Integer item) {
            return inner.id(item);
        }

        @Override
        public SquaresJob.Value run(Integer item, JobContext context) throws Exception {
            return inner.run(item, context);
        }

        @Override
        public Class<SquaresJob.Value> resultType() {
            return inner.resultType();
        }
    }
}

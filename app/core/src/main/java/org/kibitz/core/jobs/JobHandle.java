package org.kibitz.core.jobs;

import java.util.concurrent.CompletableFuture;

/** A submitted job: its progress now, a way to stop it, and its result to come. */
public interface JobHandle<I, R> {

    /** The job's number in its runner, from 1. */
    long number();

    Job<I, R> job();

    /**
     * How the engine log labels the lines of this job's engines: its name and number
     * ({@code games.pgn #3}), the same in the log pane's job filter and its "show log".
     */
    default String label() {
        return label(job().name(), number());
    }

    /** The label of job {@code number} named {@code name}. */
    static String label(String name, long number) {
        return name + " #" + number;
    }

    /** The latest progress. */
    Progress progress();

    /**
     * Asks the job to stop: no new item is started, items in flight finish (and are journaled) or give
     * up through {@link JobContext#cancelled()}; the job then ends CANCELLED. Does nothing once it ended.
     */
    void cancel();

    /** Whether {@link #cancel()} or {@link #cancelNow()} was called (the job may still be finishing items). */
    boolean cancelRequested();

    /** As {@link #cancel()}, and also interrupts the threads doing items; an interrupted item is not kept. */
    void cancelNow();

    /** The result, completed when the job ends (never exceptionally: a failed job is a FAILED result). */
    CompletableFuture<JobResult<R>> result();

    /** Waits for the end. */
    default JobResult<R> await() throws InterruptedException {
        try {
            return result().get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("job results never fail", e);
        }
    }
}

package org.kibitz.core.jobs;

import java.time.Duration;
import java.util.Optional;

/**
 * How far a job is, at one moment.
 *
 * @param job           the job's number in its runner
 * @param name          the job's name
 * @param state         where the job is
 * @param total         how many items the job has
 * @param done          items done, including those taken from the journal
 * @param failed        items that failed (not in {@code done})
 * @param resumed       items of {@code done} taken from the journal of an earlier run
 * @param itemsPerSecond items done per second over the last {@link ProgressMeter#WINDOW}; 0 before the first
 * @param eta           the time left at that rate; empty while there is no rate, or when finished
 * @param elapsed       time since this run started
 */
public record Progress(long job, String name, JobState state, int total, int done, int failed, int resumed,
                       double itemsPerSecond, Optional<Duration> eta, Duration elapsed) {

    /** Items not yet done or failed. */
    public int remaining() {
        return Math.max(0, total - done - failed);
    }

    /** Done and failed items as a fraction of all, 0 to 1 (1 for a job of no items). */
    public double fraction() {
        return total == 0 ? 1.0 : (double) (done + failed) / total;
    }
}

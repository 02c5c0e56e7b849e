package org.kibitz.core.jobs;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * What a job gave when it ended.
 *
 * @param state    COMPLETED, CANCELLED or FAILED
 * @param results  the result of each done item by id, in item order (those taken from the journal included)
 * @param failures why each failed item failed, by id, in item order
 * @param resumed  how many results were taken from the journal
 * @param elapsed  how long this run took
 * @param error    why the job failed, when {@code state} is FAILED
 */
public record JobResult<R>(JobState state, Map<String, R> results, Map<String, String> failures, int resumed,
                           Duration elapsed, Optional<Throwable> error) {

    public JobResult {
        results = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(results));
        failures = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(failures));
    }

    /** Every item done, none failed. */
    public boolean complete() {
        return state == JobState.COMPLETED && failures.isEmpty();
    }
}

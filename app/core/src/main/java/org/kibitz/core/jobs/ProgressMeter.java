package org.kibitz.core.jobs;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Optional;

/**
 * Items per second over a sliding window, and the time left at that rate. Not thread-safe: the runner
 * calls it under its lock. Times are nanoseconds of the runner's clock, so a test can drive it.
 */
public final class ProgressMeter {

    /**
     * The rate is measured over this much of the recent past: long enough that items of uneven cost
     * average out, short enough that the ETA follows a change of pace (an engine slowing down).
     */
    public static final Duration WINDOW = Duration.ofSeconds(30);

    private final long windowNanos;
    private final long startNanos;
    private final ArrayDeque<Long> finishes = new ArrayDeque<>();

    public ProgressMeter(long startNanos) {
        this(startNanos, WINDOW);
    }

    public ProgressMeter(long startNanos, Duration window) {
        this.startNanos = startNanos;
        this.windowNanos = window.toNanos();
    }

    /** An item finished (done or failed) at {@code nanos}. */
    public void finished(long nanos) {
        finishes.addLast(nanos);
        drop(nanos);
    }

    /**
     * Items per second over the window ending at {@code nanos}; while the run is younger than the
     * window, over the run so far. 0 before any time has passed.
     */
    public double rate(long nanos) {
        drop(nanos);
        long from = Math.max(startNanos, nanos - windowNanos);
        long span = nanos - from;
        return span <= 0 ? 0 : finishes.size() * 1e9 / span;
    }

    /** The time {@code remaining} items take at the rate at {@code nanos}; empty without a rate. */
    public Optional<Duration> eta(long nanos, int remaining) {
        if (remaining == 0) {
            return Optional.of(Duration.ZERO);
        }
        double rate = rate(nanos);
        return rate <= 0 ? Optional.empty() : Optional.of(Duration.ofNanos((long) (remaining / rate * 1e9)));
    }

    private void drop(long nanos) {
        while (!finishes.isEmpty() && finishes.peekFirst() <= nanos - windowNanos) {
            finishes.removeFirst();
        }
    }
}

package org.kibitz.api.engine;

import java.time.Duration;

/**
 * The named waits of a session. Every wait on an engine uses one of these, so a silent engine is
 * reported after a known time, never waited on forever.
 *
 * @param handshake from start to {@code uciok}/{@code ucciok}/{@code done=1}
 * @param ready     for {@code readyok}/{@code pong} after a command
 * @param stop      for the best move after {@code stop}
 * @param quit      for the process to end after {@code quit}
 * @param kill      for the process to end after it is killed
 */
public record EngineTimeouts(Duration handshake, Duration ready, Duration stop, Duration quit, Duration kill) {

    public static final EngineTimeouts DEFAULT = new EngineTimeouts(
            Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(3), Duration.ofSeconds(1), Duration.ofSeconds(2));

    /** Every timeout multiplied by {@code factor} (slow machines, engines that load big networks). */
    public EngineTimeouts scaled(double factor) {
        return new EngineTimeouts(scale(handshake, factor), scale(ready, factor), scale(stop, factor),
                scale(quit, factor), scale(kill, factor));
    }

    private static Duration scale(Duration d, double factor) {
        return Duration.ofNanos(Math.round(d.toNanos() * factor));
    }
}

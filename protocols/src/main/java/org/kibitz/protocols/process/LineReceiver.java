package org.kibitz.protocols.process;

import java.time.Instant;
import org.kibitz.api.engine.EngineEvent.Direction;
import org.kibitz.api.engine.EngineExit;

/**
 * Where a {@link LineChannel} delivers what the engine writes. Called from the channel's reader
 * threads (one per stream, so possibly two at once); {@link #onEnd} comes once, after every line.
 */
public interface LineReceiver {

    /** One line the engine wrote on stdout ({@link Direction#FROM_ENGINE}) or stderr ({@link Direction#STDERR}). */
    void onLine(Direction direction, String text, Instant time);

    /**
     * The lines that follow, up to {@link #onBatchEnd}, came in one read of the engine's output
     * (they arrived together; more may follow at once). A channel that never calls this delivers
     * each line on its own. Called by the stdout reader only.
     */
    default void onBatchStart() {
    }

    /**
     * Every line of the read announced by {@link #onBatchStart} was delivered: a receiver that held
     * lines back to keep only the latest of a kind hands them on now, so nothing waits for the
     * engine's next write.
     */
    default void onBatchEnd() {
    }

    /** The engine's output ended and the process is gone (or never was). */
    void onEnd(EngineExit exit);
}

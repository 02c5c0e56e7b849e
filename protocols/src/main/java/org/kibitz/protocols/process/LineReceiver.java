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

    /** The engine's output ended and the process is gone (or never was). */
    void onEnd(EngineExit exit);
}

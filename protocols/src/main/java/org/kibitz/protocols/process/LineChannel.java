package org.kibitz.protocols.process;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.kibitz.api.engine.EngineExit;

/**
 * An engine as a protocol sees it: a stream of lines in each direction and an end. The launcher
 * ({@link EngineProcess}) owns the process behind it; tests use a scripted channel with no process.
 */
public interface LineChannel {

    /** Starts delivering the engine's lines to {@code receiver}; call once, before the first {@link #send}. */
    void start(LineReceiver receiver);

    /** Queues one line (without its line end) for the engine. Never blocks on the engine; ignored once it ended. */
    void send(String line);

    /**
     * Queues {@code lines} (each without its line end) for the engine, in order, written together where
     * the channel can (one write to a process's pipe: the engine wakes once for them). As {@link #send(String)}.
     */
    default void send(java.util.List<String> lines) {
        for (String l : lines) {
            send(l);
        }
    }

    /** Notes that the engine is about to be asked to end, so its exit counts as requested. */
    void expectExit();

    /**
     * Ends the engine: politely (SIGTERM) first, then forcibly after {@code grace}, with every process
     * it started. Returns without waiting for the end; {@link #exit()} completes when it has ended.
     */
    void terminate(Duration grace);

    /** Completes when the engine has ended and its last line and {@link LineReceiver#onEnd} were delivered. */
    CompletableFuture<EngineExit> exit();

    /** The engine's command line, for messages. */
    String describe();

    /**
     * The processor time the engine (and every process it started) has used so far, when the
     * platform tells: a wait that runs out while this still rises is waiting on an engine at work
     * (allocating its hash, loading a network), not on a hung one. Empty when unknown.
     */
    default java.util.Optional<Duration> cpuTime() {
        return java.util.Optional.empty();
    }

    /**
     * The shortest round trip measured to an engine on another machine ({@code isready} to
     * {@code readyok}); empty for a local engine (decision 0032).
     */
    default java.util.Optional<Duration> roundTrip() {
        return java.util.Optional.empty();
    }
}

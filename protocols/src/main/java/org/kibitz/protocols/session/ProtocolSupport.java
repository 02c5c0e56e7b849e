package org.kibitz.protocols.session;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineExit;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.protocols.ProtocolMessages;
import org.kibitz.protocols.process.EngineProcess;
import org.kibitz.protocols.process.LineChannel;

/** Opening and probing, the same for every protocol: start the process, shake hands, clean up on failure. */
public final class ProtocolSupport {

    /** Makes a protocol's session on a started channel. */
    @FunctionalInterface
    public interface SessionFactory<S extends EngineSessionBase> {
        S create(EngineConfig config, LineChannel channel);
    }

    /**
     * How many more starts an engine silent at its start gets. GNU Chess 6 hangs at about one start
     * in twenty, so with one retry the analysis of a single position, which starts the engine for
     * the probe and again for the session, failed about once in forty.
     */
    public static final int SILENT_START_RETRIES = 2;

    private ProtocolSupport() {
    }

    /**
     * Starts the engine and completes the handshake with {@code listener} (if not null) attached
     * first, so it hears every line from the start; the process is ended again if that fails.
     *
     * @param retrySilentStart whether an engine that has not said a word by the end of its handshake
     *                         is started again, up to {@link #SILENT_START_RETRIES} times: GNU Chess 6
     *                         hangs at about one start in twenty, before it says anything, and a
     *                         protocol whose handshake can end on silence (xboard) would otherwise
     *                         hand out a dead engine
     */
    public static <S extends EngineSessionBase> S open(EngineConfig config, SessionFactory<S> factory,
                                                       boolean retrySilentStart,
                                                       org.kibitz.api.engine.EngineListener listener) throws EngineException {
        for (int attempt = 0; ; attempt++) {
            LineChannel process = start(config);
            S session = factory.create(config, process);
            if (listener != null) {
                session.addListener(listener);
            }
            session.restartWith(() -> start(config));
            try {
                session.handshake(config.timeouts().handshake(), false);
                if (retrySilentStart && attempt < SILENT_START_RETRIES && !session.saidAnything()) {
                    session.abort();
                    continue;
                }
                session.afterHandshake();
                return session;
            } catch (EngineException | RuntimeException e) {
                session.abort();
                throw e;
            }
        }
    }

    /**
     * Starts the engine, tries the handshake and ends the engine again, whatever happens.
     *
     * @param timeout          how long the engine may take to show that it speaks the protocol
     * @param retrySilentStart whether an engine that said nothing at all is started again, with more
     *                         time (see {@link #open})
     */
    public static Probe probe(EngineConfig config, Duration timeout,
                              SessionFactory<? extends EngineSessionBase> factory,
                              boolean retrySilentStart) throws EngineException {
        return probe(config, timeout, factory, retrySilentStart, null);
    }

    /** Probes as {@link #probe(EngineConfig, Duration, SessionFactory, boolean)} does, {@code listener} (if not null) hearing every start. */
    public static Probe probe(EngineConfig config, Duration timeout,
                              SessionFactory<? extends EngineSessionBase> factory,
                              boolean retrySilentStart, org.kibitz.api.engine.EngineListener listener) throws EngineException {
        Attempt attempt = probeOnce(config, timeout, factory, listener);
        // Silence may be a slow start (GNU Chess 6 takes three to five seconds to say its first word
        // at one start in three, more on a busy machine) as well as a hang: later starts get the
        // whole handshake timeout, or twice the first wait if that is longer.
        Duration whole = config.timeouts().handshake();
        Duration twice = timeout.multipliedBy(2);
        Duration later = whole.compareTo(twice) > 0 ? whole : twice;
        for (int retry = 0; retrySilentStart && retry < SILENT_START_RETRIES
                && attempt.info().isEmpty() && attempt.silent(); retry++) {
            attempt = probeOnce(config, later, factory, listener);
        }
        return new Probe(attempt.info(), attempt.spokeInstead());
    }

    /**
     * What a probe found: the engine's description when it speaks the protocol; else, when it
     * rejected it in another protocol's words, that protocol's id.
     */
    public record Probe(Optional<EngineInfo> info, Optional<String> spokeInstead) {
    }

    /** What one start of a probe found, whether the engine said nothing at all, and what it speaks instead. */
    private record Attempt(Optional<EngineInfo> info, boolean silent, Optional<String> spokeInstead) {
    }

    private static Attempt probeOnce(EngineConfig config, Duration timeout,
                                     SessionFactory<? extends EngineSessionBase> factory,
                                     org.kibitz.api.engine.EngineListener listener) throws EngineException {
        LineChannel process = start(config);
        EngineSessionBase session = factory.create(config, process);
        if (listener != null) {
            session.addListener(listener);
        }
        boolean clean = false;
        try {
            if (!session.handshake(timeout, true) || !session.recognisedProtocol()) {
                Optional<EngineExit> exit = exitSoon(session);
                if (exit.isPresent() && !exit.get().requested() && !session.saidAnything()) {
                    // It ended before saying a word: it cannot start (a missing library, a bad
                    // argument), whatever protocol it speaks.
                    EngineExit e = exit.get();
                    String lines = String.join("\n", e.lastLines());
                    throw new EngineException(EngineException.Kind.DIED, ProtocolMessages.text(
                            lines.isBlank() ? "probe.died" : "probe.died.output", String.join(" ", config.command()),
                            e.exitCode().orElse(-1), lines));
                }
                return new Attempt(Optional.empty(), !session.saidAnything(), session.spokeInstead());
            }
            try {
                // A UCI engine that names no UCI_Variant is asked which games it plays (issue 36).
                session.askWhatItPlays();
            } catch (EngineException e) {
                // It could not answer a depth-1 search: what it said in the handshake stands.
            }
            EngineInfo info = session.info();
            session.close();
            clean = true;
            return new Attempt(Optional.of(info), false, Optional.empty());
        } finally {
            if (!clean) {
                session.abort();
            }
        }
    }

    private static Optional<EngineExit> exitSoon(EngineSessionBase session) {
        Optional<EngineExit> e = session.exit();
        if (e.isEmpty() && !session.saidAnything()) {
            // A program that failed to start may still be on its way out.
            try {
                Thread.sleep(50);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
            e = session.exit();
        }
        return e;
    }

    /** Starts the engine: in this JVM when the config has it so (the built-in engine), else as a process. */
    public static LineChannel start(EngineConfig config) throws EngineException {
        if (config.inProcess().isPresent()) {
            return new org.kibitz.protocols.process.InProcessChannel(config.inProcess().get(), config.name());
        }
        return EngineProcess.start(config.command(), config.workingDirectory(), shortName(config),
                config.timeouts().kill(), config.timeouts().ready());
    }

    private static String shortName(EngineConfig config) {
        String program = config.command().get(0);
        Path p = Path.of(program).getFileName();
        return p == null ? program : p.toString();
    }
}

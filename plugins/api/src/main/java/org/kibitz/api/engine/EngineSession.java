package org.kibitz.api.engine;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/**
 * The one API the program uses for any engine, whatever protocol it speaks.
 *
 * <p>A session is an explicit state machine ({@link #state()}). Calls that need the engine's answer
 * either return a future or wait with one of the named {@link EngineTimeouts}; no call blocks
 * beyond its timeout, whatever the engine does. Events reach listeners on the session's reader
 * thread: listeners must return quickly and must not call back into the session while handling
 * them (hand the work to another thread).
 */
public interface EngineSession extends AutoCloseable {

    /** What the engine said about itself in the handshake, and the conventions in force. */
    EngineInfo info();

    SessionState state();

    /** The options the engine declared, with the values set so far. */
    List<EngineOption> options();

    void addListener(EngineListener listener);

    void removeListener(EngineListener listener);

    /**
     * Sets an option by the name the engine declared; {@code value} is its text form ({@code 64},
     * {@code true}, a combo choice; ignored for buttons). Only while idle.
     *
     * @throws EngineException when the option is unknown, the value does not fit its type, or the engine died
     */
    void setOption(String name, String value) throws EngineException;

    /**
     * Tells the engine that the next positions belong to a new game of {@code gameId} (and sets the
     * variant where the protocol needs it). Waits until the engine is ready.
     */
    void newGame(String gameId) throws EngineException;

    /**
     * {@link #newGame} in two halves, for a caller with work of its own to do while the engine gets
     * ready (a batch, which clears the hash before every search, settles the last search's result
     * meanwhile): tells the engine a new game begins and returns at once; the returned {@link Ready}
     * waits until the engine is ready, as {@code newGame} does. Nothing else may be asked of the session
     * before that wait ended. A session may do it all at once and return a wait that is over.
     */
    default Ready startNewGame(String gameId) throws EngineException {
        newGame(gameId);
        return () -> { };
    }

    /** The second half of {@link #startNewGame}. */
    @FunctionalInterface
    interface Ready {
        /** Waits until the engine is ready for the new game, as {@link #newGame} does. */
        void await() throws EngineException;
    }

    /**
     * Sets the position to search: {@code start} and the moves played from it. The session sends it
     * in the form the protocol and engine want (UCCI: from the last capture; xboard: setboard or edit).
     */
    void setPosition(Position start, List<Move> moves) throws EngineException;

    /**
     * Starts a search of the current position. Progress arrives as {@link EngineEvent.AnalysisUpdate}s;
     * the future completes with the engine's best move, after a limit is reached or after
     * {@link #stop()} for infinite and ponder searches. It fails with {@link EngineException} if the
     * engine dies.
     */
    CompletableFuture<EngineEvent.BestMove> go(SearchLimits limits) throws EngineException;

    /**
     * {@link #setPosition} then {@link #go}: a session may send the two commands together (one write,
     * one wake-up of the engine for each search of a batch).
     */
    default CompletableFuture<EngineEvent.BestMove> go(Position start, List<Move> moves, SearchLimits limits)
            throws EngineException {
        setPosition(start, moves);
        return go(limits);
    }

    /**
     * Asks a running search to stop. The future completes with the best move, or fails with a
     * {@link EngineException.Kind#TIMEOUT} if the engine does not answer within the stop timeout (the
     * session is then unusable and the engine is killed). Completes at once when nothing is searching,
     * with the last search's best move ({@link EngineEvent.BestMove#none()} before any).
     */
    CompletableFuture<EngineEvent.BestMove> stop();

    /**
     * Searches a new position, as the workbench does when the user moves during analysis: stops the
     * running search (its future completes with its best move), sets the position and starts the
     * new search. Bounded by the stop timeout and the waits of {@link #setPosition}.
     *
     * @return the new search's best move
     */
    default CompletableFuture<EngineEvent.BestMove> search(Position start, List<Move> moves, SearchLimits limits)
            throws EngineException {
        try {
            stop().get(); // bounded: stop() fails by the stop timeout
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(EngineException.Kind.STATE,
                    org.kibitz.api.i18n.Text.of(EngineSession.class, "engine.interrupted"), e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof EngineException ee) {
                throw ee;
            }
            throw new IllegalStateException(e.getCause());
        }
        setPosition(start, moves);
        return go(limits);
    }

    /** The opponent played the move being pondered: the ponder search becomes a normal search. */
    void ponderHit() throws EngineException;

    /** Waits until the engine has handled everything sent so far ({@code isready}, {@code ping}). */
    void sync() throws EngineException;

    /** How the engine ended, once it has. */
    Optional<EngineExit> exit();

    /**
     * Ends the engine: stops a search, says {@code quit}, waits the quit timeout, then kills the process.
     * Never throws and never blocks longer than the stop and quit timeouts together.
     */
    @Override
    void close();

    /**
     * The shortest round trip measured to an engine on another machine (reached through ssh): what the
     * network adds to each move. Empty for a local engine.
     */
    default java.util.Optional<Duration> roundTrip() {
        return java.util.Optional.empty();
    }

    /** How long {@link #close()} may take at most. */
    default Duration closeTimeout() {
        EngineTimeouts t = info().timeouts();
        return t.stop().plus(t.quit()).plus(t.kill());
    }
}

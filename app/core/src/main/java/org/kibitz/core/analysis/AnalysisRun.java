package org.kibitz.core.analysis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineListener;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.ProtocolMessages;

/**
 * One search of one position, waited for: what {@code kibitz analyse} and batch jobs need. Keeps
 * the last reported line of each MultiPV rank ({@link LatestLines}) and the best move.
 */
public final class AnalysisRun {

    /**
     * What the search found.
     *
     * @param root     the searched position
     * @param lines    the last line with a PV of each rank, best first (a rank never reported is left out)
     * @param best     the engine's best move
     * @param stopped  whether the search had to be stopped because it ran out of patience
     */
    public record Result(Position root, List<AnalysisUpdate> lines, BestMove best, boolean stopped) {
        public Result {
            lines = List.copyOf(lines);
        }
    }

    private AnalysisRun() {
    }

    /** How long a search with no time limit (depth, nodes) may run before it is stopped. */
    public static final Duration UNTIMED_PATIENCE = Duration.ofMinutes(5);
    /** The least grace a timed search gets past its time: engines overrun, machines are busy. */
    public static final Duration MIN_GRACE = Duration.ofSeconds(10);

    /**
     * How long to wait for a search with {@code limits} before stopping it: a timed search its time plus a
     * grace of as much again (at least {@link #MIN_GRACE}); any other {@link #UNTIMED_PATIENCE}.
     */
    public static Duration patience(SearchLimits limits) {
        return limits.moveTime().map(t -> t.plus(grace(t))).orElse(UNTIMED_PATIENCE);
    }

    /** The grace a search of {@code moveTime} gets past it. */
    public static Duration grace(Duration moveTime) {
        return moveTime.compareTo(MIN_GRACE) > 0 ? moveTime : MIN_GRACE;
    }

    /**
     * Sets the position, searches with {@code limits}, and waits; a search still running after
     * {@code patience} is stopped and what it found so far is the result.
     */
    public static Result run(EngineSession session, Position start, List<Move> moves, SearchLimits limits,
                             Duration patience) throws EngineException {
        Position root = start;
        for (Move m : moves) {
            root = root.play(m);
        }
        return run(session, start, moves, root, limits, patience);
    }

    /** {@link #run(EngineSession, Position, List, SearchLimits, Duration)} for a caller that has the root already. */
    public static Result run(EngineSession session, Position start, List<Move> moves, Position root, SearchLimits limits,
                             Duration patience) throws EngineException {
        Position searched = root;
        int ranks = Math.max(1, limits.multiPv());
        LatestLines last = new LatestLines(ranks);
        last.reset(searched, ranks);
        EngineListener listener = e -> {
            if (e instanceof AnalysisUpdate u) {
                last.offer(u);
            }
        };
        session.addListener(listener);
        try {
            CompletableFuture<BestMove> search = session.go(start, moves, limits); // one write where it can
            boolean stopped = false;
            BestMove best;
            try {
                best = search.get(patience.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                stopped = true;
                best = session.stop().get(session.info().timeouts().stop().toMillis() + 1000, TimeUnit.MILLISECONDS);
            }
            return new Result(searched, last.lines(), best, stopped);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof EngineException ee) {
                throw ee;
            }
            throw new EngineException(EngineException.Kind.PROTOCOL, ProtocolMessages.text("internal", String.valueOf(c)), c);
        } catch (TimeoutException e) {
            throw new EngineException(EngineException.Kind.TIMEOUT, ProtocolMessages.text("internal", "stop"), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(EngineException.Kind.STATE, ProtocolMessages.text("interrupted"), e);
        } finally {
            session.removeListener(listener);
        }
    }
}

package org.kibitz.api.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Wdl;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.i18n.Text;

/** What a session reports to its listeners. */
public sealed interface EngineEvent {

    /**
     * A search progress report: one {@code info} line (or xboard thinking line), typed. Most carry a
     * PV; progress lines ({@code info depth 20 currmove e2e4 currmovenumber 3}, UCCI's separate
     * {@code info time 100 nodes 5000}) have an empty {@code pv} and no score.
     *
     * @param position  the position being searched; the score and PV are from its side to move
     * @param multipv   the line's rank, 1 for the best
     * @param score     from the side to move's point of view
     * @param pv        the principal variation as moves, legal from {@code position}; cut at the
     *                  first move that is not; sessions may hand a {@link DeferredMoves} that
     *                  checks the moves only when first read
     */
    record AnalysisUpdate(Position position, int multipv, OptionalInt depth, OptionalInt seldepth,
                          Optional<Score> score, Optional<Wdl> wdl, OptionalLong nodes, OptionalLong nps,
                          Optional<Duration> time, OptionalInt hashfull, OptionalLong tbhits,
                          Optional<Move> currmove, OptionalInt currmoveNumber, List<Move> pv) implements EngineEvent {
        public AnalysisUpdate {
            Objects.requireNonNull(position, "position");
            // A deferred PV is already unmodifiable; copying it would work it out at once.
            pv = pv instanceof DeferredMoves ? pv : List.copyOf(pv);
        }

        /** The side whose point of view the score takes. */
        public Side pov() {
            return position.sideToMove();
        }
    }

    /**
     * The end of a search.
     *
     * @param move   the best move; empty for {@code nobestmove} / {@code bestmove (none)}
     * @param ponder the move the engine expects in reply, if it said
     * @param draw   the engine offers or claims a draw
     * @param resign the engine resigns
     */
    record BestMove(Optional<Move> move, Optional<Move> ponder, boolean draw, boolean resign) implements EngineEvent {
        public static BestMove none() {
            return new BestMove(Optional.empty(), Optional.empty(), false, false);
        }
    }

    /** Something the engine says for a person to read ({@code info string}, UCCI {@code message}, xboard {@code telluser}). */
    record EngineMessage(MessageKind kind, String text) implements EngineEvent {
    }

    /** The source of an {@link EngineMessage}. */
    enum MessageKind { INFO, ERROR }

    /** One raw line in or out, for the log, with the time it passed. */
    record EngineLine(Instant time, Direction direction, String text) implements EngineEvent {
    }

    /** Which way a line went. */
    enum Direction { TO_ENGINE, FROM_ENGINE, STDERR }

    /** The session moved from one state to another. */
    record StateChanged(SessionState from, SessionState to) implements EngineEvent {
    }

    /**
     * What the session is waiting for, for a person to see while a start or a setting takes its
     * time ("allocating 2 GB hash…"); empty when the wait is over.
     */
    record Status(Optional<Text> text) implements EngineEvent {
        public Status {
            Objects.requireNonNull(text, "text");
        }

        /** The wait is over. */
        public static Status idle() {
            return new Status(Optional.empty());
        }
    }

    /**
     * The engine failed: died, did not answer in time, or broke the protocol.
     *
     * @param exit how the process ended, if it did
     */
    record EngineFailure(EngineException.Kind kind, Text message, Optional<EngineExit> exit) implements EngineEvent {
    }
}

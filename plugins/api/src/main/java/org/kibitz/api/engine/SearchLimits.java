package org.kibitz.api.engine;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.kibitz.api.game.Move;

/**
 * What a search may use and what it should report. Build with the static factories and the
 * {@code with...} methods: {@code SearchLimits.infiniteAnalysis().withMultiPv(3)}.
 *
 * @param depth       plies to search
 * @param nodes       nodes to search
 * @param moveTime    time for this move
 * @param clock       the game clocks, for a search that manages its own time
 * @param mate        search for a mate in this many moves
 * @param infinite    search until stopped (analysis)
 * @param ponder      search on the opponent's time until {@code ponderhit} or {@code stop}
 * @param multiPv     how many best lines to report (1 for one)
 * @param searchMoves only these root moves; empty for all
 */
public record SearchLimits(OptionalInt depth, OptionalLong nodes, Optional<Duration> moveTime,
                           Optional<Clock> clock, OptionalInt mate, boolean infinite, boolean ponder,
                           int multiPv, List<Move> searchMoves) {

    /**
     * Clock state for a timed game; times remaining and increments, White/Red first.
     *
     * @param movesToGo moves to the next time control, 0 when the control is sudden death
     */
    public record Clock(Duration whiteTime, Duration blackTime, Duration whiteIncrement, Duration blackIncrement,
                        int movesToGo) {
        public Clock {
            Objects.requireNonNull(whiteTime, "whiteTime");
            Objects.requireNonNull(blackTime, "blackTime");
            Objects.requireNonNull(whiteIncrement, "whiteIncrement");
            Objects.requireNonNull(blackIncrement, "blackIncrement");
        }
    }

    public SearchLimits {
        Objects.requireNonNull(depth, "depth");
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(moveTime, "moveTime");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(mate, "mate");
        if (multiPv < 1) {
            throw new IllegalArgumentException("multiPv must be at least 1");
        }
        searchMoves = List.copyOf(searchMoves);
    }

    private static final SearchLimits NONE = new SearchLimits(OptionalInt.empty(), OptionalLong.empty(),
            Optional.empty(), Optional.empty(), OptionalInt.empty(), false, false, 1, List.of());

    /** Search until stopped. */
    public static SearchLimits infiniteAnalysis() {
        return new SearchLimits(NONE.depth, NONE.nodes, NONE.moveTime, NONE.clock, NONE.mate, true, false, 1, List.of());
    }

    public static SearchLimits depth(int plies) {
        return new SearchLimits(OptionalInt.of(plies), NONE.nodes, NONE.moveTime, NONE.clock, NONE.mate, false, false, 1, List.of());
    }

    public static SearchLimits nodes(long count) {
        return new SearchLimits(NONE.depth, OptionalLong.of(count), NONE.moveTime, NONE.clock, NONE.mate, false, false, 1, List.of());
    }

    public static SearchLimits moveTime(Duration time) {
        return new SearchLimits(NONE.depth, NONE.nodes, Optional.of(time), NONE.clock, NONE.mate, false, false, 1, List.of());
    }

    public static SearchLimits clock(Clock clock) {
        return new SearchLimits(NONE.depth, NONE.nodes, NONE.moveTime, Optional.of(clock), NONE.mate, false, false, 1, List.of());
    }

    public SearchLimits withMultiPv(int lines) {
        return new SearchLimits(depth, nodes, moveTime, clock, mate, infinite, ponder, lines, searchMoves);
    }

    public SearchLimits withSearchMoves(List<Move> moves) {
        return new SearchLimits(depth, nodes, moveTime, clock, mate, infinite, ponder, multiPv, moves);
    }

    public SearchLimits withPonder(boolean on) {
        return new SearchLimits(depth, nodes, moveTime, clock, mate, infinite, on, multiPv, searchMoves);
    }

    /** Whether the search ends only when stopped. */
    public boolean untilStopped() {
        return infinite || ponder;
    }
}

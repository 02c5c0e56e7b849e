package org.kibitz.core.tree.deep;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.analysis.AnalysisRun;
import org.kibitz.core.engines.EngineRef;

/**
 * What a deep analysis is of and how far it may go.
 *
 * @param game           the game's rules (for move coordinates)
 * @param start          the position the moves start from
 * @param moves          the moves to the analysis root (sent to the engines as history)
 * @param engines        one or more engines; each searches its own nodes, side by side
 * @param limits         the limit of each node's search (nodes, depth or move time); MultiPV is set from {@code multiPv}
 * @param multiPv        the lines each node's search gives
 * @param window         centipawns below a node's best move within which moves are expanded
 * @param maxPlies       the longest line from the root, in plies
 * @param budgetTime     how long this run may start searches for, if limited
 * @param budgetSearches how many nodes the analysis may hold in all (those resumed count), if limited
 * @param rechecks       how many times a node whose value moved by more than the window is searched
 *                       again, each time twice as long (nodes, move time) or two plies deeper; 0 never
 */
public record DeepSettings(GamePlugin game, Position start, List<Move> moves, List<EngineRef> engines,
                           SearchLimits limits, int multiPv, int window, int maxPlies,
                           Optional<Duration> budgetTime, OptionalLong budgetSearches, int rechecks) {

    /** One re-check a node. */
    public static final int DEFAULT_RECHECKS = 1;

    public DeepSettings(GamePlugin game, Position start, List<Move> moves, List<EngineRef> engines, SearchLimits limits,
                        int multiPv, int window, int maxPlies, Optional<Duration> budgetTime, OptionalLong budgetSearches) {
        this(game, start, moves, engines, limits, multiPv, window, maxPlies, budgetTime, budgetSearches, DEFAULT_RECHECKS);
    }

    public DeepSettings {
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(start, "start");
        moves = List.copyOf(moves);
        engines = List.copyOf(engines);
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(budgetTime, "budgetTime");
        Objects.requireNonNull(budgetSearches, "budgetSearches");
        if (engines.isEmpty()) {
            throw new IllegalArgumentException("no engine");
        }
        if (multiPv < 1 || window < 0 || maxPlies < 1 || rechecks < 0) {
            throw new IllegalArgumentException("multipv " + multiPv + ", window " + window + ", max plies " + maxPlies
                    + ", rechecks " + rechecks);
        }
        if (limits.untilStopped()) {
            throw new IllegalArgumentException("a node's search needs a limit: nodes, depth or move time");
        }
    }

    /** The analysis root: the start with the moves played. */
    public Position root() {
        Position p = start;
        for (Move m : moves) {
            p = p.play(m);
        }
        return p;
    }

    /** Each node's search: the limit with the MultiPV width. */
    public SearchLimits nodeLimits() {
        return limits.withMultiPv(multiPv);
    }

    /**
     * The search of a node's {@code level}-th re-check (0 is the first search): twice the nodes and
     * the move time, two plies more depth, per level.
     */
    public SearchLimits nodeLimits(int level) {
        SearchLimits l = nodeLimits();
        if (level == 0) {
            return l;
        }
        long factor = 1L << Math.min(level, 20);
        return new SearchLimits(
                l.depth().isPresent() ? java.util.OptionalInt.of(l.depth().getAsInt() + 2 * level) : l.depth(),
                l.nodes().isPresent() ? OptionalLong.of(l.nodes().getAsLong() * factor) : l.nodes(),
                l.moveTime().map(t -> t.multipliedBy(factor)), l.clock(), l.mate(), l.infinite(), l.ponder(),
                l.multiPv(), l.searchMoves());
    }

    /** How long a node's search may run before it is stopped. */
    public Duration patience() {
        return AnalysisRun.patience(limits);
    }

    /** How long the search of a re-check of {@code level} may run before it is stopped. */
    public Duration patience(int level) {
        return AnalysisRun.patience(nodeLimits(level));
    }
}

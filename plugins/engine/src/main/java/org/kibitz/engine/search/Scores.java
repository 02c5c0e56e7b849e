package org.kibitz.engine.search;

/**
 * The search's score scale: centipawns (a chess pawn, a xiangqi soldier before the river = 100),
 * mates as {@code MATE - plies to mate}, and rulings by the game's rules (a xiangqi perpetual check)
 * as {@link #RULE_WIN}, well above any material balance but below every mate, so that protocols
 * never report a ruling as a mate.
 */
public final class Scores {

    /** The deepest ply the search reaches (extensions included). */
    public static final int MAX_PLY = 128;

    public static final int MATE = 32_000;
    /** Scores at or beyond this (in absolute value) are mates. */
    public static final int MATE_BOUND = MATE - 2 * MAX_PLY;
    public static final int INFINITE = MATE + 1;
    /** A win by the rules rather than by mate (the opponent checked perpetually). */
    public static final int RULE_WIN = 20_000;
    /** No score: no rule applies, or nothing was searched. */
    public static final int NONE = INFINITE + 1;

    private Scores() {
    }

    public static boolean isMate(int score) {
        return Math.abs(score) >= MATE_BOUND && Math.abs(score) <= MATE;
    }

    /** Moves to mate: positive when the side to move mates, negative when it is mated. */
    public static int mateMoves(int score) {
        return score > 0 ? (MATE - score + 1) / 2 : -(MATE + score) / 2;
    }

    /** Plies to mate, counted from the root, without sign. */
    public static int matePlies(int score) {
        return MATE - Math.abs(score);
    }

    /** A score as the transposition table keeps it: mates counted from the node, not from the root. */
    static int toTable(int score, int ply) {
        if (score >= MATE_BOUND) {
            return score + ply;
        }
        if (score <= -MATE_BOUND) {
            return score - ply;
        }
        return score;
    }

    static int fromTable(int score, int ply) {
        if (score >= MATE_BOUND) {
            return score - ply;
        }
        if (score <= -MATE_BOUND) {
            return score + ply;
        }
        return score;
    }
}

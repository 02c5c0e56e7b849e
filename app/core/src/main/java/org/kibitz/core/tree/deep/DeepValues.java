package org.kibitz.core.tree.deep;

import org.kibitz.api.analysis.Score;

/**
 * Scores as the deep analysis minimaxes them: one int from the side to move's view, centipawns as they
 * are, a mate as {@link #MATE} less the plies to it (so that a nearer mate is worth more and
 * {@link #up} can count a ply).
 */
public final class DeepValues {

    /** The value of mating now; being mated now is {@code -MATE}. */
    public static final int MATE = 100_000;
    /** Values beyond this (either sign) are mates. */
    public static final int MATE_BOUND = MATE - 2_000;

    private DeepValues() {
    }

    /** The value of {@code s}, held from the side to move's view. */
    public static int of(Score s) {
        return switch (s) {
            case Score.Centipawns c -> Math.max(-MATE_BOUND, Math.min(MATE_BOUND, c.cp()));
            case Score.Mate m -> m.moves() > 0 ? MATE - (2 * m.moves() - 1) : -(MATE - 2 * -m.moves());
        };
    }

    /** The score of {@code v}. */
    public static Score score(int v) {
        if (v > MATE_BOUND) {
            int plies = MATE - v;
            return Score.mate((plies + 1) / 2);
        }
        if (v < -MATE_BOUND) {
            int plies = MATE + v;
            return Score.mate(-(plies / 2));
        }
        return Score.centipawns(v);
    }

    /** A child's value as its parent sees it: negated, and a mate one ply further away. */
    public static int up(int child) {
        if (child > MATE_BOUND) {
            return -(child - 1);
        }
        if (child < -MATE_BOUND) {
            return -(child + 1);
        }
        return -child;
    }
}

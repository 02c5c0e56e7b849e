package org.kibitz.api.analysis;

import org.kibitz.api.game.Side;

/**
 * An engine's evaluation: centipawns or a mate distance, exact or a bound.
 *
 * <p>A score has no point of view of its own: whoever holds one says whose it is (an engine's
 * score is the side to move's; a PGN {@code [%eval]} is White's/Red's). Convert with
 * {@link #forWhite(Side)} only when something is shown or plotted.
 */
public sealed interface Score permits Score.Centipawns, Score.Mate {

    /** Whether the value is exact or only a bound from a search that failed high or low. */
    enum Bound {
        EXACT, LOWER, UPPER;

        Bound flip() {
            return switch (this) {
                case EXACT -> EXACT;
                case LOWER -> UPPER;
                case UPPER -> LOWER;
            };
        }
    }

    /** Plotting and sorting value of a mate: beyond any centipawn score an engine gives. */
    int MATE_VALUE = 100_000;

    Bound bound();

    /** The same score seen from the other side. */
    Score negate();

    /**
     * A value that orders scores from the holder's point of view: centipawns as they are, a mate in
     * n as {@code MATE_VALUE - n}, being mated in n as {@code -MATE_VALUE + n}.
     */
    int order();

    /** This score, held from {@code pov}'s side, as White/Red sees it. */
    default Score forWhite(Side pov) {
        return pov == Side.WHITE ? this : negate();
    }

    static Score centipawns(int cp) {
        return new Centipawns(cp, Bound.EXACT);
    }

    static Score mate(int moves) {
        return new Mate(moves, Bound.EXACT);
    }

    /** Centipawns: 100 is about a pawn in chess, about a horse or cannon's worth / 4 to 5 in xiangqi by engine. */
    record Centipawns(int cp, Bound bound) implements Score {
        @Override
        public Score negate() {
            return new Centipawns(-cp, bound.flip());
        }

        @Override
        public int order() {
            return cp;
        }
    }

    /**
     * A forced mate: {@code moves > 0} the holder mates in that many moves; {@code moves < 0} the
     * holder is mated in {@code -moves}; 0 the holder is mated on the board.
     */
    record Mate(int moves, Bound bound) implements Score {
        @Override
        public Score negate() {
            return new Mate(moves == 0 ? 0 : -moves, bound.flip());
        }

        @Override
        public int order() {
            return moves > 0 ? MATE_VALUE - moves : -MATE_VALUE - moves;
        }

        /** Whether the holder is the side giving mate. */
        public boolean winning() {
            return moves > 0;
        }
    }
}

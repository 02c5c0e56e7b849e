package org.kibitz.core.match.stats;

import java.util.Arrays;

/**
 * The result of a match between two engines, from the first engine's point of view: its wins,
 * losses and draws, and the pentanomial counts of the game pairs (the same opening played with
 * colours reversed). {@code pentanomial[k]} counts the pairs in which the first engine scored
 * {@code k / 2} points: 0 (LL), 0.5 (LD), 1 (WL or DD), 1.5 (WD) and 2 (WW), the order of
 * cutechess's and fastchess's {@code Ptnml(0-2)} and of fishtest's pentanomial list.
 *
 * <p>Immutable: {@link #add} and {@link #plus} return a new score. The game counts include the
 * games of the pairs; games played outside pairs (an odd last game, a match without pairing) are
 * counted in wins, losses and draws only, so {@code 2 * pairs() <= games()} when the score was
 * built with {@code add}. Scores given as plain counts are not checked for that.
 */
public record MatchScore(long wins, long losses, long draws, long[] pentanomial) {

    /** One game's result for the first engine. */
    public enum Outcome {
        WIN(2), DRAW(1), LOSS(0);

        private final int halfPoints;

        Outcome(int halfPoints) {
            this.halfPoints = halfPoints;
        }

        /** The first engine's points, counted in half points (0, 1 or 2). */
        public int halfPoints() {
            return halfPoints;
        }
    }

    /** No games. */
    public static final MatchScore EMPTY = new MatchScore(0, 0, 0, new long[5]);

    public MatchScore {
        if (wins < 0 || losses < 0 || draws < 0) {
            throw new IllegalArgumentException("negative count: " + wins + " - " + losses + " - " + draws);
        }
        if (pentanomial == null) {
            pentanomial = new long[5];
        } else {
            if (pentanomial.length != 5) {
                throw new IllegalArgumentException("pentanomial counts need 5 entries, got " + pentanomial.length);
            }
            pentanomial = pentanomial.clone();
            for (long c : pentanomial) {
                if (c < 0) {
                    throw new IllegalArgumentException("negative pentanomial count: " + Arrays.toString(pentanomial));
                }
            }
        }
    }

    /** Wins, losses and draws without game pairs. */
    public static MatchScore of(long wins, long losses, long draws) {
        return new MatchScore(wins, losses, draws, new long[5]);
    }

    /** Wins, losses, draws and the five pentanomial counts (pair scores 0 to 2). */
    public static MatchScore of(long wins, long losses, long draws, long... pentanomial) {
        return new MatchScore(wins, losses, draws, pentanomial);
    }

    /** The pentanomial counts (a copy). */
    @Override
    public long[] pentanomial() {
        return pentanomial.clone();
    }

    /** The pentanomial count of pairs in which the first engine scored {@code halfPoints / 2}. */
    public long pentanomial(int halfPoints) {
        return pentanomial[halfPoints];
    }

    /** This score with one more game outside any pair. */
    public MatchScore add(Outcome game) {
        return new MatchScore(
                wins + (game == Outcome.WIN ? 1 : 0),
                losses + (game == Outcome.LOSS ? 1 : 0),
                draws + (game == Outcome.DRAW ? 1 : 0),
                pentanomial);
    }

    /** This score with one more game pair: both games, and the pair in the pentanomial counts. */
    public MatchScore add(Outcome first, Outcome second) {
        MatchScore both = add(first).add(second);
        long[] p = pentanomial.clone();
        p[first.halfPoints() + second.halfPoints()]++;
        return new MatchScore(both.wins, both.losses, both.draws, p);
    }

    /** The sum of two scores, e.g. of two shards of the same match. */
    public MatchScore plus(MatchScore other) {
        long[] p = pentanomial.clone();
        for (int i = 0; i < 5; i++) {
            p[i] += other.pentanomial[i];
        }
        return new MatchScore(wins + other.wins, losses + other.losses, draws + other.draws, p);
    }

    /** Games played. */
    public long games() {
        return wins + losses + draws;
    }

    /** Game pairs counted in the pentanomial. */
    public long pairs() {
        long n = 0;
        for (long c : pentanomial) {
            n += c;
        }
        return n;
    }

    /** The first engine's points (a draw is half a point). */
    public double points() {
        return wins + draws / 2.0;
    }

    /** The first engine's points as a fraction of the games; NaN without games. */
    public double score() {
        return points() / games();
    }

    /** Draws as a fraction of the games; NaN without games. */
    public double drawRatio() {
        return (double) draws / games();
    }

    /** The trinomial counts in fishtest's order: losses, draws, wins. */
    long[] trinomial() {
        return new long[] {losses, draws, wins};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MatchScore m
                && wins == m.wins && losses == m.losses && draws == m.draws
                && Arrays.equals(pentanomial, m.pentanomial);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(wins) + 17 * Long.hashCode(losses) + Long.hashCode(draws)
                + 7 * Arrays.hashCode(pentanomial);
    }

    @Override
    public String toString() {
        return "MatchScore[" + wins + " - " + losses + " - " + draws
                + ", ptnml " + Arrays.toString(pentanomial) + "]";
    }
}

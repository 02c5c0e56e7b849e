package org.kibitz.core.match.stats;

/**
 * Logistic Elo: the conversions between an expected score and an Elo difference, and the
 * likelihood of superiority of a match.
 */
public final class Elo {

    /** Normalized Elo per unit of t-value (mean minus one half, over the per-game deviation): 800 / ln 10. */
    public static final double NELO_PER_T = 800 / Math.log(10);

    private Elo() {}

    /**
     * The Elo difference with the expected score {@code score}: {@code -400 log10(1/score - 1)}.
     * Infinite at 0 and 1, NaN outside [0, 1] (as cutechess and fastchess print them).
     */
    public static double fromScore(double score) {
        return -400 * Math.log10(1 / score - 1);
    }

    /** The expected score at the Elo difference {@code elo}: {@code 1 / (1 + 10^(-elo/400))}. */
    public static double toScore(double elo) {
        return 1 / (1 + Math.pow(10, -elo / 400));
    }

    /**
     * The likelihood of superiority as cutechess computes it, from wins and losses alone (draws
     * carry no information on which engine is stronger):
     * {@code 1/2 + 1/2 erf((W - L) / sqrt(2 (W + L)))}, a fraction in [0, 1] (cutechess prints it
     * times 100). NaN without decisive games.
     */
    public static double los(long wins, long losses) {
        if (wins + losses == 0) {
            return Double.NaN;
        }
        return 0.5 + 0.5 * Gaussian.erf((wins - losses) / Math.sqrt(2.0 * (wins + losses)));
    }

    /** {@link #los(long, long)} of a match. */
    public static double los(MatchScore score) {
        return los(score.wins(), score.losses());
    }
}

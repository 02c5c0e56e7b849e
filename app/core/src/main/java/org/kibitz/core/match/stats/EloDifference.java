package org.kibitz.core.match.stats;

/**
 * An Elo difference with its 95 % error bar, the "Elo difference: x +/- y" of cutechess and the
 * "Elo: x +/- y" of fastchess.
 *
 * <p>The score {@code mu} is estimated with the variance of one sample (a game for the trinomial,
 * a pair for the pentanomial); the interval of the score, {@code mu ± 1.96 sigma / sqrt(n)}, is
 * carried to Elo, and the error is half the width of the Elo interval (which is not symmetric
 * about the estimate). With the pentanomial the samples are game pairs, so the correlation of the
 * two games of a pair (the same opening) is accounted for; the trinomial treats games as
 * independent and overstates the error of a paired match.
 *
 * <p>cutechess takes the normal quantile from an approximation of the inverse error function
 * (1.9572 instead of 1.95996), so its error bars are 0.14 % smaller than these; fastchess and
 * fishtest ({@code stat_util.get_elo}) use the exact quantile, as here.
 *
 * @param elo the logistic Elo difference (infinite when one side scored everything)
 * @param error half the width of the 95 % interval in Elo (NaN when it cannot be computed)
 * @param los the likelihood of superiority from the normal approximation of the score, as
 *     fastchess's pentanomial line and fishtest's {@code get_elo}: {@code Phi((mu - 1/2) / (sigma / sqrt(n)))}
 */
public record EloDifference(double elo, double error, double los) {

    /** From wins, losses and draws, each game a sample (cutechess, fastchess without pairs). */
    public static EloDifference trinomial(MatchScore score) {
        return fromSamples(score.trinomial(), 1);
    }

    /** From the pentanomial counts, each game pair a sample (fastchess, fishtest). */
    public static EloDifference pentanomial(MatchScore score) {
        return fromSamples(score.pentanomial(), 2);
    }

    /** {@link #pentanomial} when the score has pairs, {@link #trinomial} otherwise. */
    public static EloDifference of(MatchScore score) {
        return score.pairs() > 0 ? pentanomial(score) : trinomial(score);
    }

    // counts[k]: samples with score k / (counts.length - 1), per game in [0, 1].
    private static EloDifference fromSamples(long[] counts, int gamesPerSample) {
        int last = counts.length - 1;
        double n = 0;
        double sum = 0;
        for (int k = 0; k <= last; k++) {
            n += counts[k];
            sum += counts[k] * (double) k / last;
        }
        if (n == 0) {
            return new EloDifference(Double.NaN, Double.NaN, Double.NaN);
        }
        double mu = sum / n;
        double var = 0;
        for (int k = 0; k <= last; k++) {
            double d = (double) k / last - mu;
            var += counts[k] / n * d * d;
        }
        double sigmaOfMean = Math.sqrt(var / n);
        double lower = mu - Gaussian.Z95 * sigmaOfMean;
        double upper = mu + Gaussian.Z95 * sigmaOfMean;
        double error = (Elo.fromScore(upper) - Elo.fromScore(lower)) / 2;
        double los = Gaussian.phi((mu - 0.5) / sigmaOfMean);
        return new EloDifference(Elo.fromScore(mu), error, los);
    }
}

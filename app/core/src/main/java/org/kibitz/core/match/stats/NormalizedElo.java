package org.kibitz.core.match.stats;

/**
 * Normalized Elo (nElo) with its 95 % interval, as fishtest defines it (its run statistics page,
 * built on {@code LLRcalc}): the t-value {@code t = (mu - 1/2) / sigma} of the score, with
 * {@code sigma} the standard deviation of one game, times {@code 800 / ln 10}. nElo measures a
 * difference in units of its own noise, so it is the same whatever the draw rate, and the number
 * of games a test needs depends on nElo only.
 *
 * <p>With game pairs the samples are pairs; the per-game deviation is {@code sqrt(2)} times the
 * deviation of the pair score (in [0, 1]), so {@code nElo = 800/ln10 * t_pair / sqrt(2)}. The
 * interval is {@code t ± 1.96 sqrt(var_t / n)} with fishtest's variance of the estimated t-value,
 * {@code var_t = 1 - t*skewness + t^2 (excess kurtosis + 2) / 4}, which accounts for the shape of
 * the distribution (not fastchess's simpler, shape-blind error). As fishtest does, a count of
 * zero is replaced by 0.001 before the moments are computed.
 *
 * @param nElo the normalized Elo difference
 * @param error half the width of the 95 % interval
 */
public record NormalizedElo(double nElo, double error) {

    /** The lower end of the 95 % interval. */
    public double lower() {
        return nElo - error;
    }

    /** The upper end of the 95 % interval. */
    public double upper() {
        return nElo + error;
    }

    /** From the pentanomial counts (fishtest's {@code nelo5}). */
    public static NormalizedElo pentanomial(MatchScore score) {
        return fromSamples(score.pentanomial(), Math.sqrt(2));
    }

    /** From wins, losses and draws (fishtest's {@code nelo3}). */
    public static NormalizedElo trinomial(MatchScore score) {
        return fromSamples(score.trinomial(), 1);
    }

    /** {@link #pentanomial} when the score has pairs, {@link #trinomial} otherwise. */
    public static NormalizedElo of(MatchScore score) {
        return score.pairs() > 0 ? pentanomial(score) : trinomial(score);
    }

    /**
     * nElo as fastchess prints it under that name: the same value as fishtest's, with the half width
     * of the interval taken from the score's normal 95 % interval, {@code score ± 1.96 sqrt(var / n)},
     * mapped through the same linear scale (shape-blind, so narrower than fishtest's when results
     * are lopsided). Pairs when the score has them, games otherwise. With no spread at all (every
     * sample the same) the value is infinite or undefined, as fastchess's.
     */
    public static NormalizedElo fastchess(MatchScore score) {
        boolean pairs = score.pairs() > 0;
        long[] counts = pairs ? score.pentanomial() : score.trinomial();
        long n = 0;
        double sum = 0;
        for (int k = 0; k < counts.length; k++) {
            n += counts[k];
            sum += counts[k] * (double) k / (counts.length - 1);
        }
        if (n == 0) {
            return new NormalizedElo(Double.NaN, Double.NaN);
        }
        double mean = sum / n;
        double var = 0;
        for (int k = 0; k < counts.length; k++) {
            double x = (double) k / (counts.length - 1) - mean;
            var += counts[k] * x * x / n;
        }
        double spread = Math.sqrt((pairs ? 2 : 1) * var);
        double nElo = (mean - 0.5) / spread * Elo.NELO_PER_T;
        double error = Gaussian.Z95 * Math.sqrt(var / n) / spread * Elo.NELO_PER_T;
        return new NormalizedElo(nElo, error);
    }

    private static NormalizedElo fromSamples(long[] counts, double samplesDeviationPerGame) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        if (total == 0) {
            return new NormalizedElo(Double.NaN, Double.NaN);
        }
        Pdf pdf = Pdf.ofCounts(counts);
        double mu = pdf.mean();
        double var = pdf.variance();
        double m3 = pdf.centralMoment(mu, 3);
        double m4 = pdf.centralMoment(mu, 4);
        double skewness = m3 / Math.pow(var, 1.5);
        double excessKurtosis = m4 / (var * var) - 3;
        double t = (mu - 0.5) / Math.sqrt(var);
        double varT = Math.max(1 - t * skewness + 0.25 * t * t * (excessKurtosis + 2), 0);
        double scale = Elo.NELO_PER_T / samplesDeviationPerGame;
        return new NormalizedElo(scale * t, scale * Gaussian.Z95 * Math.sqrt(varT / pdf.count()));
    }
}

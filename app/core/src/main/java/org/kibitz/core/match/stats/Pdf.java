package org.kibitz.core.match.stats;

/**
 * An empirical distribution of sample scores, as fishtest's statistics use it: {@code k + 1}
 * counts of samples scoring {@code 0, 1/k, ..., 1} (per game), a count of zero replaced by 0.001
 * (fishtest's {@code regularize}: a small prior so that every outcome has a positive probability
 * and the logarithms of the LLR exist).
 */
final class Pdf {

    static final double ZERO_COUNT = 1e-3;

    final double[] values;
    final double[] probs;
    private final double count;

    private Pdf(double[] values, double[] probs, double count) {
        this.values = values;
        this.probs = probs;
        this.count = count;
    }

    static Pdf ofCounts(long[] counts) {
        int k = counts.length - 1;
        double[] regularized = new double[counts.length];
        double n = 0;
        for (int i = 0; i <= k; i++) {
            regularized[i] = counts[i] == 0 ? ZERO_COUNT : counts[i];
            n += regularized[i];
        }
        double[] values = new double[counts.length];
        double[] probs = new double[counts.length];
        for (int i = 0; i <= k; i++) {
            values[i] = (double) i / k;
            probs[i] = regularized[i] / n;
        }
        return new Pdf(values, probs, n);
    }

    /** The number of samples, after regularization. */
    double count() {
        return count;
    }

    double mean() {
        return mean(values, probs);
    }

    double variance() {
        return variance(values, probs);
    }

    double centralMoment(double mu, int order) {
        double m = 0;
        for (int i = 0; i < values.length; i++) {
            m += probs[i] * Math.pow(values[i] - mu, order);
        }
        return m;
    }

    static double mean(double[] values, double[] probs) {
        double s = 0;
        for (int i = 0; i < values.length; i++) {
            s += probs[i] * values[i];
        }
        return s;
    }

    static double variance(double[] values, double[] probs) {
        double s = mean(values, probs);
        double var = 0;
        for (int i = 0; i < values.length; i++) {
            double d = values[i] - s;
            var += probs[i] * d * d;
        }
        return var;
    }
}

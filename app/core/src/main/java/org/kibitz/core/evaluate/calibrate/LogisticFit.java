package org.kibitz.core.evaluate.calibrate;

/**
 * The one-parameter logistic model of a game's result from an engine's score, and its maximum
 * likelihood fit: the side to move, with a score of {@code cp} centipawns, expects to make
 * {@code 1 / (1 + e^(-k·cp))} of a point (lichess's win% = 100 times this). A result is 1, ½ or 0
 * for the side to move; a draw counts as half a win and half a loss, so the log-likelihood of
 * {@code k} over observations {@code (x_i, y_i)} is
 * {@code Σ y_i·ln σ(k·x_i) + (1 − y_i)·ln(1 − σ(k·x_i))}. It is concave in {@code k}, so its one
 * maximum is where the derivative {@code Σ x_i·(y_i − σ(k·x_i))} is 0: found by Newton's method,
 * kept inside a bracket that bisection narrows when a Newton step would leave it.
 */
public final class LogisticFit {

    /** Lichess's coefficient for chess (Stockfish scores of lichess games), per centipawn. */
    public static final double LICHESS_K = 0.00368208;

    /** The largest coefficient looked for: beyond it a centipawn decides the game. */
    static final double MAX_K = 1.0;

    private LogisticFit() {
    }

    /** The expected score of the side to move at {@code cp} under {@code k}. */
    public static double expected(double k, double cp) {
        return 1 / (1 + Math.exp(-k * cp));
    }

    /** The log-likelihood of {@code k} (natural log; 0 is a perfect fit, more negative is worse). */
    public static double logLikelihood(double k, double[] cp, double[] score) {
        check(cp, score);
        double sum = 0;
        for (int i = 0; i < cp.length; i++) {
            double z = k * cp[i];
            // ln σ(z) = −ln(1 + e^−z), ln(1 − σ(z)) = −ln(1 + e^z), each computed without overflow.
            sum -= score[i] * softplus(-z) + (1 - score[i]) * softplus(z);
        }
        return sum;
    }

    /**
     * The {@code k} of greatest likelihood.
     *
     * @throws IllegalArgumentException when there are no observations or the arrays differ in length
     * @return 0 when the scores tell nothing about results (all 0, or no better than a coin), and
     *         {@link #MAX_K} when they separate wins from losses perfectly
     */
    public static double fit(double[] cp, double[] score) {
        check(cp, score);
        if (cp.length == 0) {
            throw new IllegalArgumentException("no observations");
        }
        double lo = 0;
        if (slope(lo, cp, score) <= 0) {
            return 0;
        }
        double hi = 0.001;
        while (slope(hi, cp, score) > 0) {
            lo = hi;
            hi *= 2;
            if (hi >= MAX_K) {
                return slope(MAX_K, cp, score) > 0 ? MAX_K : bisect(lo, MAX_K, cp, score);
            }
        }
        return bisect(lo, hi, cp, score);
    }

    /** Safeguarded Newton in {@code [lo, hi]}, where the slope goes from positive to not. */
    private static double bisect(double lo, double hi, double[] cp, double[] score) {
        double k = (lo + hi) / 2;
        for (int iter = 0; iter < 200; iter++) {
            double g = 0;
            double h = 0;
            for (int i = 0; i < cp.length; i++) {
                double p = expected(k, cp[i]);
                g += cp[i] * (score[i] - p);
                h -= cp[i] * cp[i] * p * (1 - p);
            }
            if (g > 0) {
                lo = k;
            } else {
                hi = k;
            }
            double next = h < 0 ? k - g / h : Double.NaN;
            if (!(next > lo && next < hi)) {
                next = (lo + hi) / 2;
            }
            if (Math.abs(next - k) <= 1e-12 * Math.max(1e-6, Math.abs(k)) || hi - lo <= 1e-15) {
                return next;
            }
            k = next;
        }
        return k;
    }

    /** The derivative of the log-likelihood at {@code k}. */
    static double slope(double k, double[] cp, double[] score) {
        double g = 0;
        for (int i = 0; i < cp.length; i++) {
            g += cp[i] * (score[i] - expected(k, cp[i]));
        }
        return g;
    }

    private static double softplus(double z) {
        return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
    }

    private static void check(double[] cp, double[] score) {
        if (cp.length != score.length) {
            throw new IllegalArgumentException("cp and score differ in length: " + cp.length + ", " + score.length);
        }
    }
}

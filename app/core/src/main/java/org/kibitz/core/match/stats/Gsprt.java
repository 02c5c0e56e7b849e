package org.kibitz.core.match.stats;

/**
 * The generalized log-likelihood ratio of fishtest's SPRT (Michel Van den Bergh's GSPRT, as in
 * fishtest's {@code LLRcalc.LLR_logistic} and {@code LLR_normalized}), written from the
 * definitions:
 *
 * <p>For the empirical distribution {@code p̂} of the samples (games with scores 0, 1/2, 1, or game
 * pairs with scores 0, 1/4, ..., 1) and each hypothesis, find the distribution {@code p} on the same
 * outcomes with the largest likelihood that satisfies the hypothesis; the LLR is
 * {@code N * sum_i p̂_i (ln p1_i - ln p0_i)}.
 *
 * <ul>
 *   <li>Logistic model, hypothesis "expected score = s": {@code p_i = p̂_i / (1 + x (a_i - s))}
 *       with {@code x} the root of the secular equation {@code sum_i p̂_i (a_i - s) / (1 + x (a_i - s)) = 0}
 *       (Van den Bergh, "Comparing the approximations for the GLR of a multinomial distribution",
 *       Proposition 1.1).
 *   <li>Normalized model, hypothesis "t = (mu - 1/2) / sigma = t*": a fixed point, found from the
 *       uniform distribution by at most ten rounds of: with the mean {@code mu} and deviation
 *       {@code sigma} of the current {@code p}, {@code phi_i = a_i - 1/2 - t* sigma (1 + ((mu - a_i)/sigma)^2) / 2},
 *       solve the secular equation for {@code phi} and set {@code p_i = p̂_i / (1 + x phi_i)}; stop
 *       when no probability moves by 1e-9 ("Comments on normalized Elo", section 4.1).
 * </ul>
 *
 * The secular equation is solved by bisection to machine precision on the open interval where all
 * {@code 1 + x a_i} are positive, narrowed by 1e-9 at both ends as fishtest does (fishtest uses
 * Brent's method; both converge to the same root, which is unique because the function decreases).
 */
final class Gsprt {

    private Gsprt() {}

    /** The LLR of logistic Elo {@code elo1} against {@code elo0}; counts low to high (3 or 5). */
    static double llrLogistic(double elo0, double elo1, long[] counts) {
        if (isEmpty(counts)) {
            return 0;
        }
        Pdf pdf = Pdf.ofCounts(counts);
        double[] p0 = mleExpected(pdf, Elo.toScore(elo0));
        double[] p1 = mleExpected(pdf, Elo.toScore(elo1));
        return pdf.count() * expectedLogRatio(pdf, p0, p1);
    }

    /** The LLR of normalized Elo {@code nelo1} against {@code nelo0}; counts low to high (3 or 5). */
    static double llrNormalized(double nelo0, double nelo1, long[] counts) {
        if (isEmpty(counts)) {
            return 0;
        }
        // The t-value of a pair is sqrt(2) times the per-game t-value the bounds are given in.
        double perSample = switch (counts.length) {
            case 3 -> 1;
            case 5 -> Math.sqrt(2);
            default -> throw new IllegalArgumentException("3 or 5 counts expected, got " + counts.length);
        };
        double t0 = nelo0 / Elo.NELO_PER_T * perSample;
        double t1 = nelo1 / Elo.NELO_PER_T * perSample;
        Pdf pdf = Pdf.ofCounts(counts);
        double[] p0 = mleTValue(pdf, 0.5, t0);
        double[] p1 = mleTValue(pdf, 0.5, t1);
        return pdf.count() * expectedLogRatio(pdf, p0, p1);
    }

    private static boolean isEmpty(long[] counts) {
        for (long c : counts) {
            if (c != 0) {
                return false;
            }
        }
        return true;
    }

    private static double expectedLogRatio(Pdf pdf, double[] p0, double[] p1) {
        double s = 0;
        for (int i = 0; i < p0.length; i++) {
            s += pdf.probs[i] * (Math.log(p1[i]) - Math.log(p0[i]));
        }
        return s;
    }

    /** The most likely distribution with expected score {@code s}. */
    static double[] mleExpected(Pdf pdf, double s) {
        int n = pdf.values.length;
        double[] shifted = new double[n];
        for (int i = 0; i < n; i++) {
            shifted[i] = pdf.values[i] - s;
        }
        double x = secularRoot(shifted, pdf.probs);
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            p[i] = pdf.probs[i] / (1 + x * shifted[i]);
        }
        return p;
    }

    /** The most likely distribution with {@code (mu - ref) / sigma = t}. */
    static double[] mleTValue(Pdf pdf, double ref, double t) {
        int n = pdf.values.length;
        double[] p = new double[n];
        java.util.Arrays.fill(p, 1.0 / n);
        double[] phi = new double[n];
        for (int round = 0; round < 10; round++) {
            double mu = Pdf.mean(pdf.values, p);
            double sigma = Math.sqrt(Pdf.variance(pdf.values, p));
            for (int i = 0; i < n; i++) {
                double z = (mu - pdf.values[i]) / sigma;
                phi[i] = pdf.values[i] - ref - t * sigma * (1 + z * z) / 2;
            }
            double x = secularRoot(phi, pdf.probs);
            double moved = 0;
            for (int i = 0; i < n; i++) {
                double next = pdf.probs[i] / (1 + x * phi[i]);
                moved = Math.max(moved, Math.abs(next - p[i]));
                p[i] = next;
            }
            if (moved < 1e-9) {
                break;
            }
        }
        return p;
    }

    /** The root of {@code sum_i w_i a_i / (1 + x a_i) = 0}, where the {@code a_i} straddle zero. */
    static double secularRoot(double[] a, double[] w) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double ai : a) {
            min = Math.min(min, ai);
            max = Math.max(max, ai);
        }
        if (!(min < 0 && max > 0)) {
            throw new IllegalArgumentException("the outcomes do not straddle the hypothesis");
        }
        // f decreases from +inf (at -1/max) to -inf (at -1/min).
        double lo = -1 / max + 1e-9;
        double hi = -1 / min - 1e-9;
        for (int i = 0; i < 2000; i++) {
            double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) {
                break;
            }
            double f = 0;
            for (int k = 0; k < a.length; k++) {
                f += w[k] * a[k] / (1 + mid * a[k]);
            }
            if (f > 0) {
                lo = mid;
            } else if (f < 0) {
                hi = mid;
            } else {
                return mid;
            }
        }
        return 0.5 * (lo + hi);
    }
}

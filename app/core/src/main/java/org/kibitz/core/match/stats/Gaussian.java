package org.kibitz.core.match.stats;

/** The few facts about the normal law the match statistics need; the JDK has no {@code erf}. */
final class Gaussian {

    /** The 97.5 % quantile of the standard normal law: a two-sided 95 % interval is ±Z95 sigma. */
    static final double Z95 = 1.959963984540054;

    private static final double TWO_OVER_SQRT_PI = 2.0 / Math.sqrt(Math.PI);

    private Gaussian() {}

    /** The error function, to about 1e-15 absolute. */
    static double erf(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        if (x < 0) {
            return -erf(-x);
        }
        if (x < 3) {
            return erfSeries(x);
        }
        return 1 - erfcContinuedFraction(x);
    }

    /** The complementary error function 1 - erf(x), accurate in the far tails too. */
    static double erfc(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        if (x < 3) {
            return 1 - erf(x);
        }
        return erfcContinuedFraction(x);
    }

    /** The standard normal distribution function. */
    static double phi(double q) {
        return 0.5 * erfc(-q / Math.sqrt(2));
    }

    // erf(x) = 2/sqrt(pi) exp(-x^2) sum_n (2x^2)^n x / (1*3*...*(2n+1)): positive terms, no cancellation.
    private static double erfSeries(double x) {
        double x2 = x * x;
        double term = x;
        double sum = x;
        for (int n = 1; n < 200; n++) {
            term *= 2 * x2 / (2 * n + 1);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        return TWO_OVER_SQRT_PI * Math.exp(-x2) * sum;
    }

    // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + ...))))), x >= 3,
    // evaluated with the modified Lentz method.
    private static double erfcContinuedFraction(double x) {
        final double tiny = 1e-300;
        double f = x;
        double c = x;
        double d = 0;
        for (int k = 1; k < 500; k++) {
            double a = k / 2.0;
            d = x + a * d;
            d = d == 0 ? tiny : d;
            c = x + a / c;
            c = c == 0 ? tiny : c;
            d = 1 / d;
            double delta = c * d;
            f *= delta;
            if (Math.abs(delta - 1) < 1e-16) {
                break;
            }
        }
        return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
    }
}

package org.kibitz.core.evaluate.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The fitter on synthetic games drawn from a known coefficient: scores spread like an engine's over
 * real positions, results drawn so that the side to move's expected score is exactly the model's,
 * with draws as common as in master play. The fit must find the coefficient it was drawn from.
 */
class LogisticFitTest {

    /** Synthetic observations: {@code n} scores, normal with this spread, results drawn from {@code k}. */
    static List<Calibration.Observation> synthetic(double k, int n, double spread, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Calibration.Observation> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int cp = (int) Math.round(random.nextGaussian() * spread);
            double p = LogisticFit.expected(k, cp);
            // Draws take 60% of what is left to chance; wins and losses keep the expected score at p.
            double draw = 0.6 * (1 - Math.abs(2 * p - 1));
            double u = random.nextDouble();
            double score = u < p - draw / 2 ? 1 : u < p + draw / 2 ? 0.5 : 0;
            out.add(new Calibration.Observation("synthetic", i, 20, cp, score));
        }
        return out;
    }

    private static double[][] arrays(List<Calibration.Observation> obs) {
        double[] cp = new double[obs.size()];
        double[] y = new double[obs.size()];
        for (int i = 0; i < cp.length; i++) {
            cp[i] = obs.get(i).cp();
            y[i] = obs.get(i).score();
        }
        return new double[][] {cp, y};
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0015, LogisticFit.LICHESS_K, 0.007})
    void recoversTheCoefficientTheResultsWereDrawnFrom(double k) {
        double[][] d = arrays(synthetic(k, 20_000, 300, 7));
        double fitted = LogisticFit.fit(d[0], d[1]);
        // About 3 standard errors at this size; a fitter that is off by a factor (a lost ln 10, a
        // forgotten draw, pawns for centipawns) misses by far more.
        assertEquals(k, fitted, 0.05 * k, "fitted " + fitted);
    }

    @Test
    void theFitIsTheMaximumOfTheLikelihood() {
        double[][] d = arrays(synthetic(0.004, 5_000, 250, 11));
        double k = LogisticFit.fit(d[0], d[1]);
        double best = LogisticFit.logLikelihood(k, d[0], d[1]);
        for (double other = 0.0005; other < 0.02; other += 0.00005) {
            assertTrue(LogisticFit.logLikelihood(other, d[0], d[1]) <= best + 1e-9, "k " + other + " is more likely than " + k);
        }
        assertEquals(0, LogisticFit.slope(k, d[0], d[1]), 1e-6 * d[0].length);
    }

    @Test
    void scoresThatSayNothingGiveZeroAndPerfectOnesTheLargest() {
        assertEquals(0, LogisticFit.fit(new double[] {0, 0, 0}, new double[] {1, 0, 0.5}));
        // Scores that point the wrong way: no positive coefficient helps.
        assertEquals(0, LogisticFit.fit(new double[] {100, -100}, new double[] {0, 1}));
        assertEquals(LogisticFit.MAX_K, LogisticFit.fit(new double[] {100, -100, 50}, new double[] {1, 0, 1}));
        assertThrows(IllegalArgumentException.class, () -> LogisticFit.fit(new double[0], new double[0]));
    }

    @Test
    void expectedScoreIsLichessWinPercentOverAHundred() {
        // lichess: win% = 50 + 50 * (2 / (1 + e^(-k cp)) - 1)
        for (int cp : new int[] {-1000, -300, 0, 35, 200, 1000}) {
            double lichess = 50 + 50 * (2 / (1 + Math.exp(-LogisticFit.LICHESS_K * cp)) - 1);
            assertEquals(lichess / 100, LogisticFit.expected(LogisticFit.LICHESS_K, cp), 1e-12);
        }
        assertEquals(Math.log(0.5) * 2, LogisticFit.logLikelihood(0.01, new double[] {0, 0}, new double[] {1, 0}), 1e-12);
        // No overflow far out: a sure win predicted costs nothing, a sure loss predicted a lot but finitely.
        assertEquals(0, LogisticFit.logLikelihood(1, new double[] {100_000}, new double[] {1}), 1e-12);
        assertEquals(-100_000, LogisticFit.logLikelihood(1, new double[] {100_000}, new double[] {0}), 1e-6);
    }
}

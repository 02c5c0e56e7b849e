package org.kibitz.core.evaluate.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    @Test
    void theIntervalHoldsTheTrueCoefficientAndTheTableFollowsTheModel() {
        double k = 0.0030;
        // Two positions a game share the game's result: the interval must resample games.
        List<Calibration.Observation> one = LogisticFitTest.synthetic(k, 12_000, 300, 3);
        List<Calibration.Observation> obs = new ArrayList<>();
        for (Calibration.Observation o : one) {
            obs.add(new Calibration.Observation("g", o.gameNumber() / 2, o.ply(), o.cp(), o.score()));
        }
        Calibration.Report r = Calibration.fit(obs, 1000, 100, 5);
        assertTrue(r.low() < k && k < r.high(), r.low() + " .. " + r.high());
        assertTrue(r.low() < r.k() && r.k() < r.high());
        assertTrue(r.high() - r.low() < 0.3 * k, "interval too wide: " + r.low() + " .. " + r.high());
        assertEquals(12_000, r.n());
        assertEquals(6_000, r.games());
        assertTrue(r.logLikelihood() >= r.lichessLogLikelihood());
        int counted = 0;
        for (Calibration.Bucket b : r.table()) {
            counted += b.n();
            if (b.n() >= 400) {
                assertEquals(b.fitted(), b.observed(), 0.06, "row " + b);
            }
            assertTrue(b.fitted() >= 0 && b.fitted() <= 1);
        }
        assertEquals(12_000, counted);
    }

    @Test
    void scoresBeyondTheCapCountAsTheCap() {
        List<Calibration.Observation> obs = List.of(new Calibration.Observation("f", 1, 10, 5000, 1),
                new Calibration.Observation("f", 2, 10, -3000, 0), new Calibration.Observation("f", 3, 10, 300, 0.5),
                new Calibration.Observation("f", 4, 10, -200, 1), new Calibration.Observation("f", 5, 10, 100, 0));
        Calibration.Report r = Calibration.fit(obs, 1000, 0, 1);
        assertEquals(2, r.clamped());
        double[] cp = {1000, -1000, 300, -200, 100};
        double[] y = {1, 0, 0.5, 1, 0};
        assertEquals(LogisticFit.fit(cp, y), r.k(), 1e-12);
        assertEquals(r.k(), r.low());
        assertEquals(LogisticFit.logLikelihood(LogisticFit.LICHESS_K, cp, y), r.lichessLogLikelihood(), 1e-9);
        assertEquals(0.5, r.meanScore(), 1e-12);
    }
}

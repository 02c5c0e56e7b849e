package org.kibitz.core.match.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.kibitz.core.match.stats.TournamentRatings.HeadToHead;
import org.kibitz.core.match.stats.TournamentRatings.Rating;

class TournamentRatingsTest {

    private static final List<HeadToHead> THREE = List.of(
            HeadToHead.of("A", "B", 6, 2, 2),
            HeadToHead.of("A", "C", 7, 1, 2),
            HeadToHead.of("B", "C", 5, 3, 2));

    /**
     * Expected values from a one-off Python script (not fishtest: it has no tournament ratings):
     * the same likelihood maximized with scipy.optimize.minimize (BFGS), refined with
     * scipy.optimize.fsolve on the score equations, centred; errors 1.959963984540054 times the
     * square root of the diagonal of numpy.linalg.pinv of the Fisher information.
     */
    @Test
    void threeEnginesAgreeWithAnIndependentComputation() {
        List<Rating> r = TournamentRatings.fit(THREE);
        assertEquals(List.of("A", "B", "C"), r.stream().map(Rating::name).toList());
        assertClose(128.65017451684827, r.get(0).elo());
        assertClose(-25.901714675051494, r.get(1).elo());
        assertClose(-102.74845984179677, r.get(2).elo());
        assertClose(117.9526276509229, r.get(0).error());
        assertClose(107.76723527984, r.get(1).error());
        assertClose(113.6294092556937, r.get(2).error());
        assertEquals(0, r.stream().mapToDouble(Rating::elo).sum(), 1e-9);
        assertEquals(20, r.get(0).games());
        assertEquals(15, r.get(0).points());
        assertEquals(9, r.get(1).points());
        assertEquals(6, r.get(2).points());
    }

    @Test
    void fourEnginesNotAllPairedAgreeWithAnIndependentComputation() {
        List<Rating> r = TournamentRatings.fit(List.of(
                HeadToHead.of("A", "B", 30, 20, 50),
                HeadToHead.of("A", "C", 40, 15, 45),
                HeadToHead.of("B", "C", 25, 25, 50),
                HeadToHead.of("C", "D", 35, 20, 45),
                HeadToHead.of("A", "D", 60, 10, 30)));
        assertEquals(List.of("A", "B", "C", "D"), r.stream().map(Rating::name).toList());
        double[] elo = {77.10357705548083, 16.484449307563487, -8.828090388221852, -84.75993597482244};
        double[] err = {30.99587273884798, 38.623887356551265, 30.047357661631168, 40.34482112515503};
        for (int i = 0; i < 4; i++) {
            assertClose(elo[i], r.get(i).elo());
            assertClose(err[i], r.get(i).error());
        }
        assertEquals(0, r.stream().mapToDouble(Rating::elo).sum(), 1e-9);
    }

    /** By hand: two engines are the logistic Elo of the score, split ±half, error 1.96 / (2k sqrt(n E (1-E))). */
    @Test
    void twoEnginesAreTheMatchElo() {
        List<Rating> r = TournamentRatings.fit(List.of(HeadToHead.of("X", "Y", 30, 20, 50)));
        double score = 0.55;
        double diff = Elo.fromScore(score);
        assertEquals(diff / 2, r.get(0).elo(), 1e-9);
        assertEquals(-diff / 2, r.get(1).elo(), 1e-9);
        double k = Math.log(10) / 400;
        double error = 1.959963984540054 / (2 * k * Math.sqrt(100 * score * (1 - score)));
        assertEquals(error, r.get(0).error(), 1e-9);
        assertEquals(error, r.get(1).error(), 1e-9);
    }

    @Test
    void aCleanSweepHasNoFiniteRatingsUnlessVirtualDrawsAreAdded() {
        List<HeadToHead> sweep = List.of(
                HeadToHead.of("A", "B", 10, 0, 0),
                HeadToHead.of("A", "C", 9, 0, 0),
                HeadToHead.of("B", "C", 5, 3, 2));
        assertThrows(IllegalArgumentException.class, () -> TournamentRatings.fit(sweep));
        List<Rating> r = TournamentRatings.fit(sweep, 2);
        assertEquals("A", r.get(0).name());
        assertTrue(Double.isFinite(r.get(0).elo()) && r.get(0).elo() > 200);
        assertEquals(19, r.get(0).games());
    }

    @Test
    void separateGroupsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> TournamentRatings.fit(List.of(
                HeadToHead.of("A", "B", 5, 3, 2), HeadToHead.of("C", "D", 5, 3, 2))));
    }

    private static void assertClose(double expected, double actual) {
        assertEquals(expected, actual, Math.abs(expected) * 1e-6);
    }
}

package org.kibitz.core.match.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.kibitz.core.match.stats.MatchScore.Outcome;

class MatchScoreTest {

    @Test
    void pairsCountBothGamesAndThePairScore() {
        MatchScore s = MatchScore.EMPTY
                .add(Outcome.WIN, Outcome.LOSS)  // 1 point: the middle bin, like DD
                .add(Outcome.WIN, Outcome.DRAW)  // 1.5
                .add(Outcome.LOSS, Outcome.LOSS) // 0
                .add(Outcome.DRAW);              // a single game, no pair
        assertEquals(2, s.wins());
        assertEquals(3, s.losses());
        assertEquals(2, s.draws());
        assertEquals(7, s.games());
        assertEquals(3, s.pairs());
        assertArrayEquals(new long[] {1, 0, 1, 1, 0}, s.pentanomial());
        assertEquals(3.0, s.points());
        assertEquals(3.0 / 7, s.score(), 1e-15);
        assertEquals(2.0 / 7, s.drawRatio(), 1e-15);
    }

    @Test
    void shardsAddUp() {
        MatchScore a = MatchScore.of(10, 5, 7, 1, 2, 3, 2, 1);
        MatchScore b = MatchScore.of(1, 2, 3, 0, 1, 1, 1, 0);
        assertEquals(MatchScore.of(11, 7, 10, 1, 3, 4, 3, 1), a.plus(b));
        assertEquals(a, a.plus(MatchScore.EMPTY));
        assertEquals(a.hashCode(), MatchScore.of(10, 5, 7, 1, 2, 3, 2, 1).hashCode());
    }

    @Test
    void immutable() {
        long[] counts = {1, 2, 3, 4, 5};
        MatchScore s = MatchScore.of(0, 0, 0, counts);
        counts[0] = 99;
        s.pentanomial()[1] = 99;
        assertArrayEquals(new long[] {1, 2, 3, 4, 5}, s.pentanomial());
    }

    @Test
    void refusesNonsense() {
        assertThrows(IllegalArgumentException.class, () -> MatchScore.of(-1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> MatchScore.of(0, 0, 0, 1, 2, 3));
        assertThrows(IllegalArgumentException.class, () -> MatchScore.of(0, 0, 0, 1, 2, 3, -4, 5));
        assertTrue(Double.isNaN(MatchScore.EMPTY.score()));
    }

    @Test
    void erfAndPhi() {
        // math.erf / scipy.stats.norm.cdf values
        assertEquals(0.8427007929497149, Gaussian.erf(1), 1e-15);
        assertEquals(-0.9953222650189527, Gaussian.erf(-2), 1e-15);
        assertEquals(0.9999779095030014, Gaussian.erf(3), 1e-15);
        assertEquals(1.5374597944280351e-12, Gaussian.erfc(5), 1e-26);
        assertEquals(0.9750021048517795, Gaussian.phi(1.96), 1e-15);
    }
}

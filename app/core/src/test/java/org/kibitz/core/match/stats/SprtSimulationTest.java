package org.kibitz.core.match.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.kibitz.core.match.stats.MatchScore.Outcome;
import org.kibitz.core.match.stats.Sprt.Decision;

/** SPRTs run on simulated game pairs of known strength reach the right decision. */
class SprtSimulationTest {

    private static final int MAX_PAIRS = 200_000;

    // Pair-score probabilities 0, 0.5, 1, 1.5, 2: mean pair score 0.5075 per game, about +5.2 logistic
    // Elo and +8.3 normalized Elo; and the mirror image, -5.2 Elo and -8.3 nElo.
    private static final double[] STRONGER = {0.04, 0.21, 0.48, 0.22, 0.05};
    private static final double[] WEAKER = {0.05, 0.22, 0.48, 0.21, 0.04};

    @Test
    void normalizedStopsAtH1ForAStrongerEngine() {
        assertEquals(Decision.H1_ACCEPTED, run(Sprt.normalized(0, 2), STRONGER, 1));
    }

    @Test
    void normalizedStopsAtH0ForAWeakerEngine() {
        assertEquals(Decision.H0_ACCEPTED, run(Sprt.normalized(0, 2), WEAKER, 2));
    }

    @Test
    void logisticStopsAtH1ForAStrongerEngine() {
        assertEquals(Decision.H1_ACCEPTED, run(Sprt.logistic(-1, 2), STRONGER, 3));
    }

    @Test
    void logisticStopsAtH0ForAWeakerEngine() {
        assertEquals(Decision.H0_ACCEPTED, run(Sprt.logistic(0, 5), WEAKER, 4));
    }

    @Test
    void theTrueStrengthIsWhatTheCommentSays() {
        MatchScore expected = MatchScore.of(0, 0, 0, 400, 2100, 4800, 2200, 500);
        assertEquals(8.3, NormalizedElo.of(expected).nElo(), 0.05);
        assertEquals(5.2, EloDifference.of(expected).elo(), 0.05);
    }

    @Test
    void boundsAreFishtests() {
        Sprt sprt = Sprt.normalized(0, 2);
        assertEquals(Math.log(0.05 / 0.95), sprt.lowerBound(), 1e-15);
        assertEquals(Math.log(0.95 / 0.05), sprt.upperBound(), 1e-15);
        assertEquals(-2.9444389791664403, sprt.lowerBound(), 1e-12);
        assertEquals(Decision.CONTINUE, sprt.decide(0));
        assertEquals(Decision.CONTINUE, sprt.status(MatchScore.EMPTY).decision());
    }

    /** Plays pairs until the test decides; asserts it decides, and that it had not before. */
    private static Decision run(Sprt sprt, double[] pentanomial, long seed) {
        Random random = new Random(seed);
        MatchScore score = MatchScore.EMPTY;
        for (int pair = 1; pair <= MAX_PAIRS; pair++) {
            score = addPair(score, draw(random, pentanomial));
            Sprt.Status status = sprt.status(score);
            if (status.decision() != Decision.CONTINUE) {
                assertTrue(status.llr() >= sprt.upperBound() || status.llr() <= sprt.lowerBound());
                assertEquals(pair, score.pairs());
                assertEquals(2L * pair, score.games());
                return status.decision();
            }
        }
        throw new AssertionError("no decision after " + MAX_PAIRS + " pairs: " + score);
    }

    private static int draw(Random random, double[] probabilities) {
        double u = random.nextDouble();
        for (int k = 0; k < probabilities.length - 1; k++) {
            u -= probabilities[k];
            if (u < 0) {
                return k;
            }
        }
        return probabilities.length - 1;
    }

    private static MatchScore addPair(MatchScore score, int halfPoints) {
        return switch (halfPoints) {
            case 0 -> score.add(Outcome.LOSS, Outcome.LOSS);
            case 1 -> score.add(Outcome.LOSS, Outcome.DRAW);
            case 2 -> score.add(Outcome.DRAW, Outcome.DRAW);
            case 3 -> score.add(Outcome.WIN, Outcome.DRAW);
            default -> score.add(Outcome.WIN, Outcome.WIN);
        };
    }
}

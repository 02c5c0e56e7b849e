package org.kibitz.api.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.kibitz.api.game.Side;

class ScoreTest {

    @Test
    void negationFlipsValueAndBound() {
        Score s = new Score.Centipawns(35, Score.Bound.LOWER);
        assertEquals(new Score.Centipawns(-35, Score.Bound.UPPER), s.negate());
        assertEquals(new Score.Mate(-3, Score.Bound.EXACT), Score.mate(3).negate());
        assertEquals(Score.mate(0), Score.mate(0).negate());
    }

    @Test
    void forWhiteConvertsOnlyBlacksScores() {
        assertEquals(Score.centipawns(50), Score.centipawns(50).forWhite(Side.WHITE));
        assertEquals(Score.centipawns(-50), Score.centipawns(50).forWhite(Side.BLACK));
    }

    @Test
    void orderPutsQuickMatesFirstAndBeingMatedLast() {
        assertTrue(Score.mate(1).order() > Score.mate(5).order());
        assertTrue(Score.mate(5).order() > Score.centipawns(5000).order());
        assertTrue(Score.mate(-5).order() < Score.centipawns(-5000).order());
        assertTrue(Score.mate(-1).order() < Score.mate(-5).order());
        assertTrue(Score.mate(0).order() < Score.mate(-1).order());
    }
}

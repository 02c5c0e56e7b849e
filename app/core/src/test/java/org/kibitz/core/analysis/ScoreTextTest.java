package org.kibitz.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Wdl;
import org.kibitz.api.game.Side;

/** Scores, counts and times as the engine panes write them. */
class ScoreTextTest {

    @Test
    void centipawnsAsPawnsOrCentipawns() {
        assertEquals("+0.35", ScoreText.format(Score.centipawns(35), ScoreText.Unit.PAWNS));
        assertEquals("-1.20", ScoreText.format(Score.centipawns(-120), ScoreText.Unit.PAWNS));
        assertEquals("0.00", ScoreText.format(Score.centipawns(0), ScoreText.Unit.PAWNS));
        assertEquals("-0.05", ScoreText.format(Score.centipawns(-5), ScoreText.Unit.PAWNS));
        assertEquals("+35", ScoreText.format(Score.centipawns(35), ScoreText.Unit.CENTIPAWNS));
        assertEquals("-120", ScoreText.format(Score.centipawns(-120), ScoreText.Unit.CENTIPAWNS));
        assertEquals("0", ScoreText.format(Score.centipawns(0), ScoreText.Unit.CENTIPAWNS));
    }

    @Test
    void matesAndBounds() {
        assertEquals("#5", ScoreText.format(Score.mate(5), ScoreText.Unit.PAWNS));
        assertEquals("#-3", ScoreText.format(Score.mate(-3), ScoreText.Unit.CENTIPAWNS));
        assertEquals("≥+0.35", ScoreText.format(new Score.Centipawns(35, Score.Bound.LOWER), ScoreText.Unit.PAWNS));
        assertEquals("≤-12", ScoreText.format(new Score.Centipawns(-12, Score.Bound.UPPER), ScoreText.Unit.CENTIPAWNS));
        // A lower bound for the side to move is an upper bound for the other side.
        Score lower = new Score.Centipawns(35, Score.Bound.LOWER);
        assertEquals("≤-0.35", ScoreText.format(lower.forWhite(Side.BLACK), ScoreText.Unit.PAWNS));
        assertEquals("#-2", ScoreText.format(Score.mate(2).forWhite(Side.BLACK), ScoreText.Unit.PAWNS));
    }

    @Test
    void countsTimesAndWdl() {
        assertEquals("850", ScoreText.count(850));
        assertEquals("12.3k", ScoreText.count(12_345));
        assertEquals("4.57M", ScoreText.count(4_567_000));
        assertEquals("123M", ScoreText.count(123_456_789));
        assertEquals("1.23G", ScoreText.count(1_234_567_890));
        assertEquals("0.8s", ScoreText.time(Duration.ofMillis(800)));
        assertEquals("12.3s", ScoreText.time(Duration.ofMillis(12_300)));
        assertEquals("1:05", ScoreText.time(Duration.ofSeconds(65)));
        assertEquals("1:02:03", ScoreText.time(Duration.ofSeconds(3723)));
        assertEquals("42/51/7", ScoreText.wdl(new Wdl(420, 510, 70)));
        assertEquals("-", ScoreText.wdl(new Wdl(0, 0, 0)));
    }

    @Test
    void plotValuesAreClippedAndMatesSitAtTheEdges() {
        assertEquals(0.35, ScoreText.plotValue(Score.centipawns(35), 6), 1e-9);
        assertEquals(6.0, ScoreText.plotValue(Score.centipawns(2500), 6), 1e-9);
        assertEquals(-6.0, ScoreText.plotValue(Score.centipawns(-900), 6), 1e-9);
        assertEquals(6.0, ScoreText.plotValue(Score.mate(7), 6), 1e-9);
        assertEquals(-6.0, ScoreText.plotValue(Score.mate(-1), 6), 1e-9);
        assertEquals(-6.0, ScoreText.plotValue(Score.mate(0), 6), 1e-9);
    }
}

package org.kibitz.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.api.analysis.Score;
import org.kibitz.core.evaluate.judge.WinModel;

class EvalBarFillTest {

    @ParameterizedTest(name = "{0} cp fills {1} of the bar for White (lichess model)")
    @CsvSource({
            "0, 0.5",
            // lichess: 50 + 50 * (2 / (1 + e^(-0.00368208 * cp)) - 1)
            "100, 0.5910",
            "-100, 0.4090",
            "300, 0.7511",
            // clamped at 1000 cp: a huge score is not a mate
            "5000, 0.9754",
    })
    void aCentipawnScoreFillsWhitesShareByTheWinModel(int cp, double share) {
        assertEquals(share, EvalBarFill.whiteShare(Score.centipawns(cp), WinModel.LICHESS), 0.0005);
    }

    @Test
    void aMateFillsTheWholeBarForTheMatingSide() {
        assertEquals(1.0, EvalBarFill.whiteShare(new Score.Mate(3, Score.Bound.EXACT), WinModel.LICHESS));
        assertEquals(0.0, EvalBarFill.whiteShare(new Score.Mate(-2, Score.Bound.EXACT), WinModel.LICHESS));
        assertEquals(0.0, EvalBarFill.whiteShare(new Score.Mate(0, Score.Bound.EXACT), WinModel.LICHESS));
    }

    @Test
    void xiangqisSteeperModelFillsMoreForTheSameScore() {
        assertTrue(EvalBarFill.whiteShare(Score.centipawns(200), WinModel.XIANGQI)
                > EvalBarFill.whiteShare(Score.centipawns(200), WinModel.LICHESS));
    }

    @Test
    void theLabelIsShortAndUnsignedAndSaysWhoseEndItBelongsTo() {
        assertEquals("0.4", EvalBarFill.label(Score.centipawns(-38)));
        assertEquals("12.1", EvalBarFill.label(Score.centipawns(1210)));
        assertEquals("M3", EvalBarFill.label(new Score.Mate(-3, Score.Bound.EXACT)));
        assertFalse(EvalBarFill.whiteAhead(Score.centipawns(-38)));
        assertTrue(EvalBarFill.whiteAhead(Score.centipawns(0)));
        assertTrue(EvalBarFill.whiteAhead(new Score.Mate(1, Score.Bound.EXACT)));
    }
}

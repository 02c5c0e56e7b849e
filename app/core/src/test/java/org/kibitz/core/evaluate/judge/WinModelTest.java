package org.kibitz.core.evaluate.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.api.analysis.Score;

/**
 * Win% by hand: winningChances = 2/(1+e^(-k·cp)) - 1 = tanh(k·cp/2), win% = 50 + 50·that.
 * Lichess k = 0.00368208:
 *   cp 100:  k·cp/2 = 0.184104, tanh ≈ x - x³/3 + 2x⁵/15 = 0.184104 - 0.002080 + 0.000028 = 0.182052 → 59.1026
 *   cp 1000: e^(k·1000) = e^3.68208 = 39.7290, tanh = 38.7290/40.7290 = 0.950895 → 97.5447
 * k = 0.0035 (the xiangqi placeholder):
 *   cp 100:  tanh(0.175) = 0.175 - 0.0017865 + 0.0000219 = 0.173235 → 58.6618
 *   cp 1000: e^3.5 = 33.1155, tanh = 32.1155/34.1155 = 0.941376 → 97.0688
 * The other side is 100 minus these; beyond ±1000 cp is clamped; a mate is ±1000.
 */
class WinModelTest {

    private static final double EPS = 1e-3;

    static Score score(String text) {
        return text.startsWith("#") ? Score.mate(Integer.parseInt(text.substring(1))) : Score.centipawns(Integer.parseInt(text));
    }

    @ParameterizedTest(name = "{0} → lichess {1}, k=0.0035 {2}")
    @CsvSource({
            "0,     50.0,    50.0",
            "100,   59.1026, 58.6618",
            "-100,  40.8974, 41.3382",
            "1000,  97.5447, 97.0688",
            "-1000,  2.4553,  2.9312",
            "5000,  97.5447, 97.0688",   // clamped to 1000
            "-5000,  2.4553,  2.9312",
            "#3,    97.5447, 97.0688",   // the holder mates: +1000
            "#1,    97.5447, 97.0688",
            "#-3,    2.4553,  2.9312",   // the holder is mated: -1000
            "#0,     2.4553,  2.9312",   // mated on the board
    })
    void winPercentOfAScoreIsTheLogisticOfItsClampedCentipawns(String s, double lichess, double xiangqiShape) {
        assertEquals(lichess, WinModel.LICHESS.winPercent(score(s)), EPS);
        // The xiangqi constant will move when it is calibrated: its shape is checked with the placeholder's value.
        assertEquals(xiangqiShape, new WinModel("x", 0.0035, 1000, 1000).winPercent(score(s)), EPS);
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "100, 0.182052", "-100, -0.182052", "1000, 0.950895", "-5000, -0.950895", "#2, 0.950895", "#-2, -0.950895"})
    void winningChancesAreWinPercentOnTheMinusOneToOneScale(String s, double chances) {
        assertEquals(chances, WinModel.LICHESS.winningChances(score(s)), 1e-5);
    }

    @Test
    void aBoundIsCountedAsItsValue() {
        assertEquals(WinModel.LICHESS.winPercent(Score.centipawns(80)),
                WinModel.LICHESS.winPercent(new Score.Centipawns(80, Score.Bound.LOWER)));
    }

    @Test
    void aMateValueBeyondTheClampIsKept() {
        // Lucas Chess's model: k 0.003, clamp 2000; a model with mate 3000 > clamp counts a mate as 3000.
        WinModel m = new WinModel("m", 0.003, 2000, 3000);
        assertEquals(Math.tanh(0.003 * 3000 / 2), m.winningChances(Score.mate(4)), 1e-12);
        assertEquals(Math.tanh(0.003 * 2000 / 2), m.winningChances(Score.centipawns(9000)), 1e-12);
        assertEquals(3000, m.centipawns(Score.mate(4)));
        assertEquals(-2000, m.centipawns(Score.centipawns(-2500)));
    }

    @Test
    void theXiangqiModelIsItsOwn() {
        assertEquals("kibitz-xiangqi", WinModel.XIANGQI.name());
        assertEquals(WinModel.XIANGQI_K, WinModel.XIANGQI.k());
        assertNotEquals(WinModel.LICHESS.k(), WinModel.XIANGQI.k());
        assertEquals(0.00368208, WinModel.LICHESS.k());
    }

    @Test
    void nonsenseParametersAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new WinModel("x", 0, 1000, 1000));
        assertThrows(IllegalArgumentException.class, () -> new WinModel("x", Double.NaN, 1000, 1000));
        assertThrows(IllegalArgumentException.class, () -> new WinModel("x", 0.003, 0, 1000));
        assertThrows(IllegalArgumentException.class, () -> new WinModel("two words", 0.003, 1000, 1000));
    }
}

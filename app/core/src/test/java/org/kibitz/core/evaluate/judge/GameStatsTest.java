package org.kibitz.core.evaluate.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.core.evaluate.judge.WinModelTest.score;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Side;
import org.kibitz.core.evaluate.judge.GameStats.JudgedMove;

/** Game accuracy, ACPL and counts on small games worked out by hand. */
class GameStatsTest {

    private static final JudgementModel LICHESS = JudgementModel.lichess();

    /** A game from White's evaluations: {@code whiteCp[0]} before the first move, then after each move. */
    private static List<JudgedMove> game(Side first, String... white) {
        List<JudgedMove> moves = new ArrayList<>();
        Side mover = first;
        for (int i = 1; i < white.length; i++) {
            Score before = score(white[i - 1]).forWhite(mover);
            Score after = score(white[i]).forWhite(mover);
            moves.add(new JudgedMove(mover, before, after,
                    LICHESS.judge(before, after, false, Optional.empty(), OptionalInt.empty())));
            mover = mover.opposite();
        }
        return moves;
    }

    /**
     * White's evaluations 0, 0, +100, -100, -100 (win% 50, 50, 59.1026, 40.8974, 40.8974):
     * <ul>
     * <li>moves: White 1 loses nothing (100); Black 1 loses 9.1026 win% (103.16681·e^(-0.0435442·9.1026) - 2.16692
     *     = 67.2397); White 2 loses 18.2052 (44.5272); Black 2 nothing (100).
     * <li>4 moves: window 2 (4/10 raised to 2), so each move's weight is the population deviation of its own
     *     pair, |a-b|/2, held to 0.5..12: 0 → 0.5, 4.5513, 9.1026, 0 → 0.5.
     * <li>White: weighted (100·0.5 + 44.5272·9.1026) / 9.6026 = 47.4156; harmonic 2 / (1/100 + 1/44.5272)
     *     = 61.6177; accuracy 54.5167.
     * <li>Black: weighted (67.2397·4.5513 + 100·0.5) / 5.0513 = 70.4825; harmonic 2 / (1/67.2397 + 1/100)
     *     = 80.4112; accuracy 75.4468.
     * <li>ACPL: White 0 and 100-(-100) = 200 → 100; Black 0-(-100) = 100 and 0 → 50.
     * </ul>
     */
    @Test
    void aShortGameByHand() {
        GameStats stats = GameStats.of(WinModel.LICHESS, game(Side.WHITE, "0", "0", "100", "-100", "-100"));
        assertEquals(2, stats.white().moves());
        assertEquals(54.5167, stats.white().accuracy().orElseThrow(), 1e-3);
        assertEquals(75.4468, stats.black().accuracy().orElseThrow(), 1e-3);
        assertEquals(100, stats.white().acpl().orElseThrow(), 1e-9);
        assertEquals(50, stats.black().acpl().orElseThrow(), 1e-9);
        // White's +100 → -100 loses 0.182052 + 0.182052 = 0.364104 winning chances: ??
        assertEquals(1, stats.white().count(Judgement.BLUNDER));
        assertEquals(1, stats.white().count(Judgement.NONE));
        // Black's 0 → -100: tanh(0.184104) = 0.182052: ?!
        assertEquals(1, stats.black().count(Judgement.INACCURACY));
        assertEquals(0, stats.black().count(Judgement.MISTAKE));
        assertEquals(stats.black(), stats.of(Side.BLACK));
    }

    @Test
    void theSameGameWithBlackFirstSwapsTheSides() {
        // Negate every evaluation and let Black move first: the same game in the mirror.
        GameStats stats = GameStats.of(WinModel.LICHESS, game(Side.BLACK, "0", "0", "-100", "100", "100"));
        assertEquals(54.5167, stats.black().accuracy().orElseThrow(), 1e-3);
        assertEquals(75.4468, stats.white().accuracy().orElseThrow(), 1e-3);
        assertEquals(100, stats.black().acpl().orElseThrow(), 1e-9);
        assertEquals(50, stats.white().acpl().orElseThrow(), 1e-9);
    }

    @Test
    void windowsGrowWithTheGameAndTheFirstIsRepeated() {
        assertEquals(2, Accuracy.windowSize(4));
        assertEquals(2, Accuracy.windowSize(29));
        assertEquals(3, Accuracy.windowSize(30));
        assertEquals(8, Accuracy.windowSize(500));
        // 30 moves, window 3: moves 0 and 1 share the first window {v0,v1,v2}, move 2 has {v1,v2,v3}.
        List<Double> w = new ArrayList<>();
        for (int i = 0; i <= 30; i++) {
            w.add(50.0);
        }
        w.set(1, 56.0); // the first window {50,56,50}: mean 52, deviation sqrt((4+16+4)/3) = 2.8284
        w.set(3, 80.0); // {56,50,80} from move 2: mean 62, sqrt((36+144+324)/3) = 12.96 → 12
        double[] weights = Accuracy.volatilityWeights(w);
        assertEquals(30, weights.length);
        assertEquals(Math.sqrt(8), weights[0], 1e-9);
        assertEquals(Math.sqrt(8), weights[1], 1e-9);
        assertEquals(12, weights[2], 1e-9);
        assertEquals(0.5, weights[29], 1e-9);
    }

    /** Lichess's own expectations (lila AccuracyPercentTest, with its tolerances), starting from its 15 cp. */
    @Test
    void lichessExamplesComeOutAsLichessExpects() {
        GameStats blunder = GameStats.of(WinModel.LICHESS, game(Side.WHITE, "15", "-900", "-900"));
        assertEquals(10, blunder.white().accuracy().orElseThrow(), 5);
        assertEquals(100, blunder.black().accuracy().orElseThrow(), 1);
        String[] evals = new String[102];
        evals[0] = "15";
        for (int i = 1; i < evals.length; i++) {
            evals[i] = i % 2 == 1 ? "-135" : "15"; // each side loses 150 cp a move
        }
        GameStats mediocre = GameStats.of(WinModel.LICHESS, game(Side.WHITE, evals));
        assertEquals(54, mediocre.white().accuracy().orElseThrow(), 8);
        assertEquals(54, mediocre.black().accuracy().orElseThrow(), 8);
        assertEquals(150, mediocre.white().acpl().orElseThrow(), 1e-9);
    }

    /**
     * ACPL counts scores clamped to ±1000 and mates as ±1000, from the mover's view: White from +5000 (1000) to
     * +200 loses 800; Black, at -200 for it, walks into mate (-1000) and loses 800; White then gives up a
     * mate in 2 (1000) for +1500 (1000) and loses nothing; Black's -1500 → -1400 is -1000 → -1000, nothing.
     */
    @Test
    void acplClampsAndCountsMatesAsTheCeiling() {
        List<JudgedMove> moves = List.of(
                move(Side.WHITE, "5000", "200"),
                move(Side.BLACK, "-200", "#-3"),
                move(Side.WHITE, "#2", "1500"),
                move(Side.BLACK, "-1500", "-1400"));
        GameStats stats = GameStats.of(WinModel.LICHESS, moves);
        assertEquals(400, stats.white().acpl().orElseThrow(), 1e-9);
        assertEquals(400, stats.black().acpl().orElseThrow(), 1e-9); // (800 + 0) / 2
        assertEquals(1, stats.black().count(Judgement.BLUNDER), "walking into mate from -200");
        assertEquals(1, stats.white().count(Judgement.INACCURACY), "a mate lost for +1500 is ?! by lichess's rule");
        assertEquals(1, stats.white().count(Judgement.BLUNDER), "1000 → 200 loses 0.950895 - 0.355775 = 0.595");
    }

    /**
     * A move of accuracy 0 counts as 1 in the harmonic mean, or one such move would make it 0. White's view
     * +1000, +1000, +1000, mated (win% 97.5447, 97.5447, 97.5447, 2.4553): White's second move loses 95.0894
     * win%, 103.16681·e^(-4.14059) - 2.16692 = 1.6411 - 2.1669 < 0 → accuracy 0. Window 2, weights 0.5, 0.5,
     * 47.5447 → 12. White: weighted (100·0.5 + 0·12) / 12.5 = 4, harmonic 2 / (1/100 + 1/1) = 1.9802,
     * accuracy 2.9901 (without the floor it would be 2).
     */
    @Test
    void aZeroAccuracyMoveCountsAsOneInTheHarmonicMean() {
        GameStats stats = GameStats.of(WinModel.LICHESS, game(Side.WHITE, "1000", "1000", "1000", "#-1"));
        assertEquals(2.9901, stats.white().accuracy().orElseThrow(), 1e-3);
    }

    @Test
    void matingOnTheBoardLosesNothing() {
        GameStats stats = GameStats.of(WinModel.LICHESS, List.of(move(Side.WHITE, "#1", "#0")));
        assertEquals(0, stats.white().acpl().orElseThrow(), 1e-9);
        assertEquals(100, stats.white().accuracy().orElseThrow(), 1e-9);
    }

    @Test
    void aSideWithoutJudgedMovesHasNoAccuracy() {
        GameStats stats = GameStats.of(WinModel.LICHESS, List.of(move(Side.WHITE, "0", "-55")));
        assertTrue(stats.black().accuracy().isEmpty());
        assertTrue(stats.black().acpl().isEmpty());
        assertEquals(0, stats.black().moves());
        assertEquals(1, stats.white().count(Judgement.INACCURACY));
        GameStats none = GameStats.of(WinModel.LICHESS, List.of());
        assertTrue(none.white().accuracy().isEmpty());
    }

    private static JudgedMove move(Side mover, String before, String after) {
        Score b = score(before);
        Score a = score(after);
        return new JudgedMove(mover, b, a, LICHESS.judge(b, a, false, Optional.empty(), OptionalInt.empty()));
    }
}

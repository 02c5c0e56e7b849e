package org.kibitz.core.evaluate.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.core.evaluate.judge.WinModelTest.score;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.analysis.Score;

/**
 * Judgements worked out by hand. A move from 0 cp to -x cp loses tanh(k·x/2) winning chances (lichess k =
 * 0.00368208); the edges: atanh(0.1) = 0.100335 → x = 54.50, atanh(0.2) = 0.202733 → x = 110.12,
 * atanh(0.3) = 0.309520 → x = 168.12, atanh(0.4) = 0.423649 → x = 230.12. So -54 loses 0.09909 and -55
 * 0.10091; -110 0.19979 and -111 0.20156; -168 0.29980 and -169 0.30147; -230 0.39982 and -231 0.40137.
 */
class JudgementModelTest {

    private static final JudgementModel LICHESS = JudgementModel.lichess();

    private static MoveVerdict judge(JudgementModel m, String before, String after) {
        return m.judge(score(before), score(after), false, Optional.empty(), OptionalInt.empty());
    }

    private static Optional<MateNote> note(String text) {
        return text == null ? Optional.empty() : Optional.of(MateNote.valueOf(text));
    }

    @ParameterizedTest(name = "lichess {0} → {1}: {2} {3}")
    @CsvSource({
            "0,     -54,   NONE,",            // 0.09909 < 0.1
            "0,     -55,   INACCURACY,",      // 0.10091
            "0,     -110,  INACCURACY,",      // 0.19979
            "0,     -111,  MISTAKE,",         // 0.20156
            "0,     -168,  MISTAKE,",         // 0.29980
            "0,     -169,  BLUNDER,",         // 0.30147
            "-300,  -500,  MISTAKE,",         // tanh(0.920520) - tanh(0.552312) = 0.72646 - 0.50222 = 0.22424
            "-100,  100,   NONE,",            // a gain
            "5000,  1000,  NONE,",            // both clamped to 1000: nothing lost
            "2000,  400,   BLUNDER,",         // 0.950895 - tanh(0.736416) = 0.950895 - 0.626975 = 0.32392
            // lichess's mate rules: created, judged by the centipawns before (mover's view)
            "50,    #-2,   BLUNDER,    MATE_CREATED",
            "-700,  #-2,   BLUNDER,    MATE_CREATED",   // not below -700
            "-701,  #-2,   MISTAKE,    MATE_CREATED",
            "-999,  #-2,   MISTAKE,    MATE_CREATED",   // not below -999
            "-1000, #-2,   INACCURACY, MATE_CREATED",   // the cp rule alone would say nothing: both are -1000
            // lost, judged by the centipawns after
            "#3,    1000,  INACCURACY, MATE_LOST",
            "#3,    999,   MISTAKE,    MATE_LOST",
            "#3,    701,   MISTAKE,    MATE_LOST",
            "#3,    700,   BLUNDER,    MATE_LOST",
            "#3,    #-4,   BLUNDER,    MATE_LOST",
            // delayed: noted, never judged; the best keeps mate in n at n-1
            "#3,    #2,    NONE,",
            "#3,    #3,    NONE,       MATE_DELAYED",
            "#3,    #6,    NONE,       MATE_DELAYED",
            "#1,    #0,    NONE,",                      // Mate(0) after the move: the mover just mated
            "#-3,   #-1,   NONE,",                      // being mated either way: lichess says nothing
            "#-3,   200,   NONE,",
            "300,   #5,    NONE,",
    })
    void lichessJudgesByWinningChancesLostAndItsMateRules(String before, String after, Judgement expected, String mate) {
        MoveVerdict v = judge(LICHESS, before, after);
        assertEquals(expected, v.judgement());
        assertEquals(note(mate), v.mate());
    }

    @ParameterizedTest(name = "En Croissant {0} → {1}: {2}")
    @CsvSource({
            "0,     -55,   INACCURACY",
            "0,     -111,  MISTAKE",
            "0,     -169,  MISTAKE",     // lichess's blunder, not En Croissant's
            "0,     -230,  MISTAKE",     // 0.39982 < 0.4
            "0,     -231,  BLUNDER",     // 0.40137
            "#3,    1000,  NONE",        // no mate rules: mate and +1000 are both 1000
            "#3,    300,   BLUNDER",     // 0.950895 - 0.502223 = 0.44864
            "50,    #-2,   BLUNDER",     // 0.091793 + 0.950895
            "-1000, #-2,   NONE",
    })
    void enCroissantHasAWiderBlunderAndNoMateRules(String before, String after, Judgement expected) {
        MoveVerdict v = judge(JudgementModel.enCroissant(), before, after);
        assertEquals(expected, v.judgement());
        assertEquals(Optional.empty(), v.mate());
    }

    /**
     * Lucas Chess: k = 0.003, a move from 0 to -x loses tanh(0.0015·x) winning chances, which its own points
     * (0..100, divided by tanh(3) = 0.995055) put at 50·tanh(0.0015·x)/0.995055: -43 → 3.237 and -44 → 3.312
     * (edge 3.3), -100 → 7.481 and -101 → 7.555 (edge 7.5), -212 → 15.461 and -213 → 15.529 (edge 15.5).
     */
    @ParameterizedTest(name = "Lucas Chess 0 → {0}: {1}")
    @CsvSource({"-43, NONE", "-44, INACCURACY", "-100, INACCURACY", "-101, MISTAKE", "-212, MISTAKE", "-213, BLUNDER",
            "-1900, BLUNDER", "2500, NONE"})
    void lucasChessAgreesWithItsOwnPointsAtEachEdge(int after, Judgement expected) {
        assertEquals(expected, judge(JudgementModel.lucasChess(), "0", Integer.toString(after)).judgement());
    }

    @Test
    void aVerdictCarriesWinPercentLossAndAccuracyFromTheMoversView() {
        // 0 → -500: win% 50 → 50 - 50·tanh(0.920520) = 13.6928, loss 36.3072,
        // accuracy 103.16681·e^(-0.0435442·36.3072) - 3.16692 + 1 = 19.0624
        MoveVerdict v = judge(LICHESS, "0", "-500");
        assertEquals(50, v.winBefore(), 1e-9);
        assertEquals(13.6928, v.winAfter(), 1e-3);
        assertEquals(36.3072, v.winLoss(), 1e-3);
        assertEquals(19.0624, v.accuracy(), 1e-3);
        assertEquals(Judgement.BLUNDER, v.judgement());
        MoveVerdict gain = judge(LICHESS, "-100", "100");
        assertEquals(0, gain.winLoss());
        assertEquals(100, gain.accuracy());
    }

    @Test
    void theEnginesFirstChoiceIsNeverAnErrorWhateverTheNoise() {
        MoveVerdict v = LICHESS.judge(score("0"), score("-500"), true, Optional.empty(), OptionalInt.empty());
        assertEquals(Judgement.NONE, v.judgement());
        assertEquals(36.3072, v.winLoss(), 1e-3, "the numbers stay honest");
        MoveVerdict mate = LICHESS.judge(score("#3"), score("200"), true, Optional.empty(), OptionalInt.empty());
        assertEquals(Judgement.NONE, mate.judgement());
        assertEquals(Optional.empty(), mate.mate());
    }

    /**
     * The ! rule, lichess preset (good 0.2, decided 0.8, sacrifice 200). Winning chances: 50 → 0.091793,
     * -100 → -0.182052 (gap 0.273845), 0 → gap 0.091793; 0 vs -110 → 0.19979, vs -111 → 0.20156;
     * 596 → 0.799513 (not decided), 597 → 0.800176 (decided); -300 vs mated: -0.502223 + 0.950895 = 0.448672.
     */
    @ParameterizedTest(name = "best {0}, second {1}, material {2} → {3}")
    @CsvSource({
            "50,   -100, ,     GOOD",
            "50,   0,    ,     NONE",
            "0,    -110, ,     NONE",
            "0,    -111, ,     GOOD",
            "596,  -500, ,     GOOD",
            "597,  -500, ,     NONE",
            "-300, #-5,  ,     GOOD",
            "#4,   -200, ,     NONE",      // a mate is decided
            "0,    -111, 200,  BRILLIANT",
            "0,    -111, 199,  GOOD",
            "0,    -110, 900,  NONE",      // !! needs ! first
    })
    void theOnlyGoodMoveIsMarkedAndASacrificeMakesItBrilliant(String best, String second, Integer material, Judgement expected) {
        OptionalInt given = material == null ? OptionalInt.empty() : OptionalInt.of(material);
        assertEquals(expected, LICHESS.judge(score(best), score(best), true, Optional.of(score(second)), given).judgement());
    }

    @Test
    void noMarkWithoutTheBestMoveOrASecondLine() {
        assertEquals(Judgement.NONE, LICHESS.judge(score("0"), score("-10"), false, Optional.of(score("-500")),
                OptionalInt.of(900)).judgement());
        assertEquals(Judgement.NONE, LICHESS.judge(score("0"), score("0"), true, Optional.empty(), OptionalInt.of(900)).judgement());
    }

    @ParameterizedTest(name = "En Croissant best {0}, second {1}, material {2} → {3}")
    @CsvSource({"700, -500, , GOOD", "0, -111, 101, BRILLIANT", "0, -111, 100, GOOD"})
    void enCroissantMarksDecidedPositionsAndSmallerSacrifices(String best, String second, Integer material, Judgement expected) {
        OptionalInt given = material == null ? OptionalInt.empty() : OptionalInt.of(material);
        assertEquals(expected, JudgementModel.enCroissant()
                .judge(score(best), score(best), true, Optional.of(score(second)), given).judgement());
    }

    @Test
    void sacrificeZeroNeverGivesBrilliant() {
        JudgementModel m = JudgementModel.parse("lichess:sacrifice=0", "chess");
        assertEquals(Judgement.GOOD, m.judge(score("0"), score("0"), true, Optional.of(score("-111")), OptionalInt.of(100_000)).judgement());
    }

    @Test
    void describeNamesEveryParameterInStableText() {
        assertEquals("lichess k=0.00368208 clamp=1000 mate=1000 inaccuracy=0.1 mistake=0.2 blunder=0.3 mates=lichess"
                + " good=0.2 decided=0.8 sacrifice=200", LICHESS.describe());
        assertEquals("encroissant k=0.00368208 clamp=1000 mate=1000 inaccuracy=0.1 mistake=0.2 blunder=0.4 mates=none"
                + " good=0.2 decided=1 sacrifice=101", JudgementModel.enCroissant().describe());
        assertEquals("lucas k=0.003 clamp=2000 mate=2000 inaccuracy=0.0657 mistake=0.1493 blunder=0.3085 mates=none"
                + " good=0.2 decided=0.8 sacrifice=200", JudgementModel.lucasChess().describe());
        assertTrue(JudgementModel.xiangqi().describe().startsWith("xiangqi k=" + WinModel.XIANGQI_K + " clamp=1000"),
                JudgementModel.xiangqi().describe());
    }

    static Stream<JudgementModel> models() {
        return Stream.of(LICHESS, JudgementModel.enCroissant(), JudgementModel.lucasChess(), JudgementModel.xiangqi(),
                JudgementModel.parse("lichess:inaccuracy=0.08,mistake=0.15,blunder=0.25,k=0.004", "chess"),
                JudgementModel.parse("xiangqi:k=0.00123456789,mates=none,decided=1,sacrifice=0,clamp=1500,mate=3000", "xiangqi"),
                JudgementModel.parse("lucas:good=0.35", "chess"));
    }

    @ParameterizedTest
    @MethodSource("models")
    void describedModelsReadBackEqual(JudgementModel m) {
        assertEquals(m, JudgementModel.parse(m.describe(), "chess"));
        assertEquals(m, JudgementModel.parse(m.describe(), "xiangqi"), "the name decides, not the game");
    }

    @Test
    void overridesChangeTheNumbersAndMarkTheName() {
        JudgementModel m = JudgementModel.parse("lichess:inaccuracy=0.08,mistake=0.15,blunder=0.25,k=0.004", "chess");
        assertEquals(new JudgementModel("lichess*", new WinModel("lichess*", 0.004, 1000, 1000), 0.08, 0.15, 0.25, true,
                0.2, 0.8, 200), m);
        assertEquals("lichess* k=0.004 clamp=1000 mate=1000 inaccuracy=0.08 mistake=0.15 blunder=0.25 mates=lichess"
                + " good=0.2 decided=0.8 sacrifice=200", m.describe());
        JudgementModel thresholdsOnly = JudgementModel.parse("lichess blunder=0.35", "chess");
        assertEquals("lichess*", thresholdsOnly.name());
        assertEquals(WinModel.LICHESS, thresholdsOnly.win(), "the win model is unchanged");
        assertEquals(LICHESS, JudgementModel.parse("lichess:inaccuracy=0.1,k=0.00368208", "chess"), "same numbers, same model");
        assertEquals(Judgement.MISTAKE, judge(thresholdsOnly, "0", "-169").judgement());
    }

    @Test
    void theGameChoosesTheDefault() {
        assertEquals(LICHESS, JudgementModel.forGame("chess"));
        assertEquals(JudgementModel.xiangqi(), JudgementModel.forGame("xiangqi"));
        assertEquals(WinModel.XIANGQI, JudgementModel.xiangqi().win());
        assertEquals(LICHESS, JudgementModel.parse(null, "chess"));
        assertEquals(JudgementModel.xiangqi(), JudgementModel.parse("  ", "xiangqi"));
        assertEquals(JudgementModel.enCroissant(), JudgementModel.parse("En-Croissant", "xiangqi"));
        assertEquals(LICHESS, JudgementModel.parse("LICHESS", "xiangqi"));
        JudgementModel onlyK = JudgementModel.parse("k=0.004", "xiangqi");
        assertEquals("xiangqi*", onlyK.name());
        assertEquals(new WinModel("kibitz-xiangqi*", 0.004, 1000, 1000), onlyK.win());
        assertNotEquals(LICHESS, JudgementModel.lucasChess());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "foo                      | unknown judgement model “foo”",
            "lichess:k                | “k” in “lichess:k” is not key=value",
            "lichess:k=               | “k=” in “lichess:k=” is not key=value",
            "lichess:q=1              | unknown judgement parameter “q”: expected one of k, clamp, mate",
            "lichess:k=abc            | k=abc: expected a number",
            "lichess:k=NaN            | k=NaN: expected a number",
            "lichess:k=-1             | k=-1: expected a positive number",
            "lichess:clamp=1.5        | clamp=1.5: expected whole centipawns",
            "lichess:mistake=0.05     | inaccuracy=0.1, mistake=0.05, blunder=0.3: expected 0 < inaccuracy",
            "lichess:decided=1.5      | decided=1.5: expected a number above 0, at most 1",
            "lichess:good=0           | good=0: expected a number above 0, at most 2",
            "lichess:sacrifice=-100   | sacrifice=-100: expected 0 or more centipawns",
            "lichess:mate=-5          | mate=-5: expected a positive number of centipawns",
            "lichess:mates=maybe      | mates=maybe: expected lichess or none",
            "lichess:k=0.004,k=0.005  | judgement parameter “k” is given twice",
    })
    void aBadSpecSaysWhatIsWrong(String spec, String message) {
        JudgeSpecException e = assertThrows(JudgeSpecException.class, () -> JudgementModel.parse(spec, "chess"));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
        assertTrue(e instanceof IllegalArgumentException);
    }

    @Test
    void aBadSpecIsExplainedInChineseToo() {
        JudgeSpecException e = assertThrows(JudgeSpecException.class, () -> JudgementModel.parse("foo", "chess"));
        assertEquals("未知的评判模型“foo”：应为 lichess、encroissant、lucas 或 xiangqi", e.text().render(Locale.SIMPLIFIED_CHINESE));
    }

    /** Issue 46: a bad number was explained half in English ("评判模型不可用：k must be a positive number"). */
    @ParameterizedTest
    @ValueSource(strings = {"lichess:k=-1", "lichess:mistake=0.05", "lichess:decided=1.5", "lichess:good=3",
            "lichess:sacrifice=-1", "lichess:clamp=-5", "lichess:mate=0"})
    void aBadNumberIsExplainedWhollyInChinese(String spec) {
        JudgeSpecException e = assertThrows(JudgeSpecException.class, () -> JudgementModel.parse(spec, "chess"));
        String zh = e.text().render(Locale.SIMPLIFIED_CHINESE);
        assertTrue(zh.contains("应"), zh);
        assertTrue(zh.replaceAll("[a-z]+=", "").replaceAll("inaccuracy|mistake|blunder|lichess", "").chars()
                .noneMatch(c -> c >= 'a' && c <= 'z'), "no English words: " + zh);
    }

    @Test
    void theKeysDescribeWritesAreTheKeysParseReads() {
        List<String> written = Stream.of(LICHESS.describe().split(" ")).skip(1).map(p -> p.substring(0, p.indexOf('='))).toList();
        assertEquals(JudgementModel.KEYS, written);
    }

    @Test
    void aModelWithFallingThresholdsCannotBeBuilt() {
        assertThrows(IllegalArgumentException.class, () -> new JudgementModel("x", WinModel.LICHESS, 0.3, 0.2, 0.1, true, 0.2, 0.8, 200));
        assertThrows(IllegalArgumentException.class, () -> new JudgementModel("x", WinModel.LICHESS, 0, 0.2, 0.3, true, 0.2, 0.8, 200));
        assertThrows(IllegalArgumentException.class, () -> new JudgementModel("x y", WinModel.LICHESS, 0.1, 0.2, 0.3, true, 0.2, 0.8, 200));
        Score s = Score.centipawns(0);
        assertEquals(Judgement.NONE, LICHESS.judge(s, s, false, Optional.empty(), OptionalInt.empty()).judgement());
    }
}

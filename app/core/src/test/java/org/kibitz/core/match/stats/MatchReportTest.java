package org.kibitz.core.match.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The printed lines, in cutechess's and fastchess's layout (values from FishtestAgreementTest's tables). */
class MatchReportTest {

    private static final MatchScore TRI = MatchScore.of(120, 100, 180);
    private static final MatchScore PENTA = MatchScore.of(130, 70, 270, 5, 30, 80, 40, 10);

    @Test
    void cutechessLines() {
        assertEquals("Score of A vs B: 120 - 100 - 180  [0.525] 400", MatchReport.scoreLine("A", "B", TRI));
        // elo 17.386..., error 25.301..., LOS (cutechess) 0.91123...
        assertEquals("Elo difference: 17.4 +/- 25.3, LOS: 91.1 %, DrawRatio: 45.0 %", MatchReport.eloLine(TRI));
    }

    @Test
    void fastchessLines() {
        assertEquals("Ptnml(0-2): [5, 30, 80, 40, 10]", MatchReport.ptnmlLine(PENTA));
        // fastchess: score 0.530303, pair variance 0.0483242, nElo 0.030303 / sqrt(2 * 0.0483242) * 800 / ln 10
        // = 33.8659; error 1.959964 / sqrt(2 * 165) * 800 / ln 10 = 37.4857 (computed by hand, not by our code).
        assertEquals("nElo: 33.87 +/- 37.49", MatchReport.neloLine(PENTA));
        assertEquals("Elo: 21.08 +/- 23.43, nElo: 33.87 +/- 37.49", MatchReport.fastchessEloLine(PENTA));
        // fishtest's interval accounts for the distribution's shape: 37.5883.
        assertEquals("nElo (fishtest): 33.87 +/- 37.59", MatchReport.fishtestNeloLine(PENTA));
        // Without pairs, games: W 120 L 100 D 180, score 0.525, variance 0.136875; error 1.959964 / sqrt(400) * 347.436.
        assertEquals("nElo: 23.48 +/- 34.05", MatchReport.neloLine(TRI));
        // LLR 0.178284..., 6.05 % of 2.944
        assertEquals("LLR: 0.18 (6.1%) (-2.94, 2.94) [0.00, 2.00]", MatchReport.llrLine(Sprt.normalized(0, 2), PENTA));
    }

    @Test
    void cutechessSprtLine() {
        assertEquals("SPRT: llr 0.178 (6.1%), lbound -2.94, ubound 2.94",
                MatchReport.sprtLine(Sprt.normalized(0, 2), PENTA));
        MatchScore ahead = MatchScore.of(0, 0, 0, 39, 2226, 31451, 2412, 40);
        assertEquals("SPRT: llr 66 (2240.6%), lbound -2.94, ubound 2.94 - H1 was accepted",
                MatchReport.sprtLine(Sprt.logistic(-3, 1), ahead));
        assertEquals("SPRT: llr -68.7 (-2333.8%), lbound -2.94, ubound 2.94 - H0 was accepted",
                MatchReport.sprtLine(Sprt.logistic(0, 5), ahead));
    }

    @Test
    void aSweepPrintsAsCDoes() {
        assertEquals("Elo difference: inf +/- nan, LOS: 98.7 %, DrawRatio: 0.0 %",
                MatchReport.eloLine(MatchScore.of(5, 0, 0)));
    }

    @Test
    void threeSignificantDigitsAsPrintfG() {
        assertEquals("1.23e+03", MatchReport.general3(1234));
        assertEquals("0.000123", MatchReport.general3(0.0001234));
        assertEquals("1.23e-05", MatchReport.general3(0.00001234));
        assertEquals("2.5", MatchReport.general3(2.5));
        assertEquals("100", MatchReport.general3(100));
        assertEquals("-2.94", MatchReport.general3(-2.9444389791664403));
        assertEquals("0", MatchReport.general3(0));
        assertEquals("1e+03", MatchReport.general3(999.9));
    }

    @Test
    void standingsTable() {
        List<TournamentRatings.Rating> r = TournamentRatings.fit(List.of(
                TournamentRatings.HeadToHead.of("A", "B", 6, 2, 2),
                TournamentRatings.HeadToHead.of("A", "C", 7, 1, 2),
                TournamentRatings.HeadToHead.of("B", "C", 5, 3, 2)));
        assertEquals("""
                Rank Name                             Elo        +/-      Games      Score
                   1 A                             128.65     117.95         20      75.0%
                   2 B                             -25.90     107.77         20      45.0%
                   3 C                            -102.75     113.63         20      30.0%
                """, MatchReport.standings(r));
    }
}

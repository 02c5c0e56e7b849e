package org.kibitz.core.match.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Elo, error bars, LOS, normalized Elo and the SPRT's LLR against the numbers fishtest's own
 * Python computes on the same counts.
 *
 * <p>Source: official-stockfish/fishtest at commit b8eecff220b562a0dc2c4e68d1fa02521e06d72c,
 * {@code server/fishtest/stats/} run unmodified with Python 3.11, scipy 1.17.1, numpy 2.4.6:
 * <ul>
 *   <li>Elo, error, LOS (normal approximation): {@code stat_util.get_elo(results)} with
 *       {@code results = [L, D, W]} or the pentanomial list;
 *   <li>LLR: {@code LLRcalc.LLR_logistic(elo0, elo1, results)} and
 *       {@code LLRcalc.LLR_normalized(nelo0, nelo1, results)};
 *   <li>nElo and its error: {@code template_helpers._nelo_pentanomial_details} (pentanomial) and
 *       the {@code nelo3} lines of {@code _build_trinomial_stats} (trinomial); that module needs the
 *       web server's packages, so a one-off script called {@code LLRcalc.results_to_pdf},
 *       {@code LLRcalc.stats_ex} and restated its three-line {@code t_conf};
 *   <li>LOS as cutechess prints it ({@code Elo::LOS} in cutechess's elo.cpp) is not in fishtest:
 *       one-off {@code 0.5 + 0.5 * math.erf((w - l) / math.sqrt(2 * (w + l)))}.
 * </ul>
 * The Elo of a pentanomial with a zero count differs on purpose: {@code get_elo} replaces the zero
 * by 0.001, cutechess and fastchess (and we) do not; that row's Elo was computed with
 * {@code stat_util.stats} on the raw counts and {@code get_elo}'s remaining steps.
 */
class FishtestAgreementTest {

    private static final double REL = 1e-6;

    // W, L, D, elo, error, los (normal), los (cutechess), nElo, nElo error,
    // LLR logistic [0, 5], LLR normalized [0, 2], LLR logistic [-3, 1], LLR normalized [-1.75, 0.25]
    private static final double[][] TRINOMIAL = {
        {120, 100, 180, 17.386277512436145, 25.30137305201531, 0.9117282995828353, 0.9112350737939232, 23.477521172373333, 34.15557969478953, 0.44821411081668455, 0.14861860442264563, 0.4426434749253635, 0.1602057860423155},
        {65388, 65804, 56553, -0.7698390908603271, 1.313742840854298, 0.12537555271611706, 0.12537638503924836, -0.9209398978461407, 1.571595431035819, -36.38752444915505, -5.975287588955726, 2.0490426179674808, -0.5317395693893454},
        {30, 10, 60, 70.43650362227247, 42.80124239838666, 0.9995709396668032, 0.9992172988709987, 115.81186184086712, 70.77565648451653, 0.6973288318085279, 0.18044048913574473, 0.5826378814381972, 0.18323126751826896},
        {5019, 5026, 15699, -0.09447052356257207, 2.651122239563776, 0.47215929643112303, 0.4721592990645015, -0.15123746719515843, 4.244088290220176, -7.088346352570307, -0.4910445246228156, 1.9795500044873506, 0.255393925071451},
        {716, 591, 2163, 12.52110904602384, 7.092605276897359, 0.9997334525565953, 0.9997274746597202, 20.428251141907435, 11.575045056709088, 3.8253568113680387, 1.1150340420103164, 4.1237369538383755, 1.2155025243327624},
        {13543, 13624, 34333, -0.4575983528452417, 1.8250384138022064, 0.3115598287749575, 0.31156016993349944, -0.6884965535605182, 2.7459063956956515, -17.051920555208962, -1.7204977055243944, 2.5021004266482283, 0.0626672084097958},
    };

    // p0..p4, elo, error, los, nElo, nElo error,
    // LLR logistic [0, 5], LLR normalized [0, 2], LLR logistic [-3, 1], LLR normalized [-1.75, 0.25]
    private static final double[][] PENTANOMIAL = {
        {10789, 19328, 33806, 19402, 10543, -0.7735773359165423, 1.2775798957280218, 0.1176588580327751, -0.9516290044726476, 1.5716226767743608, -38.51440847341944, -6.070429067588585, 2.1310678117940807, -0.6271679157328218},
        {39, 2226, 31451, 2412, 40, 0.902981048809024, 0.6625314859816553, 0.9962220973354207, 3.450799606946096, 2.5312396032638778, -68.71870172599658, 2.93690981720447, 65.97358529713483, 5.03359630821705},
        {1187, 7410, 13475, 7378, 1164, -0.4426077992236841, 1.7298590276177421, 0.3080138791226903, -0.7041412082298986, 2.751992394472809, -18.877471085770768, -1.7287536221817865, 2.86152718059463, 0.04652169672194251},
        {5, 30, 80, 40, 10, 21.082540206401145, 23.429096371570864, 0.9616950143301202, 33.865948689512464, 37.58834631986539, 0.6481614360200828, 0.17828449425230322, 0.6128528086093366, 0.18775905349211153},
        // zero count: Elo, error and LOS without fishtest's regularization (see above)
        {0, 12, 50, 20, 3, 28.6772898620299, 26.091453089457392, 0.9849266122364346, 57.76323066860643, 50.691601796860084, 0.7756739215433587, 0.1627070798911514, 0.7027654732526252, 0.16750777612841125},
    };

    @Test
    void trinomialAgreesWithFishtest() {
        for (double[] row : TRINOMIAL) {
            MatchScore score = MatchScore.of((long) row[0], (long) row[1], (long) row[2]);
            String at = score.toString();
            EloDifference elo = EloDifference.trinomial(score);
            assertClose(row[3], elo.elo(), at + " elo");
            assertClose(row[4], elo.error(), at + " error");
            assertClose(row[5], elo.los(), at + " los (normal)");
            assertClose(row[6], Elo.los(score), at + " los (cutechess)");
            NormalizedElo nelo = NormalizedElo.trinomial(score);
            assertClose(row[7], nelo.nElo(), at + " nElo");
            assertClose(row[8], nelo.error(), at + " nElo error");
            assertClose(row[9], Sprt.logistic(0, 5).llr(score), at + " LLR logistic [0, 5]");
            assertClose(row[10], Sprt.normalized(0, 2).llr(score), at + " LLR normalized [0, 2]");
            assertClose(row[11], Sprt.logistic(-3, 1).llr(score), at + " LLR logistic [-3, 1]");
            assertClose(row[12], Sprt.normalized(-1.75, 0.25).llr(score), at + " LLR normalized [-1.75, 0.25]");
        }
    }

    @Test
    void pentanomialAgreesWithFishtest() {
        for (double[] row : PENTANOMIAL) {
            long[] p = {(long) row[0], (long) row[1], (long) row[2], (long) row[3], (long) row[4]};
            // W/L/D consistent with the pairs (WL counted as DD: the pentanomial cannot tell them apart).
            long wins = 2 * p[4] + p[3];
            long losses = 2 * p[0] + p[1];
            long draws = p[1] + 2 * p[2] + p[3];
            MatchScore score = MatchScore.of(wins, losses, draws, p);
            String at = score.toString();
            EloDifference elo = EloDifference.pentanomial(score);
            assertClose(row[5], elo.elo(), at + " elo");
            assertClose(row[6], elo.error(), at + " error");
            assertClose(row[7], elo.los(), at + " los");
            NormalizedElo nelo = NormalizedElo.of(score);
            assertClose(row[8], nelo.nElo(), at + " nElo");
            assertClose(row[9], nelo.error(), at + " nElo error");
            assertClose(row[10], Sprt.logistic(0, 5).llr(score), at + " LLR logistic [0, 5]");
            assertClose(row[11], Sprt.normalized(0, 2).llr(score), at + " LLR normalized [0, 2]");
            assertClose(row[12], Sprt.logistic(-3, 1).llr(score), at + " LLR logistic [-3, 1]");
            assertClose(row[13], Sprt.normalized(-1.75, 0.25).llr(score), at + " LLR normalized [-1.75, 0.25]");
        }
    }

    @Test
    void fishtestsOwnSelfTestCase() {
        // stat_util.py's __main__: pentanomial [10789, ...], SPRT(elo0=-3, elo1=1, logistic), and the
        // pentanomial [39, 2226, 31451, 2412, 40] with normalized bounds [0.764, 3.439]
        // (LLRcalc.LLR_normalized gives 2.162940869584568).
        MatchScore score = MatchScore.of(2490, 2304, 65800, 39, 2226, 31451, 2412, 40);
        assertClose(2.162940869584568, Sprt.normalized(0.764, 3.439).llr(score), "normalized [0.764, 3.439]");
    }

    private static void assertClose(double expected, double actual, String what) {
        assertEquals(expected, actual, Math.abs(expected) * REL + 1e-12, what);
    }
}

package org.kibitz.core.evaluate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.kibitz.api.analysis.Score;
import org.kibitz.core.TestGames;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.evaluate.compare.ComparedPosition;
import org.kibitz.core.evaluate.compare.Comparison;
import org.kibitz.core.evaluate.compare.ComparisonSummary;
import org.kibitz.core.evaluate.compare.GameComparison;
import org.kibitz.core.evaluate.compare.PairView;
import org.kibitz.core.evaluate.compare.Phase;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.judge.WinModel;

/**
 * The comparison's arithmetic on a real game with scripted engines: what real engines won't give on
 * demand (two engines that agree exactly, one whose lines leave the other's move out, one with a single line).
 */
class ComparisonScriptedTest {

    private static final Comparison COMPARISON = new Comparison(JudgementModel.lichess(), Comparison.DEFAULT_THRESHOLD);
    private static final WinModel WIN = WinModel.LICHESS;

    private static GameResults game(int engines) throws Exception {
        var plan = Batches.plan(List.of(TestGames.shared("chess/pgn/pychess-molinari-bordais-1979.pgn")), engines);
        List<Batches.Script> scripts = new ArrayList<>();
        for (int e = 0; e < engines; e++) {
            scripts.add(new Batches.Script(p -> Score.centipawns(20), Set.of(), "E" + e, "E" + e + "|"));
        }
        return Batches.results(plan, scripts).get(0);
    }

    /** The same results with engine {@code e}'s position at {@code ply} replaced by lines (move, side-to-move cp). */
    private static GameResults withLines(GameResults r, int e, int ply, Object... movesAndCp) {
        List<PositionEval.Line> lines = new ArrayList<>();
        for (int i = 0; i < movesAndCp.length; i += 2) {
            lines.add(new PositionEval.Line((String) movesAndCp[i], "cp " + movesAndCp[i + 1]));
        }
        List<GameEvaluation> byEngine = new ArrayList<>(r.byEngine());
        GameEvaluation ev = byEngine.get(e);
        List<PositionEval> positions = new ArrayList<>(ev.positions());
        PositionEval old = positions.get(ply);
        positions.set(ply, new PositionEval(ply, PositionEval.Status.SEARCHED, lines.get(0).score(), old.depth(), old.nodes(),
                old.timeMs(), List.of(lines.get(0).move()), "", "", lines));
        byEngine.set(e, new GameEvaluation(ev.ordinal(), ev.file(), ev.game(), ev.engine(), ev.engineName(), ev.fingerprint(),
                ev.gameId(), ev.startFen(), ev.moves(), ev.sans(), ev.judged(), positions));
        return new GameResults(r.ordinal(), r.file(), r.fileIndex(), r.entry(), byEngine, Optional.empty());
    }

    @Test
    void enginesThatSayTheSameAgreeEverywhere() throws Exception {
        GameComparison g = COMPARISON.compare(game(2), TestGames.GAMES);
        assertFalse(g.positions().isEmpty());
        for (ComparedPosition p : g.positions()) {
            PairView v = p.pair(0, 1).orElseThrow();
            assertTrue(v.sameBest() && v.aInBTop(), "ply " + p.ply());
            assertEquals(0, v.dWin(), 1e-9);
            assertFalse(v.disagrees());
            assertEquals(Phase.OPENING, p.phase(), "ten plies into a game are the opening");
        }
        ComparisonSummary s = new ComparisonSummary(List.of("E0", "E1"));
        s.add(g);
        assertEquals("positions " + g.positions().size() + " agreement 100.0% top3 100.0% mean_dwin 0.0 disagreements 0",
                s.first().summaryLine());
    }

    @Test
    void eachEngineOnTheOthersMoveIsExactWhereItHasTheLineAndABoundWhereNot() throws Exception {
        GameResults r = game(2);
        // A: Nf3 +50, d4 +40, c4 +10. B: d4 +300, Nc3 +250, c4 +200 (Nf3 not among them, nor played: 1. e4 was).
        r = withLines(r, 0, 0, "g1f3", 50, "d2d4", 40, "c2c4", 10);
        r = withLines(r, 1, 0, "d2d4", 300, "b1c3", 250, "c2c4", 200);
        PairView v = COMPARISON.compare(r, TestGames.GAMES).at(0).orElseThrow().pair(0, 1).orElseThrow();
        assertFalse(v.sameBest());
        assertFalse(v.aInBTop(), "Nf3 is not among B's lines");
        double a50 = WIN.winPercent(Score.centipawns(50));
        assertEquals(Comparison.rounded(Math.abs(a50 - WIN.winPercent(Score.centipawns(300)))), v.dWin(), 1e-9);
        PairView.Loss aOnB = v.aOnB().orElseThrow();
        assertFalse(aOnB.atLeast(), "A searched d4: exact");
        assertEquals(Comparison.rounded(a50 - WIN.winPercent(Score.centipawns(40))), aOnB.points(), 1e-9);
        PairView.Loss bOnA = v.bOnA().orElseThrow();
        assertTrue(bOnA.atLeast(), "Nf3 is worse than all of B's three lines: a bound");
        assertEquals(Comparison.rounded(WIN.winPercent(Score.centipawns(300)) - WIN.winPercent(Score.centipawns(200))),
                bOnA.points(), 1e-9);
        assertTrue(v.kinds().contains(PairView.Kind.EVALUATION), "250 centipawns apart is more than 10 win% points");
        assertFalse(v.kinds().contains(PairView.Kind.A_REJECTS_B), "A thinks d4 loses about 1 point");
        assertEquals(v.dWin(), v.magnitude(), 1e-9);
    }

    @Test
    void anEngineWithOneLineHasNoViewOfTheOthersMove() throws Exception {
        GameResults r = game(2);
        r = withLines(r, 0, 0, "e2e4", 30);
        r = withLines(r, 1, 0, "d2d4", 30, "e2e4", -400);
        PairView v = COMPARISON.compare(r, TestGames.GAMES).at(0).orElseThrow().pair(0, 1).orElseThrow();
        assertTrue(v.aOnB().isEmpty(), "one line: unknown, no disagreement claimed");
        assertTrue(v.aInBTop(), "e4 is B's second line");
        PairView.Loss bOnA = v.bOnA().orElseThrow();
        assertFalse(bOnA.atLeast());
        assertTrue(bOnA.points() >= Comparison.DEFAULT_THRESHOLD);
        assertEquals(Set.of(PairView.Kind.B_REJECTS_A), v.kinds());
    }

    @Test
    void theMovePlayedIsJudgedExactlyByTheEvaluationOfThePositionItLedTo() throws Exception {
        GameResults r = game(2);
        // 1. e4 was played. A searched one line, d4 +30; B chose e4. A evaluated the position after e4
        // (the script: +0.20 for White everywhere), so A's view of e4 is exact, with no extra search.
        r = withLines(r, 0, 0, "d2d4", 30);
        r = withLines(r, 1, 0, "e2e4", 20);
        PairView v = COMPARISON.compare(r, TestGames.GAMES).at(0).orElseThrow().pair(0, 1).orElseThrow();
        PairView.Loss aOnB = v.aOnB().orElseThrow();
        assertFalse(aOnB.atLeast());
        assertEquals(Comparison.rounded(WIN.winPercent(Score.centipawns(30)) - WIN.winPercent(Score.centipawns(20))),
                aOnB.points(), 1e-9);
        assertTrue(v.bOnA().isEmpty(), "d4 was not played and B searched one line: unknown");
    }
}

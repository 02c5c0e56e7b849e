package org.kibitz.core.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.TestGames;
import org.kibitz.core.evaluate.judge.WinModel;

/**
 * The solver's rules on real positions. The searches are scripted here: what is tested is what the
 * solver makes of an engine's two lines (the real engines' lines are checked end to end in the
 * launcher's {@code CliPuzzlesTest}), and no engine can be told to give exactly these scores.
 */
class PuzzleSolverTest {

    private static final PuzzleRules RULES = new PuzzleRules(SearchLimits.nodes(1000), WinModel.LICHESS,
            PuzzleRules.DEFAULT_MARGIN, PuzzleRules.DEFAULT_DECISIVE, PuzzleRules.DEFAULT_MAX_PLIES, "");

    private static List<Position> replay(Position start, List<String> moves, List<Move> out) {
        List<Position> line = new ArrayList<>();
        line.add(start);
        Position p = start;
        for (String m : moves) {
            Move mv = Move.parseCoordinates(m, 1);
            out.add(mv);
            p = p.play(mv);
            line.add(p);
        }
        return line;
    }

    @Test
    void theOnlyMoveNeedsTheMarginOrTheOnlyMate() {
        PuzzleSolver s = new PuzzleSolver(TestGames.CHESS, RULES, (m, p, n) -> List.of());
        assertTrue(s.isOnlyMove(Score.centipawns(500), Score.centipawns(0)), "0.62 winning chances apart");
        assertFalse(s.isOnlyMove(Score.centipawns(903), Score.centipawns(432)), "0.27 apart: not the only move");
        assertTrue(s.isOnlyMove(Score.mate(3), Score.centipawns(900)), "the only mate");
        assertFalse(s.isOnlyMove(Score.mate(3), Score.mate(5)), "two mates");
        assertTrue(s.isOnlyMove(Score.mate(1), Score.mate(2)), "mate at once where the other mates later");
    }

    @Test
    void scholarsMateMissedIsAMateInOneOpeningPuzzle() throws Exception {
        List<Move> moves = new ArrayList<>();
        List<Position> history = replay(TestGames.CHESS.startPosition(),
                List.of("e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"), moves);
        Move mate = Move.parseCoordinates("h5f7", 1);
        PuzzleSolver s = new PuzzleSolver(TestGames.CHESS, RULES, (m, p, n) ->
                List.of(new PuzzleSolver.Scored(mate, Score.mate(1)),
                        new PuzzleSolver.Scored(Move.parseCoordinates("c4f7", 1), Score.centipawns(150))));
        PuzzleSolver.Solution sol = s.solve(history, moves);
        assertTrue(sol.found(), sol.rejected());
        assertEquals(List.of(mate), sol.line());
        assertTrue(sol.mate());
        List<String> themes = PuzzleThemes.of(history.get(history.size() - 2), sol.positions(), sol.line(), sol.mate(),
                sol.finalScore().orElseThrow(), WinModel.LICHESS);
        assertEquals(List.of("mate", "mateIn1", "opening", "oneMove"), themes);
        assertEquals(900, PuzzleThemes.rating(sol.positions(), sol.line(), sol.mate()), "a capture that mates at once");
    }

    @Test
    void aLineThatWinsNothingIsNoPuzzle() throws Exception {
        List<Move> moves = new ArrayList<>();
        List<Position> history = replay(TestGames.CHESS.startPosition(), List.of("e2e4", "e7e5"), moves);
        // A "unique" quiet move that wins no material and leaves an edge only: not a puzzle.
        PuzzleSolver s = new PuzzleSolver(TestGames.CHESS, RULES.withMaxPlies(1), (m, p, n) -> n == 2
                ? List.of(new PuzzleSolver.Scored(Move.parseCoordinates("g1f3", 1), Score.centipawns(700)),
                        new PuzzleSolver.Scored(Move.parseCoordinates("a2a3", 1), Score.centipawns(0)))
                : List.of());
        PuzzleSolver.Solution sol = s.solve(history, moves);
        assertFalse(sol.found());
        assertEquals("the solution wins no material", sol.rejected());
    }

    @Test
    void phaseAndMaterialThemesForXiangqi() throws Exception {
        // Red's chariot takes an undefended chariot: winChariot.
        Position start = TestGames.XIANGQI.parseFen("3k5/9/9/9/9/9/r8/9/R8/4K4 w - - 0 40");
        Move capture = Move.parseCoordinates("a1a3", 0);
        assertTrue(start.isLegal(capture), "the chariot takes the chariot");
        Position end = start.play(capture);
        assertEquals(9, PuzzleThemes.materialGain(start, end, org.kibitz.api.game.Side.WHITE));
        List<String> themes = PuzzleThemes.of(start, List.of(start, end), List.of(capture), false, Score.centipawns(900),
                WinModel.XIANGQI);
        assertEquals(List.of("crushing", "hangingPiece", "winChariot", "endgame", "oneMove"), themes);
    }
}

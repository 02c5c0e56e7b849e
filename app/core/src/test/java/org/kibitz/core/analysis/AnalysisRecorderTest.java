package org.kibitz.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.kibitz.api.tree.BestEvaluation;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.TestGames;

/** What is kept in the tree, and what the curve reads back. */
class AnalysisRecorderTest {

    private static final GamePlugin CHESS = TestGames.CHESS;

    private static AnalysisUpdate line(Position p, int rank, int depth, Score score, String... pv) {
        List<Move> moves = java.util.Arrays.stream(pv).map(s -> Move.parseCoordinates(s, 1)).toList();
        return new AnalysisUpdate(p, rank, OptionalInt.of(depth), OptionalInt.empty(), Optional.of(score), Optional.empty(),
                OptionalLong.of(1000), OptionalLong.empty(), Optional.of(Duration.ofMillis(50)), OptionalInt.empty(),
                OptionalLong.empty(), Optional.empty(), OptionalInt.empty(), moves);
    }

    @Test
    void deeperLinesReplaceShallowerOnesAndBoundsAreNotKept() {
        GameTree tree = new GameTree(CHESS.startPosition());
        GameNode e4 = tree.root().addChild(Move.parseCoordinates("e2e4", 1));
        Position p = e4.position();
        assertTrue(AnalysisRecorder.record(e4, "sf", line(p, 1, 10, Score.centipawns(-30), "e7e5")));
        assertFalse(AnalysisRecorder.record(e4, "sf", line(p, 1, 10, Score.centipawns(-30), "e7e5")), "the same line again");
        assertFalse(AnalysisRecorder.record(e4, "sf", line(p, 1, 8, Score.centipawns(-90), "c7c5")), "shallower");
        assertFalse(AnalysisRecorder.record(e4, "sf", line(p, 1, 14, new Score.Centipawns(-10, Score.Bound.LOWER), "c7c5")),
                "a bound");
        assertTrue(AnalysisRecorder.record(e4, "sf", line(p, 1, 12, Score.centipawns(-25), "c7c5")));
        assertTrue(AnalysisRecorder.record(e4, "sf", line(p, 2, 12, Score.centipawns(-40), "e7e5")));
        assertTrue(AnalysisRecorder.record(e4, "other", line(p, 1, 5, Score.centipawns(-60), "d7d5")));
        assertEquals(3, e4.analysis().size());
        assertFalse(AnalysisRecorder.record(tree.root(), "sf", line(p, 1, 30, Score.centipawns(0), "e7e5")),
                "a line about another position");
    }

    @Test
    void theCurveTakesTheDeepestBestLineForWhiteElseTheFilesEval() {
        GameTree tree = new GameTree(CHESS.startPosition());
        GameNode e4 = tree.root().addChild(Move.parseCoordinates("e2e4", 1));
        e4.setEvalForWhite(Score.centipawns(25));
        assertEquals(Score.centipawns(25), BestEvaluation.of(e4).orElseThrow().forWhite());
        assertTrue(BestEvaluation.of(e4).orElseThrow().engine().isEmpty());
        // Black to move: the engine's -30 for Black is +30 for White.
        AnalysisRecorder.record(e4, "deep", line(e4.position(), 1, 20, Score.centipawns(-30), "e7e5"));
        AnalysisRecorder.record(e4, "shallow", line(e4.position(), 1, 6, Score.centipawns(-80), "e7e5"));
        AnalysisRecorder.record(e4, "deep", line(e4.position(), 2, 25, Score.centipawns(-200), "a7a6"));
        BestEvaluation ev = BestEvaluation.of(e4).orElseThrow();
        assertEquals(Score.centipawns(30), ev.forWhite());
        assertEquals(Optional.of("deep"), ev.engine());
        assertEquals(20, ev.depth());
        assertTrue(BestEvaluation.of(tree.root()).isEmpty());
        // The curve keeps to one engine's scale when that engine has a line here, however shallow.
        assertEquals(Optional.of("shallow"), BestEvaluation.of(e4, "shallow").orElseThrow().engine());
        assertEquals(Score.centipawns(80), BestEvaluation.of(e4, "shallow").orElseThrow().forWhite());
        assertEquals(Optional.of("deep"), BestEvaluation.of(e4, "absent").orElseThrow().engine());
    }

    @Test
    void curvePointsArePlacedByMoveAndClipped() {
        GameTree tree = new GameTree(CHESS.startPosition());
        GameNode n = tree.root();
        for (String m : List.of("e2e4", "e7e5", "g1f3")) {
            n = n.addChild(Move.parseCoordinates(m, 1));
        }
        GameNode e4 = tree.root().next().orElseThrow();
        GameNode e5 = e4.next().orElseThrow();
        e4.setEvalForWhite(Score.centipawns(900));
        e5.setEvalForWhite(Score.mate(-3));
        List<EvalCurve.Point> pts = EvalCurve.points(n.pathFromRoot(), tree.root(), 6);
        assertEquals(4, pts.size(), "the start and three moves");
        assertEquals(List.of(0.0, 0.5, 1.0, 1.5), pts.stream().map(EvalCurve.Point::x).toList());
        assertTrue(pts.get(0).value().isEmpty());
        assertEquals(6.0, pts.get(1).value().orElseThrow(), 1e-9);
        assertEquals(-6.0, pts.get(2).value().orElseThrow(), 1e-9);
        assertTrue(pts.get(2).mate());
        assertTrue(pts.get(3).value().isEmpty());
        assertEquals(tree.root(), pts.get(0).node());
    }
}

package org.kibitz.core.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.TestGames;

/** Stored lines brought back into a game tree: deeper only, exact only, under the engine's label. */
class StoredAnalysisTest {

    private static StoredLine line(GameNode n, String engine, String label, int rank, int depth, Score s) {
        return new StoredLine(PositionKey.of(n.position()), EngineFingerprint.of(engine), label, rank, depth,
                OptionalInt.empty(), s, Optional.empty(), 10, 20, List.of(n.position().legalMoves().get(0)), Instant.now());
    }

    @Test
    void deeperExactLinesGoIntoTheNodeUnderTheirLabel() {
        GameTree tree = new GameTree(TestGames.CHESS.startPosition());
        GameNode e4 = tree.root().addChild(Move.parseCoordinates("e2e4", 1));
        e4.putAnalysis(new NodeAnalysis("Stockfish", 18, 1, Score.centipawns(20), Optional.empty(), 1, Duration.ZERO,
                List.of(), Instant.now()));
        assertTrue(StoredAnalysis.putInto(e4, List.of(
                line(e4, "Stockfish 17", "Stockfish", 1, 25, Score.centipawns(-30)),
                line(e4, "Stockfish 17", "Stockfish", 1, 22, Score.centipawns(99)),
                line(e4, "Stockfish 17", "Stockfish", 2, 12, new Score.Centipawns(5, Score.Bound.UPPER)),
                line(tree.root(), "Stockfish 17", "Stockfish", 3, 30, Score.centipawns(1)))));
        assertEquals(1, e4.analysis().size(), "bounds and lines of other positions stay out: " + e4.analysis());
        NodeAnalysis a = e4.analysis().get(0);
        assertEquals("Stockfish", a.engine());
        assertEquals(25, a.depth(), "the deepest of the stored lines");
        assertEquals(Score.centipawns(-30), a.score());
        assertEquals(Duration.ofMillis(20), a.time());

        assertFalse(StoredAnalysis.putInto(e4, List.of(line(e4, "Stockfish 17", "Stockfish", 1, 20, Score.centipawns(0)))),
                "a shallower stored line does not replace what the node has");
        assertEquals(25, e4.analysis().get(0).depth());
    }
}

package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Notation;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.junit.jupiter.api.Test;

/** The parts of a game tree's nodes that are made lazily: they must look as if they were always there. */
class GameNodeTest {

    private static final ChessPlugin CHESS = new ChessPlugin();
    private static final Notation SAN = CHESS.notation("san").orElseThrow();

    @Test
    void theChildrenViewTakenBeforeAMoveSeesTheMoveAndCannotChangeTheTree() throws Exception {
        GameTree tree = new GameTree(CHESS.startPosition());
        GameNode root = tree.root();
        List<GameNode> view = root.children();
        assertTrue(view.isEmpty());
        assertNull(root.firstChild());
        assertEquals(0, root.childCount());
        GameNode e4 = root.addChild(SAN.parse(root.position(), "e4"));
        GameNode d4 = root.addChild(SAN.parse(root.position(), "d4"));
        assertEquals(List.of(e4, d4), view);
        assertSame(view, root.children());
        assertSame(e4, root.firstChild());
        assertEquals(2, root.childCount());
        assertThrows(UnsupportedOperationException.class, () -> view.remove(0));
        d4.promoteToMain();
        assertSame(d4, root.firstChild());
        assertEquals(List.of(d4, e4), view);
    }

    @Test
    void analysisStartsEmptyIsKeptPerSlotAndClears() throws Exception {
        GameNode root = new GameTree(CHESS.startPosition()).root();
        assertTrue(root.analysis().isEmpty());
        root.clearAnalysis();
        assertTrue(root.analysis().isEmpty());
        NodeAnalysis first = line(10, 1);
        NodeAnalysis deeper = line(12, 1);
        NodeAnalysis second = line(12, 2);
        root.putAnalysis(first);
        root.putAnalysis(second);
        root.putAnalysis(deeper);
        assertEquals(List.of(second, deeper), root.analysis());
        assertThrows(UnsupportedOperationException.class, () -> root.analysis().clear());
        root.clearAnalysis();
        assertTrue(root.analysis().isEmpty());
    }

    private static NodeAnalysis line(int depth, int multipv) {
        return new NodeAnalysis("engine", depth, multipv, Score.centipawns(20), Optional.empty(), 1000,
                Duration.ofMillis(5), List.of(), Instant.EPOCH);
    }
}

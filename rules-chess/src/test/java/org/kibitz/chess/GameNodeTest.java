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
    void variationsArePromotedRemovedAndFoundInOrder() throws Exception {
        GameTree tree = new GameTree(CHESS.startPosition());
        GameNode root = tree.root();
        GameNode e4 = root.addChild(SAN.parse(root.position(), "e4"));
        GameNode d4 = root.addChild(SAN.parse(root.position(), "d4"));
        GameNode c4 = root.addChild(SAN.parse(root.position(), "c4"));
        GameNode e5 = e4.addChild(SAN.parse(e4.position(), "e5"));
        List<GameNode> view = root.children();
        assertEquals(List.of(e4, d4, c4), view);
        assertSame(d4, root.childOrAdd(d4.move().orElseThrow()));
        assertEquals(3, root.childCount());
        assertTrue(e5.isMainline());
        assertTrue(!c4.isMainline() && !c4.isMainContinuation());
        c4.promote();
        assertEquals(List.of(e4, c4, d4), view);
        c4.promote();
        assertEquals(List.of(c4, e4, d4), view);
        assertTrue(c4.isMainline() && !e5.isMainline());
        c4.promote();
        assertEquals(List.of(c4, e4, d4), view);
        e5.promoteToMain();
        assertEquals(List.of(e4, c4, d4), view);
        assertEquals(List.of(e4, e5), e4.lineFromHere());
        e4.remove();
        assertEquals(List.of(c4, d4), view);
        assertSame(c4, root.firstChild());
        d4.remove();
        c4.remove();
        assertTrue(view.isEmpty());
        assertNull(root.firstChild());
        assertTrue(root.next().isEmpty());
        assertThrows(IndexOutOfBoundsException.class, () -> view.get(0));
        GameNode again = root.childOrAdd(e4.move().orElseThrow());
        assertEquals(List.of(again), view);
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

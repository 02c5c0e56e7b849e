package org.kibitz.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/**
 * Games whose variations nest ten thousand deep (each variation an alternative to the second move of
 * the one it stands in) are written and read back, in PGN for both games and in XQF: the writers
 * walked the tree by recursion and overflowed the stack at some thousands of levels.
 */
class DeepVariationsTest {

    static final int DEPTH = 10_000;

    /**
     * A tree of {@code depth} nested variations: from the start, a main move; then at each level an
     * alternative to the move before, followed by one more move. Only knight or horse moves that neither
     * capture nor check, so every position has two more (the game never ends).
     */
    static GameTree deep(String gameId, int depth) {
        GamePlugin game = Fixtures.GAMES.byId(gameId).orElseThrow();
        GameTree tree = new GameTree(game.startPosition());
        GameNode parent = tree.root();
        GameNode played = parent.addChild(quiet(parent.position()).get(0));
        for (int level = 0; level < depth; level++) {
            Move taken = played.move().orElseThrow();
            Move alt = quiet(parent.position()).stream().filter(m -> !m.equals(taken)).findFirst().orElseThrow();
            GameNode variation = parent.addChild(alt);
            parent = variation;
            played = variation.addChild(quiet(variation.position()).get(0));
        }
        return tree;
    }

    private static List<Move> quiet(Position p) {
        List<Move> out = p.legalMoves().stream().filter(m -> {
            char type = Character.toLowerCase(p.pieceAt(m.from()).orElseThrow().type());
            return (type == 'n' || type == 'h') && !p.isCapture(m) && !p.play(m).inCheck();
        }).toList();
        assertTrue(out.size() >= 2, "two quiet knight moves in " + p.fen());
        return out;
    }

    private static int depthOf(GameTree tree) {
        int deepest = 0;
        java.util.ArrayDeque<Object[]> work = new java.util.ArrayDeque<>();
        work.push(new Object[] {tree.root(), 0});
        while (!work.isEmpty()) {
            Object[] e = work.pop();
            GameNode n = (GameNode) e[0];
            int d = (int) e[1];
            deepest = Math.max(deepest, d);
            List<GameNode> c = n.children();
            for (int i = 0; i < c.size(); i++) {
                work.push(new Object[] {c.get(i), d + (i > 0 ? 1 : 0)});
            }
        }
        return deepest;
    }

    /** Every node, depth first: its move and how many children it has (the writers add tags of their own). */
    private static List<String> moves(GameTree tree) {
        return tree.allNodes().stream().map(n -> n.move().map(m -> m.coordinates(0)).orElse("root") + "/" + n.children().size())
                .toList();
    }

    @Test
    void chessInPgn() {
        GameTree tree = deep("chess", DEPTH);
        assertEquals(DEPTH, depthOf(tree));
        byte[] pgn = Fixtures.write("pgn", List.of(tree), Optional.empty());
        GameTree back = Fixtures.readClean("pgn", pgn, "deep.pgn");
        assertEquals(DEPTH, depthOf(back));
        assertEquals(moves(tree), moves(back));
    }

    @Test
    void xiangqiInPgnAndXqf() {
        GameTree tree = deep("xiangqi", DEPTH);
        byte[] pgn = Fixtures.write("pgn", List.of(tree), Optional.empty());
        GameTree back = Fixtures.readClean("pgn", pgn, "deep.pgn");
        assertEquals(DEPTH, depthOf(back));
        byte[] xqf = Fixtures.write("xqf", List.of(tree), Optional.empty());
        GameTree viaXqf = Fixtures.readClean("xqf", xqf, "deep.xqf");
        assertEquals(DEPTH, depthOf(viaXqf));
        assertEquals(moves(tree), moves(viaXqf));
    }
}

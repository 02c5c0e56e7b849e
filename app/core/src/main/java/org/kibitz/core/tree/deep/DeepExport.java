package org.kibitz.core.tree.deep;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.book.PolyglotWriter;

/**
 * A deep analysis as a repertoire: a game tree (for PGN: the best line as the main line, the other
 * moves within the window and analysed moves as variations, best first, each with {@code [%eval]}
 * from White's/Red's view and a comment naming the engine and depth), and a Polyglot-style book.
 */
public final class DeepExport {

    /** The most moves a repertoire holds: transpositions are written out under each path. */
    public static final int MAX_MOVES = 100_000;

    private DeepExport() {
    }

    /** The repertoire as a game tree, from the settings' start with its moves to the root, then the tree. */
    public static GameTree gameTree(DeepSettings settings, DeepTree tree) {
        GameTree game = new GameTree(settings.start());
        GameNode at = game.root();
        for (Move m : settings.moves()) {
            at = at.addChild(m);
        }
        game.tags().put("Annotator", "Kibitz deep analysis");
        Optional<DeepNode> root = tree.node(tree.rootKey());
        if (root.isPresent()) {
            int[] budget = {MAX_MOVES};
            grow(tree, root.get(), at, new HashSet<>(), budget);
        }
        return game;
    }

    private static void grow(DeepTree tree, DeepNode node, GameNode at, Set<String> path, int[] budget) {
        path.add(node.key());
        Position before = node.position();
        for (DeepTree.Edge e : tree.edges(node)) {
            if ((!e.inWindow() && !e.analysed()) || budget[0] <= 0) {
                continue;
            }
            budget[0]--;
            GameNode child = at.addChild(e.move());
            child.setEvalForWhite(DeepValues.score(e.value()).forWhite(before.sideToMove()));
            Optional<DeepNode> next = e.analysed() ? tree.node(e.childKey()) : Optional.empty();
            if (next.isPresent()) {
                child.setComment(next.get().engine() + " d" + next.get().depth());
                if (!path.contains(e.childKey()) && at.ply() + 1 < 10_000) {
                    grow(tree, next.get(), child, path, budget);
                }
            } else {
                child.setComment(node.engine() + " d" + e.line().depth());
            }
        }
        path.remove(node.key());
    }

    /**
     * The repertoire as a book: in each analysed position, each move within the window, weighted by
     * how near it is to the best (the best {@code window + 1}, a move {@code window} centipawns worse 1).
     */
    public static PolyglotWriter book(DeepSettings settings, DeepTree tree) {
        PolyglotWriter w = PolyglotWriter.forGame(settings.game().id());
        for (DeepNode n : tree.nodes()) {
            java.util.OptionalInt v = tree.value(n.key());
            if (v.isEmpty()) {
                continue;
            }
            for (DeepTree.Edge e : tree.edges(n)) {
                if (!e.inWindow()) {
                    continue;
                }
                long loss = Math.max(0, (long) v.getAsInt() - e.value());
                long weight = Math.max(1, Math.min(0xFFFF, tree.window() + 1 - loss));
                w.add(n.position(), e.move(), weight);
            }
        }
        return w;
    }

    /** The moves of the best line in coordinates, for messages. */
    public static String coordinates(List<Move> line, int rankBase) {
        return String.join(" ", line.stream().map(m -> m.coordinates(rankBase)).toList());
    }
}

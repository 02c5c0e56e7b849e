package org.kibitz.core;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/** Operations on whole game trees that the tree type itself does not offer. */
public final class GameTrees {

    private GameTrees() {
    }

    /**
     * A deep copy: tags, every node with its comments, NAGs, evaluation, clock, commands and
     * analysis. Editing the copy leaves the original as it was read (a game list keeps the file's
     * games while the user edits one of them).
     */
    public static GameTree copy(GameTree source) {
        GameTree copy = new GameTree(source.startPosition());
        for (Map.Entry<String, String> t : source.tags().asMap().entrySet()) {
            copy.tags().put(t.getKey(), t.getValue());
        }
        // Iterative: games of thousands of plies must not overflow the stack.
        Deque<GameNode[]> work = new ArrayDeque<>();
        work.push(new GameNode[] {source.root(), copy.root()});
        while (!work.isEmpty()) {
            GameNode[] pair = work.pop();
            GameNode from = pair[0];
            GameNode to = pair[1];
            copyAnnotations(from, to);
            for (GameNode child : from.children()) {
                Move m = child.move().orElseThrow();
                GameNode added = m.isNull() ? to.addNullMove(child.position()) : to.addChild(m);
                work.push(new GameNode[] {child, added});
            }
        }
        return copy;
    }

    private static void copyAnnotations(GameNode from, GameNode to) {
        to.setStartingComment(from.startingComment());
        to.setComment(from.comment());
        to.setNags(from.nags());
        from.evalForWhite().ifPresent(to::setEvalForWhite);
        from.clock().ifPresent(to::setClock);
        to.setCommands(from.commands());
        for (NodeAnalysis a : from.analysis()) {
            to.putAnalysis(a);
        }
    }

    /** The number of nodes after the root, variations included. */
    public static int size(GameTree tree) {
        int n = 0;
        Deque<GameNode> work = new ArrayDeque<>();
        work.push(tree.root());
        while (!work.isEmpty()) {
            GameNode g = work.pop();
            for (GameNode c : g.children()) {
                n++;
                work.push(c);
            }
        }
        return n;
    }
}

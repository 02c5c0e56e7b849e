package org.kibitz.api.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Position;

/**
 * A game as a tree: the header tags, the start position, and every move with its variations,
 * comments, annotations and per-node analysis.
 */
public final class GameTree {

    private final Tags tags = new Tags();
    private final GameNode root;

    /** A tree with no moves yet, starting from {@code start}. */
    public GameTree(Position start) {
        this.root = new GameNode(this, null, null, Objects.requireNonNull(start, "start"));
    }

    /** The game's id, the start position's ({@code chess}, {@code xiangqi}). */
    public String gameId() {
        return root.position().gameId();
    }

    public Tags tags() {
        return tags;
    }

    /** The node of the start position. */
    public GameNode root() {
        return root;
    }

    public Position startPosition() {
        return root.position();
    }

    /** The main line's nodes after the root, in order. */
    public List<GameNode> mainline() {
        List<GameNode> line = new ArrayList<>();
        for (GameNode n = root; !n.children().isEmpty(); ) {
            n = n.children().get(0);
            line.add(n);
        }
        return line;
    }

    /** The last node of the main line (the root for a game with no moves). */
    public GameNode mainlineEnd() {
        GameNode n = root;
        while (!n.children().isEmpty()) {
            n = n.children().get(0);
        }
        return n;
    }

    /** The {@code Result} tag, {@link GameResult#UNDECIDED} when absent or unreadable. */
    public GameResult result() {
        return tags.get("Result").flatMap(GameResult::fromPgn).orElse(GameResult.UNDECIDED);
    }

    /** Every node of the tree, depth first, main continuation before variations (the root first). */
    public List<GameNode> allNodes() {
        List<GameNode> out = new ArrayList<>();
        ArrayList<GameNode> stack = new ArrayList<>();
        stack.add(root);
        while (!stack.isEmpty()) {
            GameNode n = stack.remove(stack.size() - 1);
            out.add(n);
            List<GameNode> c = n.children();
            for (int i = c.size() - 1; i >= 0; i--) {
                stack.add(c.get(i));
            }
        }
        return out;
    }
}

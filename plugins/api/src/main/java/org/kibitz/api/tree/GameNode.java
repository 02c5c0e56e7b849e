package org.kibitz.api.tree;

import java.time.Duration;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.RandomAccess;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/**
 * A node of a {@link GameTree}: the position after a move, with what people and engines said about it.
 *
 * <p>The root has no move and holds the start position. The first child continues the line this node
 * is on; the others are variations, in order. Not thread-safe: one owner edits a tree at a time.
 */
public final class GameNode {

    private final GameTree tree;
    private GameNode parent;
    private final Move move;
    private final Position position;
    /**
     * The main continuation, or null at the end of a line; the variations after it in {@code more}
     * (null while there are none). Not one list: reading a game file makes a couple of million
     * nodes, nearly all with one child or none, and a list and its array were two of the seven
     * objects each cost.
     */
    private GameNode first;
    private ArrayList<GameNode> more;
    /**
     * The read-only view handed out, made on first request and kept: walks over big trees ask for it
     * at every node, while reading a file makes a couple of million nodes nobody asks it of.
     */
    private List<GameNode> childrenView;
    private String startingComment = "";
    private String comment = "";
    private List<Integer> nags = List.of();
    private Score evalForWhite;
    private Duration clock;
    private List<PgnCommand> commands = List.of();
    /** Null until an engine's line is kept: most nodes of a game file never get one. */
    private List<NodeAnalysis> analysis;

    GameNode(GameTree tree, GameNode parent, Move move, Position position) {
        this.tree = tree;
        this.parent = parent;
        this.move = move;
        this.position = Objects.requireNonNull(position, "position");
    }

    public GameTree tree() {
        return tree;
    }

    /** The node before this one; empty at the root. */
    public Optional<GameNode> parent() {
        return Optional.ofNullable(parent);
    }

    public boolean isRoot() {
        return parent == null;
    }

    /** The move that led here; empty at the root. */
    public Optional<Move> move() {
        return Optional.ofNullable(move);
    }

    /** The position after this node's move (the start position at the root). */
    public Position position() {
        return position;
    }

    /** The position before this node's move; the root's own position at the root. */
    public Position positionBefore() {
        return parent == null ? position : parent.position;
    }

    /** The continuations: the first is the main one, the rest are variations. */
    public List<GameNode> children() {
        List<GameNode> view = childrenView;
        if (view == null) {
            view = new Children();
            childrenView = view;
        }
        return view;
    }

    /** The live, read-only list of the continuations. */
    private final class Children extends AbstractList<GameNode> implements RandomAccess {
        @Override
        public GameNode get(int index) {
            Objects.checkIndex(index, childCount());
            return childAt(index);
        }

        @Override
        public int size() {
            return childCount();
        }
    }

    /** How many continuations there are: the main one and the variations. */
    public int childCount() {
        return first == null ? 0 : more == null ? 1 : 1 + more.size();
    }

    private GameNode childAt(int index) {
        return index == 0 ? first : more.get(index - 1);
    }

    private int indexOfChild(GameNode node) {
        if (first == node) {
            return 0;
        }
        int i = more == null ? -1 : more.indexOf(node);
        return i < 0 ? -1 : i + 1;
    }

    private void addLastChild(GameNode node) {
        if (first == null) {
            first = node;
        } else {
            if (more == null) {
                more = new ArrayList<>(2);
            }
            more.add(node);
        }
    }

    private void removeChild(GameNode node) {
        if (first == node) {
            first = more == null || more.isEmpty() ? null : more.remove(0);
        } else if (more != null) {
            more.remove(node);
        }
    }

    /** The first child, or {@code null} at the end of a line: for walks over big trees. */
    public GameNode firstChild() {
        return first;
    }

    /** The first child, if any. */
    public Optional<GameNode> next() {
        return Optional.ofNullable(first);
    }

    /** The child reached by {@code move}, if there is one. */
    public Optional<GameNode> child(Move move) {
        for (int i = 0, n = childCount(); i < n; i++) {
            GameNode c = childAt(i);
            if (c.move.equals(move)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * Adds a continuation after the existing ones (a variation if there is already a main one).
     *
     * @throws IllegalArgumentException when the move is illegal in this node's position
     */
    public GameNode addChild(Move move) {
        Position after = position.play(move);
        GameNode node = new GameNode(tree, this, move, after);
        addLastChild(node);
        return node;
    }

    /**
     * Adds a null move (a pass, {@code --} in PGN) after the existing continuations.
     *
     * @param after this position with the other side to move and nothing else changed but counters
     * @throws IllegalArgumentException when {@code after} is not a pass from this node's position
     */
    public GameNode addNullMove(Position after) {
        if (after.sideToMove() == position.sideToMove() || !after.pieces().equals(position.pieces())
                || !after.gameId().equals(position.gameId())) {
            throw new IllegalArgumentException("not a pass from " + position.fen() + ": " + after.fen());
        }
        GameNode node = new GameNode(tree, this, Move.NULL, after);
        addLastChild(node);
        return node;
    }

    /** The child reached by {@code move}, adding it as the last variation if it is not there yet. */
    public GameNode childOrAdd(Move move) {
        return child(move).orElseGet(() -> addChild(move));
    }

    /** Plies from the root to this node (0 at the root). */
    public int ply() {
        int n = 0;
        for (GameNode p = parent; p != null; p = p.parent) {
            n++;
        }
        return n;
    }

    /** Whether this node lies on the game's main line. */
    public boolean isMainline() {
        for (GameNode n = this; n.parent != null; n = n.parent) {
            if (n.parent.first != n) {
                return false;
            }
        }
        return true;
    }

    /** Whether this node is the first child of its parent (or the root). */
    public boolean isMainContinuation() {
        return parent == null || parent.first == this;
    }

    /** Moves this node one place up among its siblings. */
    public void promote() {
        if (parent != null) {
            int i = parent.indexOfChild(this);
            if (i == 1) {
                parent.more.set(0, parent.first);
                parent.first = this;
            } else if (i > 1) {
                Collections.swap(parent.more, i - 1, i - 2);
            }
        }
    }

    /** Makes this node's variation, and every variation above it, the main continuation. */
    public void promoteToMain() {
        for (GameNode n = this; n.parent != null; n = n.parent) {
            GameNode p = n.parent;
            if (p.indexOfChild(n) > 0) {
                p.more.remove(n);
                p.more.add(0, p.first);
                p.first = n;
            }
        }
    }

    /** Removes this node and everything after it from the tree; the root cannot be removed. */
    public void remove() {
        if (parent == null) {
            throw new IllegalStateException("the root cannot be removed");
        }
        parent.removeChild(this);
        parent = null;
    }

    /** Nodes from the root's first move to this node, in order. */
    public List<GameNode> pathFromRoot() {
        List<GameNode> path = new ArrayList<>();
        for (GameNode n = this; n.parent != null; n = n.parent) {
            path.add(n);
        }
        Collections.reverse(path);
        return path;
    }

    /** This node and the first children after it, to the end of its line. */
    public List<GameNode> lineFromHere() {
        List<GameNode> line = new ArrayList<>();
        for (GameNode n = this; n != null; n = n.first) {
            line.add(n);
        }
        return line;
    }

    /** A comment that stands before this node's move (PGN allows one at the start of a variation). */
    public String startingComment() {
        return startingComment;
    }

    public void setStartingComment(String text) {
        startingComment = Objects.requireNonNull(text, "text");
    }

    /** The comment after this node's move (at the root: the comment before the first move). */
    public String comment() {
        return comment;
    }

    public void setComment(String text) {
        comment = Objects.requireNonNull(text, "text");
    }

    /** Numeric annotation glyphs, in the order given ({@code $1} = !, {@code $2} = ?...). */
    public List<Integer> nags() {
        return nags;
    }

    public void setNags(List<Integer> values) {
        nags = List.copyOf(values);
    }

    /** The evaluation written in the file ({@code [%eval]}), from White's/Red's point of view. */
    public Optional<Score> evalForWhite() {
        return Optional.ofNullable(evalForWhite);
    }

    public void setEvalForWhite(Score score) {
        evalForWhite = score;
    }

    /** The clock after this move ({@code [%clk]}). */
    public Optional<Duration> clock() {
        return Optional.ofNullable(clock);
    }

    public void setClock(Duration remaining) {
        clock = remaining;
    }

    /** Other embedded commands of the comment, kept as read. */
    public List<PgnCommand> commands() {
        return commands;
    }

    public void setCommands(List<PgnCommand> values) {
        commands = List.copyOf(values);
    }

    /** What engines found for this node's position, newest last. */
    public List<NodeAnalysis> analysis() {
        return analysis == null ? List.of() : Collections.unmodifiableList(analysis);
    }

    /** Keeps an engine's line, replacing the one it kept before for the same MultiPV slot. */
    public void putAnalysis(NodeAnalysis line) {
        if (analysis == null) {
            analysis = new ArrayList<>(1);
        }
        analysis.removeIf(a -> a.engine().equals(line.engine()) && a.multipv() == line.multipv());
        analysis.add(line);
    }

    public void clearAnalysis() {
        analysis = null;
    }

    @Override
    public String toString() {
        return move == null ? "root" : "node(" + move.coordinates(0) + " ply " + ply() + ")";
    }
}

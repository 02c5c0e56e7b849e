package org.kibitz.workbench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/**
 * A game being worked on: its tree, the node the user is at (the cursor), the file it came from and
 * whether it changed since. Every pane of the workbench shows one document; moving on the board, in
 * the move list or on the curve moves the same cursor.
 *
 * <p>Single-threaded: the owner (the UI thread in the workbench) makes every call; listeners are
 * called synchronously, in registration order.
 */
public final class GameDocument {

    /** What changed. */
    public enum Change {
        /** The cursor moved; the tree is as it was. */
        CURSOR,
        /** Nodes were added, removed or reordered, or annotations changed. */
        TREE,
        /** A different game (or a new one) replaced the whole document. */
        GAME
    }

    /** Told of every change. */
    @FunctionalInterface
    public interface Listener {
        void changed(GameDocument document, Change change);
    }

    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private GamePlugin game;
    private GameTree tree;
    private GameNode cursor;
    private Optional<Path> file = Optional.empty();
    private boolean modified;

    public GameDocument(GamePlugin game, GameTree tree) {
        this.game = Objects.requireNonNull(game, "game");
        this.tree = Objects.requireNonNull(tree, "tree");
        this.cursor = tree.root();
    }

    /** A new game from the game's start position. */
    public static GameDocument newGame(GamePlugin game) {
        return new GameDocument(game, new GameTree(game.startPosition()));
    }

    public void addListener(Listener l) {
        listeners.add(l);
    }

    public void removeListener(Listener l) {
        listeners.remove(l);
    }

    public GamePlugin game() {
        return game;
    }

    public GameTree tree() {
        return tree;
    }

    /** The node the user is at. */
    public GameNode cursor() {
        return cursor;
    }

    /** The position at the cursor. */
    public Position position() {
        return cursor.position();
    }

    /** The file this game was read from or last saved to. */
    public Optional<Path> file() {
        return file;
    }

    /** Whether the game changed since it was opened or saved. */
    public boolean modified() {
        return modified;
    }

    /** Records that the document was saved to {@code path}. */
    public void markSaved(Path path) {
        file = Optional.of(path);
        modified = false;
        fire(Change.GAME);
    }

    /** Replaces the whole document with another game (opened from {@code source}, if any). */
    public void replace(GamePlugin newGame, GameTree newTree, Optional<Path> source) {
        game = Objects.requireNonNull(newGame, "newGame");
        tree = Objects.requireNonNull(newTree, "newTree");
        cursor = newTree.root();
        file = source;
        modified = false;
        fire(Change.GAME);
    }

    /**
     * Plays a move at the cursor: follows the existing continuation if there is one with this move,
     * else adds it (as the main line if the node had none, else as a new variation), and moves the
     * cursor there.
     *
     * @throws IllegalArgumentException when the move is not legal at the cursor
     */
    public GameNode play(Move move) {
        Optional<GameNode> existing = cursor.child(move);
        if (existing.isPresent()) {
            goTo(existing.get());
            return cursor;
        }
        cursor = cursor.addChild(move);
        modified = true;
        fire(Change.TREE);
        return cursor;
    }

    /** Moves the cursor to any node of this document's tree. */
    public void goTo(GameNode node) {
        if (node.tree() != tree) {
            throw new IllegalArgumentException("node of another game");
        }
        if (node != cursor) {
            cursor = node;
            fire(Change.CURSOR);
        }
    }

    /** One move back; false at the start. */
    public boolean back() {
        Optional<GameNode> p = cursor.parent();
        p.ifPresent(this::goTo);
        return p.isPresent();
    }

    /** One move forward along the main continuation; false at the end of the line. */
    public boolean forward() {
        Optional<GameNode> n = cursor.next();
        n.ifPresent(this::goTo);
        return n.isPresent();
    }

    public void toStart() {
        goTo(tree.root());
    }

    /** To the end of the line the cursor is on. */
    public void toEnd() {
        List<GameNode> line = cursor.lineFromHere();
        goTo(line.get(line.size() - 1));
    }

    /** Moves one place up among its siblings the variation holding the cursor's node (or {@code node}). */
    public void promote(GameNode node) {
        node.promote();
        modified = true;
        fire(Change.TREE);
    }

    /** Makes the line through {@code node} the main line. */
    public void promoteToMain(GameNode node) {
        node.promoteToMain();
        modified = true;
        fire(Change.TREE);
    }

    /** Deletes {@code node} and everything after it; the cursor goes to its parent if it was inside. */
    public void delete(GameNode node) {
        GameNode parent = node.parent().orElseThrow(() -> new IllegalArgumentException("the start cannot be deleted"));
        boolean cursorInside = false;
        for (GameNode n = cursor; n != null; n = n.parent().orElse(null)) {
            if (n == node) {
                cursorInside = true;
                break;
            }
        }
        node.remove();
        if (cursorInside) {
            cursor = parent;
        }
        modified = true;
        fire(Change.TREE);
    }

    /** Sets the comment after a node's move. */
    public void setComment(GameNode node, String text) {
        node.setComment(text);
        modified = true;
        fire(Change.TREE);
    }

    /** Sets a node's annotation glyphs. */
    public void setNags(GameNode node, List<Integer> nags) {
        node.setNags(nags);
        modified = true;
        fire(Change.TREE);
    }

    /** Tells listeners that annotations or analysis stored in the tree changed (no edit by the user). */
    public void treeAnnotated() {
        fire(Change.TREE);
    }

    /**
     * The current line: from the first move through the cursor, then on along the main continuation
     * after it. This is what the evaluation curve plots.
     */
    public List<GameNode> currentLine() {
        List<GameNode> line = new ArrayList<>(cursor.pathFromRoot());
        List<GameNode> after = cursor.lineFromHere();
        line.addAll(after.subList(1, after.size()));
        return line;
    }

    private void fire(Change change) {
        for (Listener l : listeners) {
            l.changed(this, change);
        }
    }
}

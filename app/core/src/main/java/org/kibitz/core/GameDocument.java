package org.kibitz.core;

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
 * called synchronously, in registration order. A listener that throws is logged and the others are
 * still told, so one broken pane cannot leave the rest showing another position.
 */
public final class GameDocument {

    private static final System.Logger LOG = System.getLogger(GameDocument.class.getName());

    /** What changed. */
    public enum Change {
        /** The cursor moved; the tree is as it was. */
        CURSOR,
        /** Nodes were added, removed or reordered, or annotations changed (the cursor may have moved too). */
        TREE,
        /** A different game (or a new one) replaced the whole document. */
        GAME,
        /** Only the file or the modified mark changed (the game was saved); game and cursor are as they were. */
        FILE,
        /**
         * Engine results were stored in the tree ({@link org.kibitz.api.tree.GameNode#putAnalysis}): no
         * move or annotation of the user changed, but a save now writes more ({@code [%eval]}).
         */
        ANALYSIS
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
    private Optional<GameOrigin> origin = Optional.empty();
    private boolean modified;
    private boolean unsavedAnalysis;

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

    /**
     * The positions from the start through the cursor: the history the repetition rules judge
     * ({@link GamePlugin#rule}, {@link GamePlugin#bannedMoves}).
     */
    public List<Position> positionsToCursor() {
        List<GameNode> path = cursor.pathFromRoot();
        List<Position> line = new ArrayList<>(path.size() + 1);
        line.add(tree.startPosition());
        for (GameNode n : path) {
            line.add(n.position());
        }
        return line;
    }

    /** The file this game was read from or last saved to. */
    public Optional<Path> file() {
        return origin.map(GameOrigin::file);
    }

    /** The file, format and game number this game was read from or last saved to. */
    public Optional<GameOrigin> origin() {
        return origin;
    }

    /**
     * Marks the game on the board as one engines are playing here, now (a game against the
     * computer, a match's game watched): its moves' evaluations are their movers' own, shown live.
     * Another game replaces the mark.
     */
    public void markPlayedHere() {
        playedHere = tree;
    }

    /** Whether the game on the board is being played here (see {@link #markPlayedHere()}). */
    public boolean playedHere() {
        return playedHere == tree;
    }

    private GameTree playedHere;

    /**
     * The changes since the game was opened were not the user's (the moves of a match's game the
     * board follows): closing it need not ask about them.
     */
    public void markUnmodified() {
        if (modified) {
            modified = false;
            fire(Change.FILE);
        }
    }

    /** Whether the game changed since it was opened or saved. */
    public boolean modified() {
        return modified;
    }

    /** Records that the document was saved to {@code path} (format unknown). */
    public void markSaved(Path path) {
        markSaved(new GameOrigin(path, Optional.empty(), 1, 1));
    }

    /** Records that the document was saved, as the only game of {@code saved.file()}. */
    public void markSaved(GameOrigin saved) {
        origin = Optional.of(saved);
        modified = false;
        unsavedAnalysis = false;
        fire(Change.FILE);
    }

    /** Replaces the whole document with another game (opened from {@code source}, if any). */
    public void replace(GamePlugin newGame, GameTree newTree, Optional<Path> source) {
        open(newGame, newTree, source.map(p -> new GameOrigin(p, Optional.empty(), 1, 1)));
    }

    /** Replaces the whole document with a game read from a file, or a new one when {@code from} is empty. */
    public void open(GamePlugin newGame, GameTree newTree, Optional<GameOrigin> from) {
        if (!newGame.id().equals(newTree.gameId())) {
            throw new IllegalArgumentException("a " + newTree.gameId() + " tree for the game " + newGame.id());
        }
        game = Objects.requireNonNull(newGame, "newGame");
        tree = Objects.requireNonNull(newTree, "newTree");
        cursor = newTree.root();
        origin = Objects.requireNonNull(from, "from");
        modified = false;
        unsavedAnalysis = false;
        fire(Change.GAME);
    }

    /** Replaces the document with a new game of {@code newGame} from {@code start}, with no file. */
    public void newGame(GamePlugin newGame, Position start) {
        open(newGame, new GameTree(start), Optional.empty());
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

    /**
     * Moves the cursor to any node of this document's tree.
     *
     * @throws IllegalArgumentException for a node of another tree, or one deleted from this tree
     */
    public void goTo(GameNode node) {
        if (!contains(node)) {
            throw new IllegalArgumentException("not a node of this game: " + node);
        }
        if (node != cursor) {
            cursor = node;
            fire(Change.CURSOR);
        }
    }

    /** Whether {@code node} is in this document's tree now (a deleted node keeps its tree but not its place). */
    public boolean contains(GameNode node) {
        if (node.tree() != tree) {
            return false;
        }
        GameNode n = node;
        while (n.parent().isPresent()) {
            GameNode p = n.parent().get();
            if (!p.children().contains(n)) {
                return false;
            }
            n = p;
        }
        return n == tree.root();
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

    /**
     * To the next ({@code +1}) or previous ({@code -1}) alternative of the cursor's move: the other
     * moves played from the same position, in the tree's order.
     *
     * @return false when there is no such alternative (the cursor stays)
     */
    public boolean toSibling(int direction) {
        Optional<GameNode> parent = cursor.parent();
        if (parent.isEmpty()) {
            return false;
        }
        List<GameNode> siblings = parent.get().children();
        int i = siblings.indexOf(cursor) + Integer.signum(direction);
        if (i < 0 || i >= siblings.size()) {
            return false;
        }
        goTo(siblings.get(i));
        return true;
    }

    /**
     * The first node of the innermost variation holding {@code node}: the node itself or the nearest
     * ancestor that is not its parent's main continuation. Empty on the main line.
     */
    public static Optional<GameNode> variationStart(GameNode node) {
        for (GameNode n = node; n.parent().isPresent(); n = n.parent().get()) {
            if (!n.isMainContinuation()) {
                return Optional.of(n);
            }
        }
        return Optional.empty();
    }

    /**
     * Moves the variation holding {@code node} one place up among its siblings (the first variation
     * becomes the main continuation).
     *
     * @return false when {@code node} is on the main line (nothing changes)
     */
    public boolean promote(GameNode node) {
        Optional<GameNode> start = variationStart(node);
        if (start.isEmpty()) {
            return false;
        }
        start.get().promote();
        modified = true;
        fire(Change.TREE);
        return true;
    }

    /** Makes the line through {@code node} the main line. */
    public void promoteToMain(GameNode node) {
        if (node.isMainline()) {
            return;
        }
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

    /**
     * Deletes the whole variation holding {@code node} (from its first move on).
     *
     * @return false when {@code node} is on the main line (nothing is deleted)
     */
    public boolean deleteVariation(GameNode node) {
        Optional<GameNode> start = variationStart(node);
        start.ifPresent(this::delete);
        return start.isPresent();
    }

    /**
     * Tells listeners that moves were added to the tree directly (a whole subtree grafted at once, as
     * deep analysis copies its tree into the game): the game is modified.
     */
    public void treeEdited() {
        modified = true;
        fire(Change.TREE);
    }

    /** Sets the comment after a node's move. */
    public void setComment(GameNode node, String text) {
        node.setComment(text);
        modified = true;
        fire(Change.TREE);
    }

    /** Sets the comment before a node's move. */
    public void setStartingComment(GameNode node, String text) {
        node.setStartingComment(text);
        modified = true;
        fire(Change.TREE);
    }

    /** Sets a node's annotation glyphs. */
    public void setNags(GameNode node, List<Integer> nags) {
        node.setNags(nags);
        modified = true;
        fire(Change.TREE);
    }

    /**
     * Sets the glyphs of many nodes at once, with one change told: a batch evaluation's judgements.
     * Like engine results stored in the tree they are not the user's edits: {@link #hasUnsavedAnalysis()}
     * says a save would keep them, {@link #modified()} does not change (switching games asks nothing).
     * Nodes no longer in the tree are passed over.
     */
    public void setNags(java.util.Map<GameNode, List<Integer>> nags) {
        boolean any = false;
        for (var e : nags.entrySet()) {
            if (contains(e.getKey()) && !e.getKey().nags().equals(e.getValue())) {
                e.getKey().setNags(e.getValue());
                any = true;
            }
        }
        if (any) {
            unsavedAnalysis = true;
            fire(Change.TREE);
        }
    }

    /**
     * Tells listeners that analysis was stored in the tree (no edit by the user): the tree as saved
     * ({@link #tree()}, whose nodes hold it) now carries it, and {@link #hasUnsavedAnalysis()} says so
     * until the next save.
     */
    public void treeAnnotated() {
        unsavedAnalysis = true;
        fire(Change.ANALYSIS);
    }

    /** Whether engine results were stored in the tree since it was opened or saved (a save would keep them). */
    public boolean hasUnsavedAnalysis() {
        return unsavedAnalysis;
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
            try {
                l.changed(this, change);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, "a game document listener failed on " + change, e);
            }
        }
    }
}

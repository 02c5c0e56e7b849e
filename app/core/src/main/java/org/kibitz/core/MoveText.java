package org.kibitz.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/**
 * A game tree laid out as text for the move list: paragraphs of tokens (move numbers and moves,
 * comments, brackets), with variations either indented as paragraphs of their own or inline in
 * parentheses, as ChessBase shows them. Headless, so the layout is tested without a window and the
 * move pane only draws what it is given.
 *
 * <p>Paragraphs are also the unit the pane virtualises: a long line without variations is cut
 * every {@value #MOVES_PER_PARAGRAPH} moves (before a first player's move), so a game of thousands
 * of plies never becomes one huge block of text.
 */
public final class MoveText {

    /** How variations are shown. */
    public enum Style {
        /** Each variation in a paragraph of its own, indented by its depth (deeper ones inline). */
        INDENTED,
        /** Every variation inline, in parentheses. */
        INLINE
    }

    /** Moves in one paragraph before a long line is cut. */
    public static final int MOVES_PER_PARAGRAPH = 20;

    /** Variations nested deeper than this are shown inline even in the indented style. */
    public static final int MAX_INDENT = 4;

    /** A piece of a paragraph. */
    public sealed interface Token permits MoveToken, CommentToken, Punctuation {
    }

    /**
     * A move.
     *
     * @param node   the node the move leads to
     * @param number the move number before it ({@code 12.} or {@code 12...}), or empty
     * @param text   the move in the chosen notation
     * @param nags   the annotation glyphs after it, or empty
     * @param level  0 on the main line, else the depth of the variation it is in
     */
    public record MoveToken(GameNode node, String number, String text, String nags, int level) implements Token {
    }

    /**
     * A comment.
     *
     * @param node       the node it belongs to
     * @param text       the comment
     * @param beforeMove whether it stands before the node's move (else after it)
     */
    public record CommentToken(GameNode node, String text, boolean beforeMove, int level) implements Token {
    }

    /** A bracket around an inline variation, or the game's result at the end. */
    public record Punctuation(String text, int level) implements Token {
    }

    /**
     * A paragraph of the list.
     *
     * @param depth     indentation: 0 for the main line, n for a variation n deep
     * @param tokens    what it shows, in order
     */
    public record Paragraph(int depth, List<Token> tokens) {
        public Paragraph {
            tokens = List.copyOf(tokens);
        }
    }

    private final MoveNames names;
    private final Style style;
    private final List<Paragraph> out = new ArrayList<>();
    private List<Token> tokens = new ArrayList<>();
    private int paragraphDepth;
    private int movesInParagraph;
    private int inlineDepth;

    private MoveText(MoveNames names, Style style) {
        this.names = names;
        this.style = style;
    }

    /** Lays out a whole tree. */
    public static List<Paragraph> layout(GameTree tree, MoveNames names, Style style) {
        Objects.requireNonNull(tree, "tree");
        MoveText t = new MoveText(Objects.requireNonNull(names, "names"), Objects.requireNonNull(style, "style"));
        GameNode root = tree.root();
        if (!root.comment().isBlank()) {
            t.tokens.add(new CommentToken(root, display(root.comment()), false, 0));
        }
        t.line(root, 0, true);
        GameResult result = tree.result();
        if (result != GameResult.UNDECIDED) {
            t.tokens.add(new Punctuation(result.pgn(), 0));
        }
        t.flush();
        return t.out;
    }

    /**
     * Emits the continuation of {@code parent}: its main child, then that child's alternatives, then on
     * from the main child. By iteration, with a stack of the variations open: a recursion into each
     * variation overflowed the stack at some thousands of nested variations (a file the readers accept).
     */
    private void line(GameNode parent, int level, boolean forceNumber) {
        java.util.ArrayDeque<Open> open = new java.util.ArrayDeque<>();
        open.push(new Open(parent, level, forceNumber, false, false, paragraphDepth));
        while (!open.isEmpty()) {
            Open o = open.peek();
            List<GameNode> children = o.at.children();
            if (o.next == 0) {
                if (children.isEmpty()) {
                    open.pop();
                    if (o.variation) {
                        close(o);
                        // The line the variation stood in goes on with a move number.
                        open.peek().force = true;
                    }
                    continue;
                }
                GameNode main = children.get(0);
                if (inlineDepth == 0 && o.level == paragraphDepth && movesInParagraph >= MOVES_PER_PARAGRAPH
                        && sideOf(main) == Side.WHITE) {
                    flush();
                    o.force = true;
                }
                o.force = move(main, o.level, o.force);
                o.next = 1;
            }
            if (o.next < children.size()) {
                open.push(variation(children.get(o.next++), o.level + 1));
                continue;
            }
            o.at = children.get(0);
            o.next = 0;
        }
    }

    /** A line being laid out: where it is, and how far the alternatives there are written. */
    private static final class Open {
        GameNode at;
        final int level;
        boolean force;
        /** 0: the main move from {@code at} is not written yet; else the next alternative's index. */
        int next;
        final boolean variation;
        final boolean ownParagraph;
        /** The paragraph depth to go back to when a variation of its own paragraph ends. */
        final int outer;

        Open(GameNode at, int level, boolean force, boolean variation, boolean ownParagraph, int outer) {
            this.at = at;
            this.level = level;
            this.force = force;
            this.variation = variation;
            this.ownParagraph = ownParagraph;
            this.outer = outer;
        }
    }

    /** Opens one variation and writes its first move; the line to go on along it. */
    private Open variation(GameNode first, int level) {
        boolean ownParagraph = style == Style.INDENTED && inlineDepth == 0 && level <= MAX_INDENT;
        int outer = paragraphDepth;
        if (ownParagraph) {
            flush();
            paragraphDepth = level;
        } else {
            tokens.add(new Punctuation("(", level));
            inlineDepth++;
        }
        move(first, level, true);
        return new Open(first, level, false, true, ownParagraph, outer);
    }

    /** Closes a variation at its end. */
    private void close(Open v) {
        if (v.ownParagraph) {
            flush();
            paragraphDepth = v.outer;
        } else {
            inlineDepth--;
            tokens.add(new Punctuation(")", v.level));
        }
    }

    /** Emits one move with its comments; returns whether the next move needs its number. */
    private boolean move(GameNode node, int level, boolean forceNumber) {
        boolean force = forceNumber;
        if (!node.startingComment().isBlank()) {
            tokens.add(new CommentToken(node, display(node.startingComment()), true, level));
            force = true;
        }
        Position before = node.positionBefore();
        String number;
        if (before.sideToMove() == Side.WHITE) {
            number = before.fullmoveNumber() + ".";
        } else {
            number = force ? before.fullmoveNumber() + "..." : "";
        }
        tokens.add(new MoveToken(node, number, names.of(node), Nags.suffix(node.nags()), level));
        movesInParagraph++;
        if (!node.comment().isBlank()) {
            tokens.add(new CommentToken(node, display(node.comment()), false, level));
            return true;
        }
        return false;
    }

    /** A comment as the list shows it: line breaks from the file's wrapping are only spaces. */
    static String display(String comment) {
        return WHITESPACE.matcher(comment.strip()).replaceAll(" ");
    }

    private static final java.util.regex.Pattern WHITESPACE = java.util.regex.Pattern.compile("\\s+");

    private static Side sideOf(GameNode node) {
        return node.positionBefore().sideToMove();
    }

    private void flush() {
        if (!tokens.isEmpty()) {
            out.add(new Paragraph(paragraphDepth, tokens));
            tokens = new ArrayList<>();
        }
        movesInParagraph = 0;
    }
}

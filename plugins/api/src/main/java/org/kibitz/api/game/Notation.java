package org.kibitz.api.game;

import java.util.ArrayList;
import java.util.List;

/**
 * A way of writing moves: SAN, figurine SAN, UCI coordinates for chess; ICCS, WXF, Chinese for xiangqi.
 * Every notation both writes and reads its moves.
 */
public interface Notation {

    /** Stable id: {@code san}, {@code figurine}, {@code uci}, {@code iccs}, {@code wxf}, {@code chinese}. */
    String id();

    /** The move written in this notation; {@code move} must be legal in {@code before}. */
    String format(Position before, Move move);

    /**
     * Appends {@link #format(Position, Move)}'s text to {@code out}. Writers of game files call this
     * for every move, and notations that build their text in place override it so that no string is
     * made per move.
     */
    default void formatTo(Position before, Move move, StringBuilder out) {
        out.append(format(before, move));
    }

    /**
     * Reads one move. Whitespace around it, check marks and annotation suffixes ({@code +}, {@code #},
     * {@code !?}) are the notation's to accept or reject, as its users write them.
     *
     * @throws MoveParseException as {@link NotAMoveException}, {@link IllegalMoveException} or
     *                            {@link AmbiguousMoveException}
     */
    Move parse(Position before, String text) throws MoveParseException;

    /** A line of moves written one by one from {@code start}; stops at the first move that is not legal. */
    default List<String> formatLine(Position start, List<Move> moves) {
        List<String> out = new ArrayList<>(moves.size());
        Position p = start;
        for (Move m : moves) {
            if (!p.isLegal(m)) {
                break;
            }
            out.add(format(p, m));
            p = p.play(m);
        }
        return out;
    }
}

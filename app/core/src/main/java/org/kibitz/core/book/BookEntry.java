package org.kibitz.core.book;

import java.util.Objects;
import org.kibitz.api.game.Move;

/**
 * One move a book gives for a position.
 *
 * @param move   the move, legal in the probed position, in the game's own form (chess castling as
 *               the king's two-square move in standard chess)
 * @param weight how often the book wants it played, relative to the position's other moves
 * @param learn  the book's learning field (Polyglot's {@code learn}; 0 where a format has none)
 */
public record BookEntry(Move move, int weight, long learn) {

    public BookEntry {
        Objects.requireNonNull(move, "move");
        if (weight < 0) {
            throw new IllegalArgumentException("negative weight " + weight);
        }
    }
}

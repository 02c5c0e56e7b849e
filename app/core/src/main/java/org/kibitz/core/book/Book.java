package org.kibitz.core.book;

import java.util.List;
import org.kibitz.api.game.Position;

/** An opening book: the moves it gives for a position, with their weights. */
public interface Book {

    /** The game the book is for ({@code chess}, {@code xiangqi}). */
    String gameId();

    /**
     * The book's moves for a position of its game that are legal there, by weight, highest first
     * (ties in the order the file holds them); empty when the book does not know the position.
     */
    List<BookEntry> probe(Position position);

    /** The sum of the weights of {@code entries}, for percentages. */
    static long totalWeight(List<BookEntry> entries) {
        long sum = 0;
        for (BookEntry e : entries) {
            sum += e.weight();
        }
        return sum;
    }
}

package org.kibitz.core.match;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.book.Book;
import org.kibitz.core.book.BookEntry;

/**
 * An engine's own opening book in a match (cutechess's {@code book=FILE bookdepth=N}): while the engine
 * has made fewer than {@code depth} moves (0: as long as the book knows the position) and the book
 * holds moves for the position, the engine's move is one of them, picked at random in proportion to
 * the weights, with no search and no time used. The pick is seeded by the game, so a game played again
 * (a resumed run) takes the same book moves.
 *
 * @param book  the book (Polyglot for chess, ours or ElephantEye's for xiangqi)
 * @param file  the file's name, for the fingerprint of a run and messages
 * @param depth the most moves the engine takes from it, in its own moves; 0 for no limit
 */
public record EngineBook(Book book, String file, int depth) {

    public EngineBook {
        Objects.requireNonNull(book, "book");
        Objects.requireNonNull(file, "file");
        if (depth < 0) {
            throw new IllegalArgumentException("bookdepth must be 0 or more: " + depth);
        }
    }

    /** Whether the engine may still take a book move after {@code made} moves of its own. */
    public boolean open(int made) {
        return depth == 0 || made < depth;
    }

    /**
     * A legal book move for {@code position}, weighted at random with a generator seeded by {@code seed}
     * and the position; empty when the book has none there.
     */
    public Optional<Move> pick(Position position, long seed) {
        List<BookEntry> entries = book.probe(position).stream()
                .filter(e -> e.weight() > 0 && position.isLegal(e.move())).toList();
        if (entries.isEmpty()) {
            return Optional.empty();
        }
        long total = 0;
        for (BookEntry e : entries) {
            total += e.weight();
        }
        long r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L ^ position.hash()).nextLong(total);
        for (BookEntry e : entries) {
            r -= e.weight();
            if (r < 0) {
                return Optional.of(e.move());
            }
        }
        return Optional.of(entries.get(entries.size() - 1).move());
    }
}

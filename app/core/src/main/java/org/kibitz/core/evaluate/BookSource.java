package org.kibitz.core.evaluate;

import java.io.IOException;
import java.util.Objects;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.book.Book;
import org.kibitz.core.book.BookEntry;
import org.kibitz.core.tree.OpeningTree;
import org.kibitz.core.tree.TreeMove;

/**
 * Where an evaluation learns which moves are opening theory, so that they are labelled {@code book}
 * instead of judged (docs/judgements.md): an opening database made by {@code tree import}, where a
 * move is book when at least {@code minGames} of its position's games played it, or an opening book
 * (Polyglot, Kibitz's xiangqi book, ElephantEye's BOOK.DAT), where a move is book when the book holds
 * it with a weight above 0.
 *
 * <p>A game's book moves are its first moves up to the first that is not book ({@link #bookPlies}): once
 * a game has left theory, a later move that meets a known position again (a transposition) is judged
 * like any other, as chess.com's reports do.
 */
public interface BookSource {

    /** Whether {@code move}, legal in {@code before}, is a book move there. */
    boolean contains(Position before, Move move) throws IOException;

    /** A short description for the outputs: what the source is and its rule. */
    String describe();

    /** The default of {@code --book-min}: a move at least ten games played. */
    int DEFAULT_MIN_GAMES = 10;

    /**
     * How many of the game's first moves are book: {@code positions[i]} is the position after {@code i}
     * moves, {@code moves[i]} the move played from it.
     */
    default int bookPlies(Position[] positions, java.util.List<Move> moves) throws IOException {
        int n = 0;
        while (n < moves.size() && contains(positions[n], moves.get(n))) {
            n++;
        }
        return n;
    }

    /**
     * The moves at least {@code minGames} games of an opening database played from their position.
     * Reads the database under a lock: it is for one thread at a time.
     */
    static BookSource tree(OpeningTree tree, int minGames) {
        Objects.requireNonNull(tree, "tree");
        if (minGames < 1) {
            throw new IllegalArgumentException("minGames must be 1 or more: " + minGames);
        }
        return new BookSource() {
            @Override
            public boolean contains(Position before, Move move) throws IOException {
                synchronized (tree) {
                    for (TreeMove m : tree.moves(before.hash())) {
                        if (m.move().equals(move)) {
                            return m.games() >= minGames;
                        }
                    }
                }
                return false;
            }

            @Override
            public String describe() {
                return "tree " + tree.file().getFileName() + " min=" + minGames;
            }
        };
    }

    /** The moves an opening book holds with a weight above 0. {@code name} names the book in the outputs. */
    static BookSource book(Book book, String name) {
        Objects.requireNonNull(book, "book");
        return new BookSource() {
            @Override
            public boolean contains(Position before, Move move) {
                synchronized (book) {
                    for (BookEntry e : book.probe(before)) {
                        if (e.move().equals(move)) {
                            return e.weight() > 0;
                        }
                    }
                }
                return false;
            }

            @Override
            public String describe() {
                return "book " + name;
            }
        };
    }
}

package org.kibitz.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.kibitz.core.book.Book;
import org.kibitz.core.book.Books;
import org.kibitz.core.evaluate.BookSource;
import org.kibitz.core.tree.OpeningTree;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code evaluate}'s {@code --tree DB}, {@code --book BOOK} and {@code --book-min N}: where book moves come
 * from, opened and checked against the batch's game before any engine starts.
 */
final class BookOption {

    private BookOption() {
    }

    /** The book source opened, and what to close when the run is over. */
    static final class Opened implements AutoCloseable {
        private final Optional<BookSource> source;
        private final OpeningTree tree;

        Opened(Optional<BookSource> source, OpeningTree tree) {
            this.source = source;
            this.tree = tree;
        }

        Optional<BookSource> source() {
            return source;
        }

        @Override
        public void close() {
            if (tree != null) {
                try {
                    tree.close();
                } catch (IOException e) {
                    // read only: nothing of the user's is lost
                }
            }
        }
    }

    /**
     * Opens the tree or book given (none: an empty source); null after saying on stderr why it cannot be
     * read (exit 2). Both at once, a {@code --book-min} below 1, or a book of another game is a usage error.
     */
    static Opened open(CommandSpec spec, Path treeFile, Path bookFile, int minGames, String gameId, PrintWriter err,
                       Messages text) {
        if (treeFile != null && bookFile != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), text.text("book.both"));
        }
        if (minGames < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), text.text("book.min"));
        }
        if (treeFile != null) {
            if (!Files.isRegularFile(treeFile)) {
                err.println(text.text("tree.missing", Terminal.safe(InputFiles.shown(treeFile))));
                return null;
            }
            OpeningTree tree = null;
            try {
                tree = OpeningTree.open(treeFile);
                tree.problem().ifPresent(p -> err.println("kibitz: " + Terminal.safe(p.render())));
                Optional<String> game = tree.gameId();
                if (game.isPresent() && !game.get().equals(gameId)) {
                    tree.close();
                    throw new CommandLine.ParameterException(spec.commandLine(),
                            text.text("tree.otherGame", Terminal.safe(InputFiles.shown(treeFile)), game.get(), gameId));
                }
                return new Opened(Optional.of(BookSource.tree(tree, minGames)), tree);
            } catch (IOException e) {
                closeQuietly(tree);
                err.println(text.text("tree.unreadable", Terminal.safe(InputFiles.shown(treeFile)), String.valueOf(e.getMessage())));
                return null;
            }
        }
        if (bookFile != null) {
            if (!Files.isRegularFile(bookFile)) {
                err.println(text.text("bookFile.missing", Terminal.safe(InputFiles.shown(bookFile))));
                return null;
            }
            try {
                Book b = Books.open(bookFile, gameId);
                return new Opened(Optional.of(BookSource.book(b, String.valueOf(bookFile.getFileName()))), null);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), text.text("bookFile.bad",
                        Terminal.safe(InputFiles.shown(bookFile)), String.valueOf(e.getMessage())));
            } catch (IOException e) {
                err.println(text.text("bookFile.unreadable", Terminal.safe(InputFiles.shown(bookFile)), String.valueOf(e.getMessage())));
                return null;
            }
        }
        return new Opened(Optional.empty(), null);
    }

    private static void closeQuietly(OpeningTree tree) {
        if (tree != null) {
            try {
                tree.close();
            } catch (IOException e) {
                // already failing
            }
        }
    }
}

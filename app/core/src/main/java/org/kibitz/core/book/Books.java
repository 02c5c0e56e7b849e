package org.kibitz.core.book;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** Opening a book file by its kind. */
public final class Books {

    private Books() {
    }

    /** Whether a file is named as ElephantEye's book is ({@code *.dat}, any case): xiangqi in its own format. */
    public static boolean isEleEye(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".dat");
    }

    /**
     * The book in a file: ElephantEye's format for a {@code .dat} file (xiangqi only), else a
     * Polyglot-style book of {@code gameId} (Polyglot for chess, Kibitz's format for xiangqi).
     *
     * @throws IllegalArgumentException when there is no book format for the game
     */
    public static Book open(Path file, String gameId) throws IOException {
        if (isEleEye(file)) {
            if (!gameId.equals("xiangqi")) {
                throw new IllegalArgumentException("an ElephantEye book (.dat) is for xiangqi, not " + gameId);
            }
            return EleEyeBook.open(file);
        }
        return PolyglotBook.open(file, BookMoves.forGame(gameId));
    }
}

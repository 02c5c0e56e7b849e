package org.kibitz.core;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a document's game came from: the file, its format, and which of the file's games it is.
 * Saving needs all three: a game that is one of many in a file cannot be written back over the
 * whole file without losing the others.
 *
 * @param file        the file
 * @param formatId    the format it was read or written in ({@code pgn}, {@code xqf}), if known
 * @param gameNumber  the game's number in the file, from 1
 * @param gamesInFile how many games the file held when it was read
 */
public record GameOrigin(Path file, Optional<String> formatId, int gameNumber, int gamesInFile) {

    public GameOrigin {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(formatId, "formatId");
        if (gameNumber < 1 || gamesInFile < gameNumber) {
            throw new IllegalArgumentException("game " + gameNumber + " of " + gamesInFile);
        }
    }

    /** The only game of a file, in a known format. */
    public static GameOrigin single(Path file, String formatId) {
        return new GameOrigin(file, Optional.of(formatId), 1, 1);
    }

    /** Whether the game is the whole file, so that saving it may replace the file. */
    public boolean wholeFile() {
        return gamesInFile == 1;
    }
}

package org.kibitz.core.puzzle;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** The files puzzles are written to and read from, by extension. */
public enum PuzzleFormat {
    /** lichess's puzzle CSV layout ({@link PuzzleFiles#CSV_HEADER}). */
    CSV("csv"),
    /** A game per puzzle, set up at the position before the mistake, the puzzle's fields as tags. */
    PGN("pgn"),
    /** A line per puzzle: the position to solve, {@code bm}, {@code id}, the line and the fields as operations. */
    EPD("epd");

    private final String extension;

    PuzzleFormat(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    /** The format a file name's extension asks for, any case; empty for another extension. */
    public static Optional<PuzzleFormat> of(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        for (PuzzleFormat f : values()) {
            if (name.endsWith("." + f.extension)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}

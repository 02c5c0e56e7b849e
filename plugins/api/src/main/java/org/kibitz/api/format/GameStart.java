package org.kibitz.api.format;

import java.nio.charset.Charset;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a game starts in its file, as a listing pass ({@link GameReader#nextHeader()}) found it, so
 * that a reader can start there ({@link FormatPlugin#readerAt}) instead of reading every game
 * before it. Only formats that can start mid-file hand these out (PGN, FEN/EPD lists).
 *
 * @param gameNumber the game's number in the file, from 1
 * @param offset     the byte offset of the line (or record) the game starts on
 * @param line       that line's 1-based number (0 for binary formats)
 * @param column     characters into that line where the game begins (0 nearly always: a game
 *                   that follows another's result on the same line starts further in)
 * @param charset    the text encoding the file was decided to have by then, if it was
 */
public record GameStart(int gameNumber, long offset, long line, int column, Optional<Charset> charset) {

    public GameStart {
        if (gameNumber < 1 || offset < 0 || line < 0 || column < 0) {
            throw new IllegalArgumentException("bad game start: game " + gameNumber + " at " + offset + ", line " + line + ":" + column);
        }
        Objects.requireNonNull(charset, "charset");
    }
}

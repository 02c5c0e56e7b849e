package org.kibitz.api.format;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import org.kibitz.api.Plugin;

/** A file format for games: PGN, XQF, FEN/EPD lists. Reads as a stream, one game at a time. */
public interface FormatPlugin extends Plugin {

    /** File name extensions, lower case, without the dot ({@code pgn}, {@code xqf}). */
    List<String> extensions();

    /** Whether the leading bytes of a file are this format's (magic bytes); {@code false} when unsure. */
    default boolean recognizes(byte[] head) {
        return false;
    }

    /** Whether a file name has one of this format's extensions. */
    default boolean matchesName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        return extensions().stream().anyMatch(e -> lower.endsWith("." + e));
    }

    boolean canRead();

    /**
     * Whether a file of this format holds a single game (XQF): a writer then takes one game, and a
     * conversion of many games writes one file per game.
     */
    default boolean oneGamePerFile() {
        return false;
    }

    /** Whether this format can hold games of a game id ({@code chess}, {@code xiangqi}); XQF holds xiangqi only. */
    default boolean holds(String gameId) {
        return true;
    }

    boolean canWrite();

    /**
     * Opens a reader over {@code in}. The reader owns the stream and closes it. Reading never keeps
     * more than the current game in memory.
     */
    GameReader reader(InputStream in, ReadContext context) throws IOException;

    /**
     * Opens a reader that starts at a game a listing pass found ({@link GameHeader#start()}): the
     * stream is positioned at {@code start.offset()} by the caller, and the first game read is
     * game {@code start.gameNumber()}, with its lines numbered as in the whole file. Formats that
     * hand out no {@link GameStart} need not implement it.
     *
     * @throws IOException when this format cannot start mid-file
     */
    default GameReader readerAt(InputStream in, ReadContext context, GameStart start) throws IOException {
        in.close();
        throw new IOException(id() + " cannot start reading at game " + start.gameNumber());
    }

    /**
     * The tags of {@code game} (with a value) that a file of this format written from it would not
     * give back: tags it has no field for, and values cut to fit their field. In the game's tag
     * order; empty when every tag is kept (PGN keeps them all).
     */
    default List<String> tagsNotKept(org.kibitz.api.tree.GameTree game) {
        return List.of();
    }

    /** Opens a writer over {@code out}; closing the writer flushes and closes the stream. */
    GameWriter writer(OutputStream out, WriteContext context) throws IOException;
}

package org.kibitz.api.format;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads games one at a time. A broken game gives a result with its problems and whatever part of it
 * was good; reading then goes on with the next game.
 *
 * <p>Listing a file need not read its games: {@link #nextHeader()} gives a game's tags and where
 * it starts, {@link #skip()} passes over a game; formats that can do either without reading the
 * moves override them. Calls of {@code next}, {@code nextHeader} and {@code skip} may be mixed:
 * each takes the next game.
 */
public interface GameReader extends Closeable {

    /** The next game, or {@code null} at the end of the file. */
    ReadResult next() throws IOException;

    /**
     * The next game's header, without reading its moves where the format allows, or {@code null}
     * at the end of the file. By default the game is read whole and its header taken from it.
     */
    default GameHeader nextHeader() throws IOException {
        ReadResult r = next();
        return r == null ? null : GameHeader.of(r);
    }

    /**
     * Passes over the next game without building it.
     *
     * @return false at the end of the file (nothing was skipped)
     */
    default boolean skip() throws IOException {
        return nextHeader() != null;
    }

    /** The remaining games as a lazy stream; I/O errors surface as {@link UncheckedIOException}. */
    default Stream<ReadResult> stream() {
        Iterator<ReadResult> it = new Iterator<>() {
            private ReadResult ahead;

            @Override
            public boolean hasNext() {
                if (ahead == null) {
                    try {
                        ahead = GameReader.this.next();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                return ahead != null;
            }

            @Override
            public ReadResult next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ReadResult r = ahead;
                ahead = null;
                return r;
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL), false);
    }
}

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
 */
public interface GameReader extends Closeable {

    /** The next game, or {@code null} at the end of the file. */
    ReadResult next() throws IOException;

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

package org.kibitz.api.format;

import java.nio.charset.Charset;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.game.Games;

/**
 * What a reader needs besides the bytes.
 *
 * @param source   the file name (or another label) used in every problem it reports
 * @param games    the games available, to read moves with
 * @param gameHint the game to assume when a file does not say ({@code --game}), if any
 * @param charset  the text encoding to use instead of detecting one, if any
 * @param spareCores how many cores the caller leaves to the reader besides its own thread:
 *                 {@link #CALLER_BUSY} when the caller keeps one busy with the games (a converter
 *                 writing them), {@link #CALLER_IDLE} when it only takes them (a check, a count,
 *                 an import), or a number
 */
public record ReadContext(String source, Games games, Optional<String> gameHint, Optional<Charset> charset,
                          int spareCores) {

    /** The caller keeps a core busy with what it reads: the reader gets the others but one. */
    public static final int CALLER_BUSY = -1;
    /** The caller does little with what it reads: the reader may use every core. */
    public static final int CALLER_IDLE = -2;

    public ReadContext {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(games, "games");
        Objects.requireNonNull(gameHint, "gameHint");
        Objects.requireNonNull(charset, "charset");
        if (spareCores < CALLER_IDLE) {
            throw new IllegalArgumentException("spareCores: " + spareCores);
        }
    }

    public ReadContext(String source, Games games, Optional<String> gameHint, Optional<Charset> charset) {
        this(source, games, gameHint, charset, CALLER_BUSY);
    }

    /** The same context with the caller's use of the cores said. */
    public ReadContext withSpareCores(int spare) {
        return new ReadContext(source, games, gameHint, charset, spare);
    }

    /** Threads a reader may add to the caller's to read ahead, on this machine. */
    public int readAheadThreads() {
        int cores = Runtime.getRuntime().availableProcessors();
        return switch (spareCores) {
            case CALLER_BUSY -> cores - 1;
            case CALLER_IDLE -> cores;
            default -> spareCores;
        };
    }

    public static ReadContext of(String source, Games games) {
        return new ReadContext(source, games, Optional.empty(), Optional.empty());
    }
}

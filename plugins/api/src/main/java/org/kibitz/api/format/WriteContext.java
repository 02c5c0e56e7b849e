package org.kibitz.api.format;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.game.Games;

/**
 * What a writer needs besides the games.
 *
 * @param games       the games available
 * @param notation    the notation id to write moves in ({@code san}, {@code iccs}...), if not the format's default
 * @param charset     the text encoding, UTF-8 unless asked otherwise
 * @param engineLines whether the best line an engine left in a node is written too, as a variation
 *                    (formats with variations; the best-founded score is written as {@code [%eval]} either way)
 */
public record WriteContext(Games games, Optional<String> notation, Charset charset, boolean engineLines) {

    public WriteContext {
        Objects.requireNonNull(games, "games");
        Objects.requireNonNull(notation, "notation");
        Objects.requireNonNull(charset, "charset");
    }

    public WriteContext(Games games, Optional<String> notation, Charset charset) {
        this(games, notation, charset, false);
    }

    public static WriteContext of(Games games) {
        return new WriteContext(games, Optional.empty(), StandardCharsets.UTF_8);
    }

    /** The same context, writing engine lines as variations or not. */
    public WriteContext withEngineLines(boolean write) {
        return new WriteContext(games, notation, charset, write);
    }
}

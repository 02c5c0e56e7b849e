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
 */
public record ReadContext(String source, Games games, Optional<String> gameHint, Optional<Charset> charset) {

    public ReadContext {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(games, "games");
        Objects.requireNonNull(gameHint, "gameHint");
        Objects.requireNonNull(charset, "charset");
    }

    public static ReadContext of(String source, Games games) {
        return new ReadContext(source, games, Optional.empty(), Optional.empty());
    }
}

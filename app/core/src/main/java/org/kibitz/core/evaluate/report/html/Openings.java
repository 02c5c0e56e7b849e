package org.kibitz.core.evaluate.report.html;

import java.util.List;
import java.util.Optional;
import org.kibitz.api.game.Position;
import org.kibitz.core.GameFiles;

/**
 * Names a game's opening for the report's "by opening" table: a code (ECO for chess, ECCO for xiangqi)
 * and a name. {@link #FROM_TAGS} reads the game's own tags; a classifier that looks at the moves can
 * take its place through {@link PlayerReport}'s constructor (the seam for {@code org.kibitz.core.opening}).
 */
@FunctionalInterface
public interface Openings {

    /** An opening: its code ({@code C47}, {@code A61}) and name, either may be empty. */
    record Opening(String code, String name) {
        public static final Opening UNKNOWN = new Opening("", "");

        public Opening {
            code = code == null ? "" : code.strip();
            name = name == null ? "" : name.strip();
        }

        /** What groups games in the table: the code when there is one, else the name. */
        public String key() {
            return !code.isEmpty() ? code : name;
        }
    }

    /**
     * The opening of a game.
     *
     * @param entry  the game's tags
     * @param gameId {@code chess} or {@code xiangqi}
     * @param line   the main line's positions from the start
     */
    Opening of(GameFiles.Entry entry, String gameId, List<Position> line);

    /**
     * The game's tags: {@code ECO} (chess) or {@code ECCO} (xiangqi; {@code ECO} when only that is
     * there), and {@code Opening} with {@code Variation} after a comma.
     */
    Openings FROM_TAGS = (entry, gameId, line) -> {
        String code = "xiangqi".equals(gameId) && !entry.tag("ECCO").isBlank() ? entry.tag("ECCO") : entry.tag("ECO");
        String name = entry.tag("Opening").strip();
        String variation = entry.tag("Variation").strip();
        if (!variation.isEmpty()) {
            name = name.isEmpty() ? variation : name + ", " + variation;
        }
        return new Opening(code, name);
    };

    /** {@code first}'s opening when it knows one, else {@code then}'s. */
    static Openings firstOf(Openings first, Openings then) {
        return (entry, gameId, line) -> {
            Opening o = first.of(entry, gameId, line);
            return Optional.of(o).filter(x -> !x.key().isEmpty()).orElseGet(() -> then.of(entry, gameId, line));
        };
    }
}

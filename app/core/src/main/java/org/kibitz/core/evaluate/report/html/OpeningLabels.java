package org.kibitz.core.evaluate.report.html;

import java.util.List;
import java.util.Optional;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.GameFiles;
import org.kibitz.core.opening.Openings;

/**
 * Names a game's opening for the report's "by opening" table: a code (ECO for chess, ECCO for xiangqi)
 * and a name. {@link #DEFAULT}: the classification of the moves ({@link Openings#classify}, issue 41),
 * so that one opening is one row whatever the files' tags say, else the game's own tags.
 */
@FunctionalInterface
public interface OpeningLabels {

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
     * @param start  the game's start position
     * @param moves  its main line
     */
    Opening of(GameFiles.Entry entry, String gameId, Position start, List<Move> moves);

    /**
     * The game's tags: {@code ECO} (chess) or {@code ECCO} (xiangqi; {@code ECO} when only that is
     * there), and {@code Opening} with {@code Variation} after a comma; a code without a name is named
     * from the classification's table.
     */
    OpeningLabels FROM_TAGS = (entry, gameId, start, moves) -> {
        String code = "xiangqi".equals(gameId) && !entry.tag("ECCO").isBlank() ? entry.tag("ECCO") : entry.tag("ECO");
        String name = entry.tag("Opening").strip();
        String variation = entry.tag("Variation").strip();
        if (!variation.isEmpty()) {
            name = name.isEmpty() ? variation : name + ", " + variation;
        }
        if (name.isEmpty() && !code.isBlank()) {
            name = Openings.byCode(gameId, code.strip()).map(org.kibitz.core.opening.Opening::fullName).orElse("");
        }
        return new Opening(code, name);
    };

    /** The classification of the moves (empty for a set-up start or a line the tables do not know). */
    OpeningLabels CLASSIFIED = (entry, gameId, start, moves) -> Openings.classify(start, moves)
            .map(o -> new Opening(o.code(), o.fullName())).orElse(Opening.UNKNOWN);

    /** The classification, else the tags. */
    OpeningLabels DEFAULT = firstOf(CLASSIFIED, FROM_TAGS);

    /** {@code first}'s opening when it knows one, else {@code then}'s. */
    static OpeningLabels firstOf(OpeningLabels first, OpeningLabels then) {
        return (entry, gameId, start, moves) -> {
            Opening o = first.of(entry, gameId, start, moves);
            return Optional.of(o).filter(x -> !x.key().isEmpty()).orElseGet(() -> then.of(entry, gameId, start, moves));
        };
    }
}

package org.kibitz.core.opening;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/**
 * Classifies games by their opening: chess by ECO (positions of lichess's opening table, the deepest
 * one the game reaches wins, as lichess does), xiangqi by ECCO (the standard's rules on the first ten
 * rounds, Red's first move folded to the right-hand side as the standard does). Thread-safe; the
 * tables load on first use. Only games from the standard start position are classified.
 *
 * <p>See decision 0036 and {@code /work/notes/opening-api.md}.
 */
public final class Openings {

    private Openings() {
    }

    /** The opening of a game's main line, if its game has a classification and it starts from the start position. */
    public static Optional<Opening> classify(GameTree game) {
        List<Move> moves = new ArrayList<>();
        for (GameNode n : game.mainline()) {
            n.move().ifPresent(moves::add);
        }
        return classify(game.startPosition(), moves);
    }

    /**
     * The opening of {@code moves} played from {@code start}; empty for a game other than chess and
     * xiangqi, a set-up start, or an illegal move before anything is known.
     */
    public static Optional<Opening> classify(Position start, List<Move> moves) {
        return switch (start.gameId()) {
            case "chess" -> EcoTable.instance().classify(start, moves);
            case "xiangqi" -> Ecco.classify(start, moves);
            default -> Optional.empty();
        };
    }

    /** The opening of a game of {@code gameId} with this code, for a code read from a tag ({@code "C20"}). */
    public static Optional<Opening> byCode(String gameId, String code) {
        return switch (gameId) {
            case "chess" -> EcoTable.instance().byCode(code);
            case "xiangqi" -> Ecco.byCode(code);
            default -> Optional.empty();
        };
    }

    /**
     * Writes a game's opening into its tags: the code under {@code ECO} or {@code ECCO}, the name
     * under {@code Opening}, the variation under {@code Variation} (removed when the code has none, so
     * an old one does not stay beside a new name). A game with no classification keeps its tags.
     */
    public static Optional<Opening> writeTags(GameTree game) {
        Optional<Opening> o = classify(game);
        o.ifPresent(op -> {
            game.tags().put(op.system(), op.code());
            game.tags().put("Opening", op.name());
            if (op.variation().isEmpty()) {
                game.tags().remove("Variation");
            } else {
                game.tags().put("Variation", op.variation());
            }
        });
        return o;
    }

    /** The tag a game's classification is written under: {@code ECO} or {@code ECCO}; empty for other games. */
    public static Optional<String> codeTag(String gameId) {
        return switch (gameId) {
            case "chess" -> Optional.of(Opening.ECO);
            case "xiangqi" -> Optional.of(Opening.ECCO);
            default -> Optional.empty();
        };
    }
}

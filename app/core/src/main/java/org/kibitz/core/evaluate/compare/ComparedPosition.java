package org.kibitz.core.evaluate.compare;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.game.Side;

/**
 * One position of a game as two or more engines saw it.
 *
 * @param ply       the position after this many moves of the main line
 * @param toMove    who is to move
 * @param moveLabel the move number as a move list shows it ({@code 12.} or {@code 12...})
 * @param phase     the game's phase
 * @param fen       the position
 * @param played    the move played from it in coordinates, empty at the end of the line
 * @param playedSan the same in the game's notation
 * @param engines   each engine's view, in the command's order; {@code null} where an engine has none (it failed)
 * @param pairs     each pair of engines with a view, A before B in the command's order
 */
public record ComparedPosition(int ply, Side toMove, String moveLabel, Phase phase, String fen, String played, String playedSan,
                               List<EngineView> engines, List<PairView> pairs) {

    public ComparedPosition {
        Objects.requireNonNull(toMove, "toMove");
        engines = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(engines));
        pairs = List.copyOf(pairs);
    }

    /** Engine {@code e}'s view, if it has one. */
    public Optional<EngineView> engine(int e) {
        return e < engines.size() ? Optional.ofNullable(engines.get(e)) : Optional.empty();
    }

    /** The pair of engines {@code a} and {@code b}, if both have a view. */
    public Optional<PairView> pair(int a, int b) {
        return pairs.stream().filter(p -> p.a() == a && p.b() == b).findFirst();
    }
}

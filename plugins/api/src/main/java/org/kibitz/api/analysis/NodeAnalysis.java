package org.kibitz.api.analysis;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.game.Move;

/**
 * What one engine found for one position and kept: the deepest line it reported for one MultiPV slot.
 *
 * @param engine  the engine's display name
 * @param multipv the line's rank, 1 for the best
 * @param score   from the point of view of the side to move in the analysed position
 * @param pv      the principal variation, legal from the analysed position
 */
public record NodeAnalysis(String engine, int depth, int multipv, Score score, Optional<Wdl> wdl,
                           long nodes, Duration time, List<Move> pv, Instant at) {

    public NodeAnalysis {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(score, "score");
        pv = List.copyOf(pv);
    }
}

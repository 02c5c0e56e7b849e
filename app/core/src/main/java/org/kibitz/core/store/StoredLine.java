package org.kibitz.core.store;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Wdl;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.game.Move;

/**
 * One line an engine found for one position, as the analysis store keeps it: the deepest of its
 * MultiPV rank for its engine fingerprint.
 *
 * @param position where the line starts
 * @param engine   the engine and search that found it
 * @param label    the name the engine list gave the engine when the line was written (not part of the key:
 *                 the game tree and the panes name engines by it)
 * @param rank     the MultiPV rank, 1 for the best
 * @param depth    the depth reported (0 when none was)
 * @param seldepth the selective depth, when reported
 * @param score    from the point of view of the side to move at {@code position}, with its bound
 * @param wdl      win/draw/loss per mille, same point of view
 * @param nodes    nodes searched (0 when not reported)
 * @param timeMs   milliseconds searched (0 when not reported)
 * @param pv       the moves of the line
 * @param at       when it was found
 */
public record StoredLine(PositionKey position, EngineFingerprint engine, String label, int rank, int depth,
                         OptionalInt seldepth, Score score, Optional<Wdl> wdl, long nodes, long timeMs, List<Move> pv,
                         Instant at) {

    public StoredLine {
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(engine, "engine");
        label = label == null || label.isBlank() ? engine.engine() : label;
        Objects.requireNonNull(seldepth, "seldepth");
        Objects.requireNonNull(score, "score");
        Objects.requireNonNull(wdl, "wdl");
        pv = List.copyOf(pv);
        Objects.requireNonNull(at, "at");
        if (rank < 1) {
            throw new IllegalArgumentException("rank must be 1 or more: " + rank);
        }
    }

    /** An engine's report as a stored line; the report must carry a score. */
    public static StoredLine of(AnalysisUpdate u, EngineFingerprint engine, String label, Instant at) {
        return new StoredLine(PositionKey.of(u.position()), engine, label, u.multipv(), u.depth().orElse(0),
                u.seldepth(), u.score().orElseThrow(() -> new IllegalArgumentException("a line without a score")),
                u.wdl(), u.nodes().orElse(0), u.time().map(Duration::toMillis).orElse(0L), u.pv(), at);
    }

    /** The line as the game tree keeps it, under the engine's label. */
    public NodeAnalysis toNodeAnalysis() {
        return new NodeAnalysis(label, depth, rank, score, wdl, nodes, Duration.ofMillis(timeMs), pv, at);
    }

    /** Whether the score is exact (not a bound from a search that failed high or low). */
    public boolean exact() {
        return score.bound() == Score.Bound.EXACT;
    }
}

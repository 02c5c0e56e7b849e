package org.kibitz.core.evaluate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.engines.EngineRef;

/**
 * A batch evaluation as the user asked for it.
 *
 * @param files     the game files, in the order given
 * @param engines   the engines, each evaluating every selected position
 * @param limits    each search's limit, with its MultiPV
 * @param selection which games and moves
 * @param shard     which share of the games this process takes
 * @param patience  how long one search may run before it is stopped (and its engine, if it does not stop, ended)
 * @param jobs      how many searches at once (one engine process each)
 * @param useStore  whether to take positions from the analysis store and keep results there
 * @param runId     the run's name, when the user gave one; else one is made from the request
 */
public record EvaluationRequest(List<Path> files, List<EngineRef> engines, SearchLimits limits, GameSelection selection,
                                Shard shard, Duration patience, int jobs, boolean useStore, Optional<String> runId) {

    public EvaluationRequest {
        files = List.copyOf(files);
        engines = List.copyOf(engines);
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(selection, "selection");
        Objects.requireNonNull(shard, "shard");
        Objects.requireNonNull(patience, "patience");
        Objects.requireNonNull(runId, "runId");
        if (files.isEmpty() || engines.isEmpty()) {
            throw new IllegalArgumentException("a batch needs a file and an engine");
        }
        if (jobs < 1) {
            throw new IllegalArgumentException("--jobs must be 1 or more: " + jobs);
        }
    }

    /** The limits as text for a manifest ({@code nodes=1000 multipv=1}). */
    public String limitText() {
        StringBuilder b = new StringBuilder();
        limits.depth().ifPresent(d -> b.append("depth=").append(d));
        limits.nodes().ifPresent(n -> b.append("nodes=").append(n));
        limits.moveTime().ifPresent(t -> b.append("movetime=").append(t.toMillis()));
        return b.append(" multipv=").append(Math.max(1, limits.multiPv())).toString();
    }
}

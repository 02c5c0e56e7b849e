package org.kibitz.core.analysis;

import java.util.List;
import java.util.Objects;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.engines.EngineEntry;

/**
 * Told what the engines of an {@link AnalysisService} found, as it arrives and without a window: the
 * analysis store keeps it. Not every report: a slot passes on the lines of a search each time the
 * search goes one depth deeper and when it ends, exact scores only.
 */
@FunctionalInterface
public interface AnalysisSink {

    /** A sink that keeps nothing. */
    AnalysisSink NONE = found -> { };

    /**
     * Lines found. Called on the engine's reader thread (or the slot's worker when a search ends): it
     * must return at once.
     */
    void found(Found found);

    /**
     * Lines one engine found for one position.
     *
     * @param request the position searched
     * @param entry   the engine as the engine list has it (its name there, the options the user set)
     * @param info    what the engine said about itself (its own name and version, its options' defaults)
     * @param limits  the search's limits
     * @param lines   the latest exact line of each MultiPV rank that changed since the last call, by rank
     */
    record Found(AnalysisRequest request, EngineEntry entry, EngineInfo info, SearchLimits limits,
                 List<AnalysisUpdate> lines) {
        public Found {
            Objects.requireNonNull(request, "request");
            Objects.requireNonNull(entry, "entry");
            Objects.requireNonNull(info, "info");
            Objects.requireNonNull(limits, "limits");
            lines = List.copyOf(lines);
        }
    }
}

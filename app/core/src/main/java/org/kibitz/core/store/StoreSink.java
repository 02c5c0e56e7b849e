package org.kibitz.core.store;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.analysis.AnalysisSink;
import org.kibitz.core.engines.EngineEntry;

/**
 * Keeps what the analysis service's engines find in the {@link AnalysisStore}, from the engines'
 * threads, without a window: the lines are queued for the store's writer and the call returns.
 */
public final class StoreSink implements AnalysisSink {

    private final AnalysisStore store;

    public StoreSink(AnalysisStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    @Override
    public void found(Found found) {
        keep(found.entry(), found.info(), found.limits(), found.lines());
    }

    /**
     * Keeps what one search found, for callers without a slot (the CLI's {@code analyse}): the same
     * fingerprint and rules as the lines a slot passes on.
     *
     * @param entry  the engine as the engine list has it (its name there, the options set)
     * @param info   what the engine said about itself
     * @param limits the search's limits
     * @param lines  the latest line of each MultiPV rank
     */
    public void keep(EngineEntry entry, EngineInfo info, SearchLimits limits, List<AnalysisUpdate> lines) {
        EngineFingerprint engine = EngineFingerprint.of(info, entry.options(), limits);
        Instant now = Instant.now();
        for (AnalysisUpdate u : lines) {
            if (u.score().isPresent() && u.multipv() >= 1) {
                store.put(StoredLine.of(u, engine, entry.name(), now));
            }
        }
    }
}

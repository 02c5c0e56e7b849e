package org.kibitz.core.store;

import java.time.Instant;
import java.util.Objects;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.core.analysis.AnalysisSink;

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
        EngineFingerprint engine = EngineFingerprint.of(found.info(), found.entry().options(), found.limits());
        Instant now = Instant.now();
        for (AnalysisUpdate u : found.lines()) {
            if (u.score().isPresent() && u.multipv() >= 1) {
                store.put(StoredLine.of(u, engine, found.entry().name(), now));
            }
        }
    }
}

package org.kibitz.core.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRef;

/**
 * Decision 0026: each batch search clears the engine's hash first, so a batch lowers a hash far larger
 * than a node-limited search can fill (1 GB takes about as long to clear as 100,000 nodes to search).
 */
class SearchRefTest {

    private static EngineRef engine(Map<String, String> options) {
        return EngineRef.listed(EngineEntry.of("sf", "Stockfish", List.of("stockfish")).withOptions(options));
    }

    @Test
    void aLargeHashIsLoweredToWhatTheNodeLimitCanFill() {
        EngineRef big = engine(Map.of("Hash", "1024", "Threads", "1"));
        assertEquals("16", EvaluationJob.searchRef(big, SearchLimits.nodes(100_000)).entry().options().get("Hash"));
        // 10 million nodes at 32 bytes: 305 MB, so 512.
        assertEquals("512", EvaluationJob.searchRef(big, SearchLimits.nodes(10_000_000)).entry().options().get("Hash"));
        assertEquals("1", EvaluationJob.searchRef(big, SearchLimits.nodes(100_000)).entry().options().get("Threads"));
        EngineRef ucci = engine(Map.of("hashsize", "2048"));
        assertEquals("16", EvaluationJob.searchRef(ucci, SearchLimits.nodes(20_000)).entry().options().get("hashsize"));
    }

    @Test
    void aSmallHashOrAnotherLimitIsLeftAlone() {
        EngineRef small = engine(Map.of("Hash", "8"));
        assertSame(small, EvaluationJob.searchRef(small, SearchLimits.nodes(100_000)));
        EngineRef big = engine(Map.of("Hash", "1024"));
        assertSame(big, EvaluationJob.searchRef(big, SearchLimits.depth(12)));
        EngineRef none = engine(Map.of());
        assertSame(none, EvaluationJob.searchRef(none, SearchLimits.nodes(100_000)));
    }
}

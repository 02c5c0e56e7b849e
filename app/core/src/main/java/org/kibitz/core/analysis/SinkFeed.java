package org.kibitz.core.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Position;
import org.kibitz.core.engines.EngineEntry;

/**
 * What one slot passes to its {@link AnalysisSink}: the exact lines of the running search, held back
 * until the search goes a depth deeper (then the lines of the depth just finished go) or ends.
 * An engine reports many lines per depth; the sink sees each rank about once per depth.
 */
final class SinkFeed {

    private static final System.Logger LOG = System.getLogger(SinkFeed.class.getName());

    private final AnalysisSink sink;
    private AnalysisRequest request;
    private EngineEntry entry;
    private EngineInfo info;
    private SearchLimits limits;
    private Position root;
    private int depth = -1;
    private final TreeMap<Integer, AnalysisUpdate> pending = new TreeMap<>();

    SinkFeed(AnalysisSink sink) {
        this.sink = Objects.requireNonNull(sink, "sink");
    }

    /** A search begins: what is held of the last one goes first. */
    void begin(AnalysisRequest r, EngineEntry e, EngineInfo i, SearchLimits l) {
        AnalysisSink.Found last;
        synchronized (this) {
            last = take();
            request = r;
            entry = e;
            info = i;
            limits = l;
            root = null;
            depth = -1;
        }
        send(last);
    }

    /** A report of the running search (any report: those without an exact score and a PV are skipped). */
    void offer(AnalysisUpdate u) {
        if (u.pv().isEmpty() || u.score().isEmpty() || u.score().get().bound() != Score.Bound.EXACT) {
            return;
        }
        AnalysisSink.Found done = null;
        synchronized (this) {
            if (request == null) {
                return;
            }
            if (u.position() != root) {
                if (!u.position().equals(request.position())) {
                    return;
                }
                root = u.position();
            }
            int d = u.depth().orElse(0);
            if (d > depth) {
                done = take();
                depth = d;
            }
            pending.put(u.multipv(), u);
        }
        send(done);
    }

    /** The search ended (best move, stop, failure): what is held goes. */
    void end() {
        AnalysisSink.Found last;
        synchronized (this) {
            last = take();
            request = null;
        }
        send(last);
    }

    private AnalysisSink.Found take() {
        if (pending.isEmpty() || request == null) {
            pending.clear();
            return null;
        }
        List<AnalysisUpdate> lines = new ArrayList<>(pending.values());
        pending.clear();
        return new AnalysisSink.Found(request, entry, info, limits, lines);
    }

    private void send(AnalysisSink.Found f) {
        if (f == null) {
            return;
        }
        try {
            sink.found(f);
        } catch (RuntimeException ex) {
            LOG.log(System.Logger.Level.WARNING, "analysis sink failed", ex);
        }
    }
}

package org.kibitz.core.analysis;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.tree.GameNode;

/**
 * Keeps what engines found in the game tree ({@link GameNode#putAnalysis}), so the evaluation curve
 * and later batch work can use it after the engine moved on. Only exact scores are kept (a bound
 * is a search half done), and a shallower line never replaces a deeper one of the same engine and
 * rank. Runs on the thread that owns the tree (the UI thread in the workbench).
 */
public final class AnalysisRecorder {

    private AnalysisRecorder() {
    }

    /**
     * Stores the lines of {@code state} in the node they are for.
     *
     * @return whether anything stored changed
     */
    public static boolean record(AnalysisState state) {
        Optional<AnalysisRequest> r = state.request();
        if (r.isEmpty() || r.get().target() == null || state.engine().isEmpty()) {
            return false;
        }
        GameNode node = r.get().target();
        String engine = state.engine().get().name();
        boolean changed = false;
        for (AnalysisUpdate u : state.lines()) {
            changed |= record(node, engine, u);
        }
        return changed;
    }

    /** Stores one line in {@code node} if it is better founded than what is there. */
    public static boolean record(GameNode node, String engine, AnalysisUpdate u) {
        if (u.score().isEmpty() || u.score().get().bound() != Score.Bound.EXACT || u.pv().isEmpty()
                || !u.position().equals(node.position())) {
            return false;
        }
        int depth = u.depth().orElse(0);
        for (NodeAnalysis a : node.analysis()) {
            if (a.engine().equals(engine) && a.multipv() == u.multipv()) {
                if (a.depth() > depth) {
                    return false;
                }
                if (a.depth() == depth && a.score().equals(u.score().get()) && a.pv().equals(u.pv())
                        && a.wdl().equals(u.wdl())) {
                    return false;
                }
            }
        }
        node.putAnalysis(new NodeAnalysis(engine, depth, u.multipv(), u.score().get(), u.wdl(),
                u.nodes().orElse(0), u.time().orElse(Duration.ZERO), u.pv(), Instant.now()));
        return true;
    }
}

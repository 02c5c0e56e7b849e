package org.kibitz.api.tree;

import java.util.Optional;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.analysis.Score;

/**
 * The best-founded evaluation of a node, from White's/Red's point of view: the deepest best line
 * (MultiPV 1) any engine left in the node, the latest of equally deep ones, else the evaluation the
 * file gave ({@code [%eval]}). One rule for the curve, the workbench and the file writers, so that
 * what is saved is what was shown.
 *
 * @param forWhite the score, from White's/Red's point of view
 * @param line     the engine line it comes from; empty when it comes from the file
 */
public record BestEvaluation(Score forWhite, Optional<NodeAnalysis> line) {

    /** The engine that found it; empty when it comes from the file. */
    public Optional<String> engine() {
        return line.map(NodeAnalysis::engine);
    }

    /** Its depth, 0 when unknown (from the file). */
    public int depth() {
        return line.map(NodeAnalysis::depth).orElse(0);
    }

    /** The best-founded evaluation of {@code node}, if it has any. */
    public static Optional<BestEvaluation> of(GameNode node) {
        return of(node, "");
    }

    /**
     * As {@link #of(GameNode)}, preferring the best line of {@code preferredEngine} when it left one
     * (engines' scales differ: a curve that mixes them zigzags).
     */
    public static Optional<BestEvaluation> of(GameNode node, String preferredEngine) {
        Optional<NodeAnalysis> best = bestLine(node, preferredEngine);
        if (best.isPresent()) {
            return Optional.of(new BestEvaluation(best.get().score().forWhite(node.position().sideToMove()), best));
        }
        return node.evalForWhite().map(s -> new BestEvaluation(s, Optional.empty()));
    }

    /** The deepest best line an engine left in {@code node} (of {@code preferredEngine} if it left one). */
    public static Optional<NodeAnalysis> bestLine(GameNode node, String preferredEngine) {
        NodeAnalysis best = null;
        for (NodeAnalysis a : node.analysis()) {
            if (a.multipv() != 1) {
                continue;
            }
            boolean preferred = a.engine().equals(preferredEngine);
            boolean bestPreferred = best != null && best.engine().equals(preferredEngine);
            if (best == null || preferred && !bestPreferred
                    || preferred == bestPreferred && (a.depth() > best.depth()
                    || a.depth() == best.depth() && a.at().isAfter(best.at()))) {
                best = a;
            }
        }
        return Optional.ofNullable(best);
    }
}

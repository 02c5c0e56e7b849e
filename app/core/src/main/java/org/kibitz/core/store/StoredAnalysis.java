package org.kibitz.core.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.tree.GameNode;

/** Stored lines brought back into a game tree, so the curve and the panes show them again. */
public final class StoredAnalysis {

    private StoredAnalysis() {
    }

    /**
     * Puts the exact lines of {@code lines} into {@code node} under their engines' labels, each where it
     * is deeper than what the node keeps for that engine and rank (the deepest wins when several
     * fingerprints share a label). Runs on the thread that owns the tree.
     *
     * @return whether the node changed
     */
    public static boolean putInto(GameNode node, List<StoredLine> lines) {
        if (lines == null || lines.isEmpty()) {
            return false;
        }
        List<StoredLine> sorted = new ArrayList<>(lines);
        sorted.sort(Comparator.comparingInt(StoredLine::depth));
        boolean changed = false;
        for (StoredLine l : sorted) {
            if (!l.exact() || l.pv().isEmpty() || !PositionKey.of(node.position()).equals(l.position())) {
                continue;
            }
            boolean deeper = true;
            for (NodeAnalysis a : node.analysis()) {
                if (a.engine().equals(l.label()) && a.multipv() == l.rank() && a.depth() >= l.depth()) {
                    deeper = false;
                    break;
                }
            }
            if (deeper) {
                node.putAnalysis(l.toNodeAnalysis());
                changed = true;
            }
        }
        return changed;
    }
}

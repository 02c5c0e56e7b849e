package org.kibitz.core.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.tree.BestEvaluation;
import org.kibitz.api.tree.GameNode;

/**
 * The evaluation curve's data: one point per position of a line of the game, placed by move
 * number and valued in pawns from White's/Red's point of view, clipped to a band (mates sit at its
 * edges). Positions nobody evaluated yet have no point.
 */
public final class EvalCurve {

    private EvalCurve() {
    }

    /**
     * One position of the line.
     *
     * @param index    its place in the line (0 for the start)
     * @param node     the game tree's node
     * @param x        its place on the move axis: moves played since move 1 began (0.5 after White's/Red's first)
     * @param value    pawns for White/Red, clipped; empty when nothing evaluated it
     * @param eval     what the value comes from
     */
    public record Point(int index, GameNode node, double x, Optional<Double> value,
                        Optional<BestEvaluation> eval) {

        public boolean mate() {
            return eval.map(e -> e.forWhite() instanceof Score.Mate).orElse(false);
        }
    }

    /**
     * The points of {@code line}: its start position (the parent of its first node, or the node itself
     * when it is the root) and every node of it.
     */
    public static List<Point> points(List<GameNode> line, GameNode root, double clip) {
        return points(line, root, clip, "");
    }

    /** As {@link #points(List, GameNode, double)}, preferring {@code preferredEngine}'s evaluations. */
    public static List<Point> points(List<GameNode> line, GameNode root, double clip, String preferredEngine) {
        List<GameNode> nodes = new ArrayList<>(line.size() + 1);
        GameNode first = line.isEmpty() ? root : line.get(0).parent().orElse(line.get(0));
        nodes.add(first);
        for (GameNode n : line) {
            if (n != first) {
                nodes.add(n);
            }
        }
        int startPly = first.ply();
        double base = Math.max(0, first.position().fullmoveNumber() - 1)
                + (first.position().sideToMove() == org.kibitz.api.game.Side.WHITE ? 0 : 0.5);
        List<Point> out = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            GameNode n = nodes.get(i);
            Optional<BestEvaluation> e = BestEvaluation.of(n, preferredEngine);
            out.add(new Point(i, n, base + (n.ply() - startPly) / 2.0,
                    e.map(ev -> AnalysisText.plotValue(ev.forWhite(), clip)), e));
        }
        return out;
    }
}

package org.kibitz.core.evaluate.compare;

import java.util.List;
import java.util.Locale;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.report.ReportFormat;
import org.kibitz.core.evaluate.report.Variations;

/**
 * Writes a comparison into a game as read from its file, keeping what it had: the first engine's
 * {@code [%eval]} on every move it evaluated, and at each position where the first two engines
 * disagree a comment naming both with their evaluations, and each engine's line as a variation whose
 * opening comment names the engine. Tags name the engines, the limit and the model.
 */
final class ComparisonAnnotator {

    private ComparisonAnnotator() {
    }

    /**
     * @throws IllegalStateException the game's main line is not the one compared
     */
    static void annotate(GameTree tree, int rankBase, GameComparison g, Comparison comparison, String limitText, Locale locale) {
        GameEvaluation first = g.results().first().orElseThrow();
        List<GameNode> line = tree.mainline();
        if (line.size() != first.moves().size()) {
            throw new IllegalStateException(ReportFormat.text(locale, "report.out.changed", g.fileName(), String.valueOf(g.game())));
        }
        for (int i = 0; i < line.size(); i++) {
            if (!line.get(i).move().orElseThrow().coordinates(rankBase).equals(first.moves().get(i))) {
                throw new IllegalStateException(ReportFormat.text(locale, "report.out.changed", g.fileName(), String.valueOf(g.game())));
            }
        }
        for (ComparedPosition p : g.positions()) {
            GameNode node = p.ply() == 0 ? tree.root() : line.get(p.ply() - 1);
            p.engine(0).ifPresent(a -> {
                if (p.ply() > 0) {
                    node.setEvalForWhite(a.score().forWhite(p.toMove()));
                }
            });
            var pair = p.pair(0, 1);
            if (pair.isEmpty() || !pair.get().disagrees()) {
                continue;
            }
            EngineView a = p.engine(0).orElseThrow();
            EngineView b = p.engine(1).orElseThrow();
            String comment = ComparisonSummary.text(locale, "compare.pgn.position", ComparisonSummary.kinds(locale, pair.get()),
                    a.name(), ComparisonSummary.evalText(a, p), b.name(), ComparisonSummary.evalText(b, p));
            node.setComment(node.comment().isEmpty() ? comment : node.comment() + " " + comment);
            for (EngineView v : List.of(a, b)) {
                // The engine's name goes where its line leaves the game (its first moves may be the game's).
                GameNode start = Variations.add(node, v.pv(), rankBase).stream().filter(n -> !n.isMainline()).findFirst()
                        .orElse(null);
                if (start != null) {
                    String named = ComparisonSummary.text(locale, "compare.pgn.line", v.name(), ComparisonSummary.evalText(v, p));
                    start.setStartingComment(start.startingComment().isEmpty() ? named : start.startingComment() + " " + named);
                }
            }
        }
        tree.tags().put("KibitzCompare", ComparisonSummary.text(locale, "compare.pgn.tag",
                String.join(" / ", g.engineNames()), limitText, ReportFormat.fixed(comparison.threshold(), 1)));
        tree.tags().put("KibitzJudge", comparison.modelOf(0).describe());
        for (int e = 1; e < g.engineNames().size(); e++) {
            if (!comparison.modelOf(e).equals(comparison.modelOf(0))) {
                tree.tags().put("KibitzJudge" + (e + 1), comparison.modelOf(e).describe());
            }
        }
    }
}

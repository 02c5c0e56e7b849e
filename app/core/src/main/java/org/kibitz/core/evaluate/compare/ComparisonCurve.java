package org.kibitz.core.evaluate.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kibitz.api.game.Games;
import org.kibitz.core.chart.EvalChart;
import org.kibitz.core.evaluate.report.GameCurve;

/**
 * A compared game's chart: one curve per engine, none filled, each in its engine's colour (the
 * workbench's), with a legend, and the positions where the first two engines disagree marked.
 */
public final class ComparisonCurve {

    private ComparisonCurve() {
    }

    public static EvalChart.Curve of(GameComparison g, Games games, Locale locale) {
        EvalChart.Curve base = GameCurve.of(g.results(), List.of(), games, locale);
        double start = GameCurve.span(g.results(), games)[0];
        List<EvalChart.Mark> marks = new ArrayList<>();
        for (ComparedPosition p : g.positions()) {
            if (p.pair(0, 1).map(PairView::disagrees).orElse(false)) {
                marks.add(new EvalChart.Mark(start + p.ply() / 2.0, EvalChart.MarkKind.DISAGREEMENT));
            }
        }
        return base.withMarks(marks).overlaid();
    }
}

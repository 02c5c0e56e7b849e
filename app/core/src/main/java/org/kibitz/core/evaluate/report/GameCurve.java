package org.kibitz.core.evaluate.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.core.chart.EvalChart;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.PositionEval;

/**
 * A batch game's evaluation curve, for the workbench's chart definition ({@link EvalChart}): one series
 * per engine (the first filled), placed on the move axis as the workbench places a game's positions,
 * and the first engine's ?!, ? and ?? marked on its curve.
 */
public final class GameCurve {

    /** The band of the files' curves, pawns either side of equal: {@code kibitz curve}'s default. */
    public static final double BAND = 6;

    private GameCurve() {
    }

    /**
     * The curve of a game.
     *
     * @param reports the game's judged moves per engine, in the engines' order (the first one's are marked)
     */
    public static EvalChart.Curve of(GameResults r, List<GameReport> reports, Games games, Locale locale) {
        List<EvalChart.Series> series = new ArrayList<>();
        double base = 0;
        Side first = Side.WHITE;
        String gameId = r.first().map(GameEvaluation::gameId).orElse("chess");
        for (GameEvaluation ev : r.byEngine()) {
            Position start = start(ev, games);
            base = Math.max(0, start.fullmoveNumber() - 1) + (start.sideToMove() == Side.WHITE ? 0 : 0.5);
            first = start.sideToMove();
            List<EvalChart.Point> points = new ArrayList<>();
            for (PositionEval p : ev.positions()) {
                Optional<Score> s = p.sideToMoveScore();
                if (p.failed() || s.isEmpty()) {
                    continue;
                }
                Side toMove = p.ply() % 2 == 0 ? first : first.opposite();
                points.add(new EvalChart.Point(base + p.ply() / 2.0, plotted(s.get(), toMove)));
            }
            series.add(new EvalChart.Series(ev.engineName(), points));
        }
        List<EvalChart.Mark> marks = new ArrayList<>();
        if (!reports.isEmpty()) {
            for (GameReport.MoveRow row : reports.get(0).rows()) {
                EvalChart.MarkKind kind = switch (row.judgement()) {
                    case INACCURACY -> EvalChart.MarkKind.INACCURACY;
                    case MISTAKE -> EvalChart.MarkKind.MISTAKE;
                    case BLUNDER -> EvalChart.MarkKind.BLUNDER;
                    default -> null;
                };
                if (kind != null) {
                    marks.add(new EvalChart.Mark(base + row.ply() / 2.0, kind));
                }
            }
        }
        boolean xiangqi = "xiangqi".equals(gameId);
        return new EvalChart.Curve(EvalChart.Palette.of(gameId), BAND, series, OptionalDouble.empty(),
                ReportFormat.text(locale, "report.curve.moves"),
                ReportFormat.text(locale, xiangqi ? "report.curve.red" : "report.curve.white"), marks);
    }

    /** The x of the first and the last position of the game's main line. */
    public static double[] span(GameResults r, Games games) {
        GameEvaluation ev = r.first().orElseThrow();
        Position start = start(ev, games);
        double base = Math.max(0, start.fullmoveNumber() - 1) + (start.sideToMove() == Side.WHITE ? 0 : 0.5);
        return new double[] {base, base + ev.moves().size() / 2.0};
    }

    /** A side-to-move score as plotted for White/Red: checkmate on the board at the edge of the side that gave it. */
    static Score plotted(Score sideToMove, Side toMove) {
        if (sideToMove instanceof Score.Mate m && m.moves() == 0) {
            return toMove == Side.WHITE ? Score.mate(-1) : Score.mate(1);
        }
        return sideToMove.forWhite(toMove);
    }

    private static Position start(GameEvaluation ev, Games games) {
        GamePlugin plugin = games.byId(ev.gameId()).orElseThrow(() -> new IllegalArgumentException("no rules for " + ev.gameId()));
        try {
            return plugin.parseFen(ev.startFen());
        } catch (FenException e) {
            throw new IllegalArgumentException("game " + ev.game() + ": " + e.getMessage(), e);
        }
    }
}

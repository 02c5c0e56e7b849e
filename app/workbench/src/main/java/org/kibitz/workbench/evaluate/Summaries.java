package org.kibitz.workbench.evaluate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Side;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.judge.GameStats;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.report.GameReport;

/**
 * Makes the Report pane's {@link GameSummary}s from a batch's results, through the core's
 * {@link GameReport} (the same judging as {@code kibitz evaluate}'s outputs).
 */
public final class Summaries {

    /** The preset ids the dialog offers, after the game's own default (the empty id). */
    public static final List<String> PRESETS = List.of("lichess", "encroissant", "lucas", "xiangqi");

    private Summaries() {
    }

    /** A game that was not evaluated: no rows, the reason kept. */
    static GameSummary broken(GameResults r, Optional<String> why) {
        return new GameSummary(r.file(), r.entry().gameNumber(), r.entry().white(), r.entry().black(),
                r.entry().tag("Result"), "", "", "", List.of(), GameSummary.SideStats.NONE, GameSummary.SideStats.NONE,
                0, 0, why);
    }

    /**
     * The summary of one game, judged with its first engine's evaluations.
     *
     * @param judge the preset's id ({@link JudgementModel#parse}), empty for the game's own
     */
    public static GameSummary of(GameResults r, String judge, Games games) {
        if (r.broken().isPresent() || r.first().isEmpty()) {
            return broken(r, r.broken());
        }
        GameEvaluation ev = r.first().get();
        GameReport report;
        JudgementModel model;
        int firstMove;
        boolean whiteFirst;
        try {
            model = JudgementModel.parse(judge, ev.gameId());
            report = GameReport.of(r, 0, model, games);
            GamePlugin game = games.byId(ev.gameId()).orElseThrow();
            var start = game.parseFen(ev.startFen());
            firstMove = start.fullmoveNumber();
            whiteFirst = start.sideToMove() == Side.WHITE;
        } catch (FenException | RuntimeException e) {
            return broken(r, Optional.of(String.valueOf(e.getMessage())));
        }
        List<GameSummary.Row> rows = new ArrayList<>();
        for (GameReport.MoveRow m : report.rows()) {
            // The move's number from the start position's: ply 1 is the first move of whoever starts.
            int before = m.ply() - 1 + (whiteFirst ? 0 : 1);
            int number = firstMove + before / 2;
            String label = number + (m.side() == Side.WHITE ? "." : "...");
            rows.add(new GameSummary.Row(m.ply(), m.side(), label, m.move(), m.evalBefore(), m.evalAfter(),
                    m.bestDiffers() ? m.bestMove() : "", m.winLoss(), OptionalDouble.of(m.accuracy()), m.judgement().nag()));
        }
        Optional<GameReport.MoveRow> swing = report.largestSwing();
        return new GameSummary(r.file(), r.entry().gameNumber(), r.entry().white(), r.entry().black(),
                r.entry().tag("Result"), ev.gameId(), ev.engineName(), model.name(), rows,
                stats(report.whiteStats()), stats(report.blackStats()), swing.map(GameReport.MoveRow::winLoss).orElse(0.0),
                swing.map(GameReport.MoveRow::ply).orElse(0), Optional.empty());
    }

    private static GameSummary.SideStats stats(GameStats.SideStats s) {
        return new GameSummary.SideStats(s.moves(), s.accuracy(), s.acpl(), s.count(Judgement.INACCURACY),
                s.count(Judgement.MISTAKE), s.count(Judgement.BLUNDER));
    }
}

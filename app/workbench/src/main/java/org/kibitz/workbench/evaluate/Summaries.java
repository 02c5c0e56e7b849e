package org.kibitz.workbench.evaluate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.PositionEval;

/**
 * Makes {@link GameSummary}s from a batch's results: each judged move's win% loss, accuracy and
 * judgement, and each side's totals.
 *
 * <p>The judging here is the lichess model (win% from centipawns, 0.1/0.2/0.3 winning chances for
 * ?!, ?, ??) with the presets' thresholds; it stands in until the core's judgement model
 * ({@code org.kibitz.core.evaluate.judge}) is merged, which this class will then call instead.
 */
public final class Summaries {

    /** A judgement preset: its win model's slope and its thresholds in win% points lost. */
    record Preset(String id, double k, int clamp, double inaccuracy, double mistake, double blunder) {
    }

    private static final Preset LICHESS = new Preset("lichess", 0.00368208, 1000, 5, 10, 15);
    private static final Preset EN_CROISSANT = new Preset("encroissant", 0.00368208, 1000, 5, 10, 20);
    private static final Preset LUCAS = new Preset("lucas", 0.003, 2000, 3.3, 7.5, 15.5);
    private static final Preset XIANGQI = new Preset("xiangqi", 0.0035, 1000, 5, 10, 15);

    /** The preset ids the dialog offers, after the game's own default (the empty id). */
    public static final List<String> PRESETS = List.of("lichess", "encroissant", "lucas", "xiangqi");

    private Summaries() {
    }

    static Preset preset(String id, String gameId) {
        return switch (id == null ? "" : id.toLowerCase(Locale.ROOT)) {
            case "lichess" -> LICHESS;
            case "encroissant" -> EN_CROISSANT;
            case "lucas" -> LUCAS;
            case "xiangqi" -> XIANGQI;
            default -> "xiangqi".equals(gameId) ? XIANGQI : LICHESS;
        };
    }

    /** A broken game's summary: no rows, the reason kept. */
    static GameSummary broken(GameResults r) {
        return new GameSummary(r.file(), r.entry().gameNumber(), r.entry().white(), r.entry().black(),
                r.entry().tag("Result"), "", "", "", List.of(), GameSummary.SideStats.NONE, GameSummary.SideStats.NONE,
                0, 0, r.broken());
    }

    /**
     * The summary of one game from its first engine's evaluation.
     *
     * @param judge the preset's id, empty for the game's own
     */
    public static GameSummary of(GameResults r, String judge, Games games) {
        if (r.broken().isPresent() || r.first().isEmpty()) {
            return broken(r);
        }
        GameEvaluation ev = r.first().get();
        Preset preset = preset(judge, ev.gameId());
        GamePlugin game = games.byId(ev.gameId()).orElseThrow();
        int rankBase = game.coordinateRankBase();
        Notation notation = game.notations().get(0);
        Position pos;
        try {
            pos = game.parseFen(ev.startFen());
        } catch (org.kibitz.api.game.FenException e) {
            return broken(r);
        }
        List<GameSummary.Row> rows = new ArrayList<>();
        double swing = 0;
        int swingPly = 0;
        for (int ply = 1; ply <= ev.moves().size(); ply++) {
            Position before = pos;
            Move played = Move.parseCoordinates(ev.moves().get(ply - 1), rankBase);
            pos = before.play(played);
            if (!ev.judges(ply)) {
                continue;
            }
            Side mover = before.sideToMove();
            Optional<PositionEval> b = ev.at(ply - 1).filter(e -> !e.failed());
            Optional<PositionEval> a = ev.at(ply).filter(e -> !e.failed());
            Optional<Score> beforeMover = b.flatMap(PositionEval::sideToMoveScore);
            // The position after is scored for the opponent: the mover's view is its negation.
            Optional<Score> afterMover = a.flatMap(PositionEval::sideToMoveScore).map(Summaries::forMover);
            String number = before.fullmoveNumber() + (mover == Side.WHITE ? "." : "...");
            String move = ev.sans().size() >= ply ? ev.sans().get(ply - 1) : notation.format(before, played);
            boolean playedBest = b.flatMap(PositionEval::bestMove).map(ev.moves().get(ply - 1)::equals).orElse(false);
            String best = "";
            if (!playedBest && b.flatMap(PositionEval::bestMove).isPresent()) {
                try {
                    best = notation.format(before, Move.parseCoordinates(b.get().bestMove().get(), rankBase));
                } catch (RuntimeException e) {
                    best = b.get().bestMove().get();
                }
            }
            double loss = 0;
            OptionalDouble accuracy = OptionalDouble.empty();
            int nag = 0;
            if (beforeMover.isPresent() && afterMover.isPresent()) {
                double wb = win(preset, beforeMover.get());
                double wa = win(preset, afterMover.get());
                loss = Math.max(0, wb - wa);
                accuracy = OptionalDouble.of(accuracy(wb, wa));
                double whiteSwing = Math.abs(wb - wa);
                if (whiteSwing > swing) {
                    swing = whiteSwing;
                    swingPly = ply;
                }
                if (!playedBest) {
                    nag = loss >= preset.blunder() ? 4 : loss >= preset.mistake() ? 2 : loss >= preset.inaccuracy() ? 6 : 0;
                }
            }
            rows.add(new GameSummary.Row(ply, mover, number, move, beforeMover.map(s -> s.forWhite(mover)),
                    afterMover.map(s -> s.forWhite(mover)), best, loss, accuracy, nag));
        }
        return new GameSummary(r.file(), r.entry().gameNumber(), r.entry().white(), r.entry().black(),
                r.entry().tag("Result"), ev.gameId(), ev.engineName(), preset.id(), rows,
                stats(preset, rows, Side.WHITE), stats(preset, rows, Side.BLACK), swing, swingPly, Optional.empty());
    }

    private static GameSummary.SideStats stats(Preset p, List<GameSummary.Row> rows, Side side) {
        List<GameSummary.Row> mine = rows.stream().filter(r -> r.mover() == side).toList();
        if (mine.isEmpty()) {
            return GameSummary.SideStats.NONE;
        }
        double sum = 0;
        double inverse = 0;
        int n = 0;
        double cpLoss = 0;
        int cpMoves = 0;
        for (GameSummary.Row r : mine) {
            if (r.accuracy().isPresent()) {
                double a = Math.max(r.accuracy().getAsDouble(), 0.5);
                sum += r.accuracy().getAsDouble();
                inverse += 1 / a;
                n++;
            }
            if (r.before().isPresent() && r.after().isPresent()) {
                int b = cp(p, r.before().get().forWhite(side));
                int a = cp(p, r.after().get().forWhite(side));
                cpLoss += Math.max(0, b - a);
                cpMoves++;
            }
        }
        // The mean of the plain and harmonic means: one bad move weighs more than in a plain mean.
        OptionalDouble accuracy = n == 0 ? OptionalDouble.empty() : OptionalDouble.of((sum / n + n / inverse) / 2);
        OptionalDouble acpl = cpMoves == 0 ? OptionalDouble.empty() : OptionalDouble.of(cpLoss / cpMoves);
        return new GameSummary.SideStats(mine.size(), accuracy, acpl, (int) mine.stream().filter(r -> r.nag() == 6).count(),
                (int) mine.stream().filter(r -> r.nag() == 2).count(), (int) mine.stream().filter(r -> r.nag() == 4).count());
    }

    /**
     * The score of the position after a move, for the mover: the opponent's negated; a position where
     * the opponent is mated ({@code mate 0}) is a mate the mover has given.
     */
    static Score forMover(Score afterSideToMove) {
        return afterSideToMove instanceof Score.Mate m && m.moves() == 0 ? Score.mate(1) : afterSideToMove.negate();
    }

    /** Centipawns clamped to the preset's range, mates at its edges. */
    private static int cp(Preset p, Score s) {
        return switch (s) {
            case Score.Centipawns c -> Math.max(-p.clamp(), Math.min(p.clamp(), c.cp()));
            case Score.Mate m -> m.moves() > 0 ? p.clamp() : -p.clamp();
        };
    }

    /** Win% 0..100 for the side whose view {@code s} is. */
    static double win(Preset p, Score s) {
        int cp = cp(p, s);
        return 50 + 50 * (2 / (1 + Math.exp(-p.k() * cp)) - 1);
    }

    /** Lichess's per-move accuracy from the win% before and after. */
    static double accuracy(double winBefore, double winAfter) {
        double a = 103.1668 * Math.exp(-0.04354 * Math.max(0, winBefore - winAfter)) - 3.1669 + 1;
        return Math.max(0, Math.min(100, a));
    }
}

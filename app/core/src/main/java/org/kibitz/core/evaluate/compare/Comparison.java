package org.kibitz.core.evaluate.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.report.GameReport;
import org.kibitz.api.game.Games;

/**
 * How engines are compared: the judgement model that turns scores into win% and judges moves, and the
 * threshold, in win% points, at which two evaluations, or one engine's view of the other's move,
 * count as a disagreement. A comparison reads what a batch evaluation found; it searches nothing.
 *
 * @param model     the judgement model (its win% model makes scores of different engines comparable)
 * @param threshold win% points (0..100) at or beyond which engines disagree
 */
public record Comparison(JudgementModel model, double threshold, List<JudgementModel> perEngine) {

    /** Top-K agreement counts A's move within B's first this many lines. */
    public static final int TOP_K = 3;
    /** The default threshold: 10 win% points, 0.2 in winning chances, lichess's mistake. */
    public static final double DEFAULT_THRESHOLD = 10;
    /** The MultiPV a comparison asks for unless told: top-3 agreement and each engine's view of the other's move need lines. */
    public static final int DEFAULT_MULTIPV = TOP_K;

    public Comparison {
        Objects.requireNonNull(model, "model");
        perEngine = perEngine == null ? List.of() : List.copyOf(perEngine);
        if (!(threshold > 0 && threshold <= 100)) {
            throw new IllegalArgumentException("the threshold is in win% points, above 0 and at most 100: " + threshold);
        }
    }

    /** Every engine judged with {@code model}. */
    public Comparison(JudgementModel model, double threshold) {
        this(model, threshold, List.of());
    }

    /**
     * The model engine {@code e} is judged with: its own from {@code perEngine} (its fitted win model,
     * so that each engine's scores become win% on its own scale), else {@code model}.
     */
    public JudgementModel modelOf(int e) {
        return perEngine.isEmpty() ? model : perEngine.get(Math.min(e, perEngine.size() - 1));
    }

    /** win% points rounded as the CSV writes them (4 decimals), so sums from the CSV come out the same. */
    public static double rounded(double v) {
        return BigDecimal.valueOf(v).setScale(4, RoundingMode.HALF_EVEN).doubleValue();
    }

    /**
     * Compares the engines on one game.
     *
     * @throws IllegalArgumentException the results are for a broken game or name moves the rules do not know
     */
    public GameComparison compare(GameResults r, Games games) {
        if (r.broken().isPresent() || r.byEngine().isEmpty()) {
            throw new IllegalArgumentException("no evaluations for game " + r.entry().gameNumber());
        }
        int engines = r.byEngine().size();
        List<GameReport> reports = new ArrayList<>(engines);
        List<Map<Integer, GameReport.MoveRow>> rows = new ArrayList<>(engines);
        for (int e = 0; e < engines; e++) {
            GameReport rep = GameReport.of(r, e, modelOf(e), games);
            reports.add(rep);
            Map<Integer, GameReport.MoveRow> byPly = new HashMap<>();
            rep.rows().forEach(row -> byPly.put(row.ply(), row));
            rows.add(byPly);
        }
        GameEvaluation first = r.byEngine().get(0);
        GameReport.Line line = GameReport.Line.of(first, games);
        int n = first.moves().size();
        List<ComparedPosition> out = new ArrayList<>();
        for (int ply = 0; ply <= n; ply++) {
            Position pos = line.position(ply);
            List<EngineView> views = new ArrayList<>(engines);
            int have = 0;
            for (int e = 0; e < engines; e++) {
                EngineView v = view(r.byEngine().get(e), e, ply, pos, line, rows.get(e).get(ply + 1));
                views.add(v);
                have += v == null ? 0 : 1;
            }
            if (have < 2) {
                continue;
            }
            int legal = pos.legalMoves().size();
            String played = ply < n ? first.moves().get(ply) : "";
            List<Optional<Double>> afterPlayed = new ArrayList<>(engines);
            for (int e = 0; e < engines; e++) {
                afterPlayed.add(moverWinAfter(r.byEngine().get(e), e, ply + 1));
            }
            List<PairView> pairs = new ArrayList<>();
            for (int a = 0; a < engines; a++) {
                for (int b = a + 1; b < engines; b++) {
                    if (views.get(a) != null && views.get(b) != null) {
                        pairs.add(pair(a, b, views.get(a), views.get(b), legal, played, afterPlayed.get(a), afterPlayed.get(b)));
                    }
                }
            }
            Side toMove = pos.sideToMove();
            String label = pos.fullmoveNumber() + (toMove == Side.WHITE ? "." : "...");
            String playedSan = ply < n ? first.sans().get(ply) : "";
            out.add(new ComparedPosition(ply, toMove, label, Phase.of(pos), pos.fen(), played, playedSan, views, pairs));
        }
        return new GameComparison(r, out, reports);
    }

    private EngineView view(GameEvaluation ev, int e, int ply, Position pos, GameReport.Line line, GameReport.MoveRow row) {
        Optional<PositionEval> at = ev.at(ply);
        if (at.isEmpty() || at.get().failed() || at.get().status() == PositionEval.Status.TERMINAL
                || at.get().sideToMoveScore().isEmpty() || at.get().bestMove().isEmpty()) {
            return null;
        }
        PositionEval pe = at.get();
        Score score = pe.sideToMoveScore().get();
        List<EngineView.Alt> alts = pe.linesOrBest().stream().map(l -> new EngineView.Alt(l.move(), l.decoded())).toList();
        List<String> san = line.format(pos, pe.pv());
        String best = pe.bestMove().get();
        Optional<Judgement> verdict = Optional.ofNullable(row).map(GameReport.MoveRow::judgement);
        Optional<Double> loss = Optional.ofNullable(row).map(GameReport.MoveRow::winLoss);
        return new EngineView(e, ev.engineName(), best, san.isEmpty() ? best : san.get(0), san, pe.pv(), alts, score,
                modelOf(e).win().winPercent(score), pe.depth(), pe.nodes(), pe.timeMs(),
                pe.status() == PositionEval.Status.STORED, verdict, loss);
    }

    /**
     * The mover's win% after the move played, by engine {@code ev}'s evaluation of the position it led to
     * (a checkmate on the board included); empty when that position was not evaluated.
     */
    private Optional<Double> moverWinAfter(GameEvaluation ev, int e, int ply) {
        return ev.at(ply).filter(p -> !p.failed()).flatMap(PositionEval::sideToMoveScore)
                .map(s -> 100 - modelOf(e).win().winPercent(s));
    }

    private PairView pair(int a, int b, EngineView va, EngineView vb, int legal, String played, Optional<Double> aAfterPlayed,
                          Optional<Double> bAfterPlayed) {
        boolean same = va.best().equals(vb.best());
        boolean inTop = vb.inTop(va.best(), TOP_K);
        double dWin = rounded(Math.abs(va.win() - vb.win()));
        Optional<PairView.Loss> aOnB = loss(va, vb.best(), legal, played, aAfterPlayed);
        Optional<PairView.Loss> bOnA = loss(vb, va.best(), legal, played, bAfterPlayed);
        EnumSet<PairView.Kind> kinds = EnumSet.noneOf(PairView.Kind.class);
        if (dWin >= threshold) {
            kinds.add(PairView.Kind.EVALUATION);
        }
        if (aOnB.isPresent() && aOnB.get().points() >= threshold) {
            kinds.add(PairView.Kind.A_REJECTS_B);
        }
        if (bOnA.isPresent() && bOnA.get().points() >= threshold) {
            kinds.add(PairView.Kind.B_REJECTS_A);
        }
        boolean verdicts = va.verdict().isPresent() && vb.verdict().isPresent()
                && errorClass(va.verdict().get()) != errorClass(vb.verdict().get());
        return new PairView(a, b, same, inTop, dWin, aOnB, bOnA, kinds, verdicts);
    }

    /**
     * What {@code judge} says {@code move} loses against its own choice: exact when it searched a line
     * starting with the move, or when the move is the one played and it evaluated the position after it;
     * at least what its last line loses when it searched several lines and left the move out (so the move
     * is worse than all of them); unknown otherwise.
     */
    private Optional<PairView.Loss> loss(EngineView judge, String move, int legal, String played, Optional<Double> afterPlayed) {
        if (judge.best().equals(move)) {
            return Optional.of(new PairView.Loss(0, false));
        }
        Optional<Score> s = judge.scoreOf(move);
        if (s.isPresent()) {
            return Optional.of(new PairView.Loss(rounded(Math.max(0, judge.win() - modelOf(judge.engine()).win().winPercent(s.get()))), false));
        }
        if (move.equals(played) && afterPlayed.isPresent()) {
            return Optional.of(new PairView.Loss(rounded(Math.max(0, judge.win() - afterPlayed.get())), false));
        }
        List<EngineView.Alt> lines = judge.lines();
        if (lines.size() >= 2 && lines.size() < legal) {
            double last = modelOf(judge.engine()).win().winPercent(lines.get(lines.size() - 1).score());
            return Optional.of(new PairView.Loss(rounded(Math.max(0, judge.win() - last)), true));
        }
        return Optional.empty();
    }

    /** ?!, ? and ?? as themselves; anything else (none, !, !!) as not an error. */
    static Judgement errorClass(Judgement j) {
        return j.isError() ? j : Judgement.NONE;
    }
}

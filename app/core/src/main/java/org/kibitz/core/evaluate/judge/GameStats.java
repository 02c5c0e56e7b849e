package org.kibitz.core.evaluate.judge;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Side;

/**
 * Per-side totals of a judged game: game accuracy and ACPL as lichess computes them, and the count of each
 * judgement. Built from the judged moves in game order; moves that were not judged (another side, before
 * {@code --from-ply}) are simply left out.
 */
public final class GameStats {

    /**
     * One judged move.
     *
     * @param mover   who played it
     * @param before  the evaluation before it, from the mover's view (as given to {@link JudgementModel#judge})
     * @param after   the evaluation after it, from the mover's view ({@code Mate(0)}: the mover just mated)
     * @param verdict what {@link JudgementModel#judge} made of it
     */
    public record JudgedMove(Side mover, Score before, Score after, MoveVerdict verdict) {
        public JudgedMove {
            Objects.requireNonNull(mover, "mover");
            Objects.requireNonNull(before, "before");
            Objects.requireNonNull(after, "after");
            Objects.requireNonNull(verdict, "verdict");
        }
    }

    /**
     * One side's totals.
     *
     * @param moves    judged moves
     * @param accuracy game accuracy 0..100; empty without moves
     * @param acpl     average centipawn loss (lichess shows it rounded); empty without moves
     * @param counts   how many moves got each judgement ({@link Judgement#NONE} included), every judgement present
     */
    public record SideStats(int moves, OptionalDouble accuracy, OptionalDouble acpl, Map<Judgement, Integer> counts) {
        public SideStats {
            counts = Collections.unmodifiableMap(new EnumMap<>(counts));
        }

        public int count(Judgement j) {
            return counts.getOrDefault(j, 0);
        }
    }

    private final SideStats white;
    private final SideStats black;

    private GameStats(SideStats white, SideStats black) {
        this.white = white;
        this.black = black;
    }

    /** White's (Red's) totals. */
    public SideStats white() {
        return white;
    }

    /** Black's totals. */
    public SideStats black() {
        return black;
    }

    public SideStats of(Side side) {
        return side == Side.WHITE ? white : black;
    }

    /**
     * The totals of a game's judged moves, in game order.
     *
     * <p>Accuracy: each move's accuracy is its verdict's; its weight is the volatility of the win% sequence
     * (White's view) around it, the sequence being the win% before the first judged move and after each
     * judged move ({@link Accuracy#volatilityWeights}). ACPL: {@code max(0, before - after)} in centipawns from
     * the mover's view, scores clamped to ±clampCp and mates as ±mateCp ({@link WinModel#centipawns}).
     * When each move's {@code before} is the previous move's {@code after}, both are lichess's numbers.
     */
    public static GameStats of(WinModel win, List<JudgedMove> moves) {
        List<Double> whiteWin = new ArrayList<>(moves.size() + 1);
        if (!moves.isEmpty()) {
            JudgedMove first = moves.getFirst();
            whiteWin.add(whiteView(first.mover(), first.verdict().winBefore()));
        }
        for (JudgedMove m : moves) {
            whiteWin.add(whiteView(m.mover(), m.verdict().winAfter()));
        }
        double[] weights = Accuracy.volatilityWeights(whiteWin);
        return new GameStats(side(win, moves, weights, Side.WHITE), side(win, moves, weights, Side.BLACK));
    }

    private static double whiteView(Side mover, double winPercent) {
        return mover == Side.WHITE ? winPercent : 100 - winPercent;
    }

    private static SideStats side(WinModel win, List<JudgedMove> moves, double[] weights, Side side) {
        Map<Judgement, Integer> counts = new EnumMap<>(Judgement.class);
        for (Judgement j : Judgement.values()) {
            counts.put(j, 0);
        }
        List<Double> accuracies = new ArrayList<>();
        List<Double> sideWeights = new ArrayList<>();
        long lossSum = 0;
        for (int i = 0; i < moves.size(); i++) {
            JudgedMove m = moves.get(i);
            if (m.mover() != side) {
                continue;
            }
            counts.merge(m.verdict().judgement(), 1, Integer::sum);
            accuracies.add(m.verdict().accuracy());
            sideWeights.add(weights[i]);
            int afterCp = m.after() instanceof Score.Mate mate && mate.moves() == 0 ? win.mateCp() : win.centipawns(m.after());
            lossSum += Math.max(0, win.centipawns(m.before()) - afterCp);
        }
        int n = accuracies.size();
        OptionalDouble accuracy = Accuracy.ofGame(accuracies.stream().mapToDouble(Double::doubleValue).toArray(),
                sideWeights.stream().mapToDouble(Double::doubleValue).toArray());
        OptionalDouble acpl = n == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) lossSum / n);
        return new SideStats(n, accuracy, acpl, counts);
    }
}

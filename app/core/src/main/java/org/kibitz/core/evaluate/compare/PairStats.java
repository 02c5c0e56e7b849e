package org.kibitz.core.evaluate.compare;

import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Agreement figures of two engines over a set of positions, added one at a time. The same class sums
 * a run as it goes and a CSV read back ({@link ComparisonCsv}), so the two give the same figures.
 */
public final class PairStats {

    private long positions;
    private long sameBest;
    private long inTop;
    private double sumDWin;
    private double[] dWins = new double[16];
    // Win% from White's/Red's view, for the correlation.
    private double sx;
    private double sy;
    private double sxx;
    private double syy;
    private double sxy;
    private long disagreements;
    private long judged;
    private long verdictsDiffer;

    /**
     * Adds a position.
     *
     * @param winA A's win% for White/Red
     * @param winB B's
     * @param dWin |Δwin%| as {@link Comparison#rounded rounded}
     */
    public void add(boolean same, boolean aInBTop, double dWin, double winA, double winB, boolean disagrees,
                    boolean judgedByBoth, boolean verdictDiffers) {
        if (positions == dWins.length) {
            dWins = Arrays.copyOf(dWins, dWins.length * 2);
        }
        dWins[(int) positions] = dWin;
        positions++;
        sameBest += same ? 1 : 0;
        inTop += aInBTop ? 1 : 0;
        sumDWin += dWin;
        sx += winA;
        sy += winB;
        sxx += winA * winA;
        syy += winB * winB;
        sxy += winA * winB;
        disagreements += disagrees ? 1 : 0;
        judged += judgedByBoth ? 1 : 0;
        verdictsDiffer += verdictDiffers ? 1 : 0;
    }

    /** Adds a compared position's pair. */
    public void add(ComparedPosition p, PairView v) {
        EngineView a = p.engine(v.a()).orElseThrow();
        EngineView b = p.engine(v.b()).orElseThrow();
        add(v.sameBest(), v.aInBTop(), v.dWin(), Comparison.rounded(whiteWin(a.win(), p)), Comparison.rounded(whiteWin(b.win(), p)),
                v.disagrees(),
                a.verdict().isPresent() && b.verdict().isPresent(), v.verdictsDiffer());
    }

    static double whiteWin(double sideToMoveWin, ComparedPosition p) {
        return p.toMove() == org.kibitz.api.game.Side.WHITE ? sideToMoveWin : 100 - sideToMoveWin;
    }

    public long positions() {
        return positions;
    }

    /** % of positions where both chose the same move. */
    public double agreement() {
        return percent(sameBest);
    }

    /** % of positions where A's move is among B's first {@link Comparison#TOP_K} lines. */
    public double topK() {
        return percent(inTop);
    }

    public double meanDWin() {
        return positions == 0 ? 0 : sumDWin / positions;
    }

    /** The 90th percentile of |Δwin%| (nearest rank). */
    public double p90DWin() {
        if (positions == 0) {
            return 0;
        }
        double[] sorted = Arrays.copyOf(dWins, (int) positions);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(0.9 * positions);
        return sorted[Math.max(0, rank - 1)];
    }

    /** Pearson's correlation of the two engines' win% over the positions; empty when either never varies. */
    public OptionalDouble correlation() {
        double n = positions;
        double vx = n * sxx - sx * sx;
        double vy = n * syy - sy * sy;
        if (n < 2 || vx <= 1e-9 || vy <= 1e-9) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of((n * sxy - sx * sy) / Math.sqrt(vx * vy));
    }

    public long disagreements() {
        return disagreements;
    }

    /** Moves both engines judged. */
    public long judged() {
        return judged;
    }

    /** Moves the two judge differently (one calls it ?!, ? or ?? and the other something else). */
    public long verdictsDiffer() {
        return verdictsDiffer;
    }

    private double percent(long count) {
        return positions == 0 ? 0 : 100.0 * count / positions;
    }

    /** {@code positions P agreement A% top3 T% mean_dwin M disagreements D}: the compare command's last line. */
    public String summaryLine() {
        return String.format(Locale.ROOT, "positions %d agreement %.1f%% top%d %.1f%% mean_dwin %.1f disagreements %d",
                positions, agreement(), Comparison.TOP_K, topK(), meanDWin(), disagreements);
    }
}

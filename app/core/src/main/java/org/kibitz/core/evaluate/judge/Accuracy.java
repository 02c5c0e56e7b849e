package org.kibitz.core.evaluate.judge;

import java.util.List;
import java.util.OptionalDouble;

/**
 * Accuracy as lichess computes it (lila {@code AccuracyPercent.scala}): a move's accuracy from the win% it
 * gave away, and a game's from its moves' accuracies weighted by how volatile the game was around each.
 */
public final class Accuracy {

    // Lichess's fit of a·e^(-b·x) + c through (0,100) (5,75) (10,60) (20,42) (40,20) (60,5) (80,0):
    // x is the win% lost, the result the move's accuracy.
    private static final double A = 103.1668100711649;
    private static final double B = 0.04354415386753951;
    private static final double C = -3.166924740191411;
    /** Lichess adds one point for the engine's own imperfection. */
    private static final double UNCERTAINTY_BONUS = 1;

    /** The volatility weights are population standard deviations of win% in a window, held to this range. */
    static final double MIN_WEIGHT = 0.5;
    static final double MAX_WEIGHT = 12;

    private Accuracy() {
    }

    /**
     * A move's accuracy 0..100 from the mover's win% before and after it: 100 when it did not drop, else
     * {@code 103.1668·e^(-0.043544·(before-after)) - 3.1669 + 1} held to 0..100.
     */
    public static double ofMove(double winBefore, double winAfter) {
        if (winAfter >= winBefore) {
            return 100;
        }
        double raw = A * Math.exp(-B * (winBefore - winAfter)) + C + UNCERTAINTY_BONUS;
        return Math.max(0, Math.min(100, raw));
    }

    /**
     * The window size for a game of {@code moves} judged moves: a tenth of them, at least 2, at most 8.
     */
    static int windowSize(int moves) {
        return Math.max(2, Math.min(8, moves / 10));
    }

    /**
     * The volatility weight of each move: {@code whiteWin} holds win% from White's/Red's view, the position
     * before the first move and then after each move ({@code n + 1} values for {@code n} moves). Move {@code i}
     * gets the population standard deviation of the {@code i}-th window, held to 0.5..12, where the windows
     * are the sliding windows of {@link #windowSize} values, the first repeated so that there is one per move
     * (as lichess does: the opening moves share the first window).
     */
    static double[] volatilityWeights(List<Double> whiteWin) {
        int n = whiteWin.size() - 1;
        if (n < 1) {
            return new double[0];
        }
        int size = Math.min(windowSize(n), whiteWin.size());
        double[] weights = new double[n];
        for (int i = 0; i < n; i++) {
            // Windows 0 .. size-2 are the first window; after that window i starts at value i - (size - 2).
            int start = Math.max(0, i - (size - 2));
            weights[i] = Math.max(MIN_WEIGHT, Math.min(MAX_WEIGHT, standardDeviation(whiteWin.subList(start, start + size))));
        }
        return weights;
    }

    /**
     * A side's game accuracy: the mean of the weighted mean of its moves' accuracies and their harmonic
     * mean (each accuracy taken as at least 1 there, so one 0 does not make it 0); empty without moves.
     */
    static OptionalDouble ofGame(double[] accuracies, double[] weights) {
        if (accuracies.length == 0) {
            return OptionalDouble.empty();
        }
        double weighted = 0;
        double weightSum = 0;
        double reciprocals = 0;
        for (int i = 0; i < accuracies.length; i++) {
            weighted += accuracies[i] * weights[i];
            weightSum += weights[i];
            reciprocals += 1 / Math.max(1, accuracies[i]);
        }
        double harmonic = accuracies.length / reciprocals;
        return OptionalDouble.of((weighted / weightSum + harmonic) / 2);
    }

    private static double standardDeviation(List<Double> xs) {
        double mean = xs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double sum = 0;
        for (double x : xs) {
            sum += (x - mean) * (x - mean);
        }
        return Math.sqrt(sum / xs.size());
    }
}

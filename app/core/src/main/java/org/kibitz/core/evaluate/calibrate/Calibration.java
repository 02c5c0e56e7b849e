package org.kibitz.core.evaluate.calibrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The fit of {@link LogisticFit}'s coefficient to evaluated positions, with what a reader needs to
 * trust it: a bootstrap interval, the likelihood of lichess's coefficient on the same data, and a
 * calibration table.
 *
 * <p>Scores beyond {@code ±cap} centipawns are clamped to it (as lichess clamps to ±1000 before its
 * formula): a position that far ahead is won or lost in practice, and keeping its exact size would
 * let a few huge scores pull the fit. Mate scores are left out before this (the caller's part).
 *
 * <p>The interval resamples games, not positions: positions of one game share its result, so they
 * are not independent, and resampling them one by one would make the interval too narrow.
 */
public final class Calibration {

    /**
     * One evaluated position.
     *
     * @param source     the file's name
     * @param gameNumber the game's number in the file
     * @param ply        moves played before the position
     * @param cp         the engine's score for the side to move, as the engine gave it
     * @param score      the game's result for the side to move: 1, 0.5 or 0
     */
    public record Observation(String source, int gameNumber, int ply, int cp, double score) {
        public Observation {
            Objects.requireNonNull(source, "source");
        }
    }

    /**
     * A row of the calibration table: positions scored in {@code [fromCp, toCp)} (after the cap).
     *
     * @param fromCp   the lowest score in the row, {@link Integer#MIN_VALUE} for no bound
     * @param toCp     the score the row stops before, {@link Integer#MAX_VALUE} for no bound
     * @param n        positions in the row
     * @param observed their mean result for the side to move
     * @param fitted   their mean expected score under the fitted coefficient
     * @param lichess  their mean expected score under lichess's coefficient
     */
    public record Bucket(int fromCp, int toCp, int n, double observed, double fitted, double lichess) {
    }

    /**
     * The fit.
     *
     * @param k                    the coefficient of greatest likelihood, per centipawn
     * @param low                  the 2.5th percentile of the bootstrap fits
     * @param high                 the 97.5th percentile
     * @param resamples            bootstrap resamples made (0: no interval; low and high are k)
     * @param n                    positions fitted
     * @param games                games they come from
     * @param clamped              positions whose score was beyond the cap
     * @param cap                  the cap, centipawns
     * @param logLikelihood        at {@code k}
     * @param lichessLogLikelihood at {@link LogisticFit#LICHESS_K}
     * @param meanScore            the mean result of the side to move
     * @param table                the calibration table, lowest scores first
     */
    public record Report(double k, double low, double high, int resamples, int n, int games, int clamped, int cap,
                         double logLikelihood, double lichessLogLikelihood, double meanScore, List<Bucket> table) {
        public Report {
            table = List.copyOf(table);
        }
    }

    /** Where the table's rows start and end, centipawns for the side to move. */
    static final int[] EDGES = {Integer.MIN_VALUE, -600, -400, -300, -200, -150, -100, -60, -20, 20, 60, 100, 150, 200,
            300, 400, 600, Integer.MAX_VALUE};

    private Calibration() {
    }

    /**
     * Fits the coefficient.
     *
     * @param cap       scores beyond ±cap count as ±cap (1 or more)
     * @param resamples bootstrap resamples for the interval (0 for none)
     * @param seed      the seed of the resampling
     * @throws IllegalArgumentException when there is no observation
     */
    public static Report fit(List<Observation> observations, int cap, int resamples, long seed) {
        if (observations.isEmpty()) {
            throw new IllegalArgumentException("no observations");
        }
        if (cap < 1 || resamples < 0) {
            throw new IllegalArgumentException("cap >= 1 and resamples >= 0: " + cap + ", " + resamples);
        }
        int n = observations.size();
        double[] cp = new double[n];
        double[] score = new double[n];
        int clamped = 0;
        double sum = 0;
        Map<String, List<Integer>> byGame = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Observation o = observations.get(i);
            int x = o.cp();
            if (Math.abs(x) > cap) {
                clamped++;
                x = x > 0 ? cap : -cap;
            }
            cp[i] = x;
            score[i] = o.score();
            sum += o.score();
            byGame.computeIfAbsent(o.source() + '\u0000' + o.gameNumber(), g -> new ArrayList<>()).add(i);
        }
        double k = LogisticFit.fit(cp, score);
        double low = k;
        double high = k;
        if (resamples > 0) {
            double[] ks = bootstrap(cp, score, List.copyOf(byGame.values()), resamples, seed);
            Arrays.sort(ks);
            low = percentile(ks, 0.025);
            high = percentile(ks, 0.975);
        }
        return new Report(k, low, high, resamples, n, byGame.size(), clamped, cap, LogisticFit.logLikelihood(k, cp, score),
                LogisticFit.logLikelihood(LogisticFit.LICHESS_K, cp, score), sum / n, table(k, cp, score));
    }

    /** The fits of {@code resamples} resamples of whole games, drawn with replacement. */
    private static double[] bootstrap(double[] cp, double[] score, List<List<Integer>> games, int resamples, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] ks = new double[resamples];
        double[] x = new double[cp.length * 2];
        double[] y = new double[cp.length * 2];
        for (int b = 0; b < resamples; b++) {
            int m = 0;
            for (int g = 0; g < games.size(); g++) {
                for (int i : games.get(random.nextInt(games.size()))) {
                    if (m == x.length) {
                        x = Arrays.copyOf(x, m * 2);
                        y = Arrays.copyOf(y, m * 2);
                    }
                    x[m] = cp[i];
                    y[m] = score[i];
                    m++;
                }
            }
            ks[b] = LogisticFit.fit(Arrays.copyOf(x, m), Arrays.copyOf(y, m));
        }
        return ks;
    }

    /** The value below which {@code q} of the sorted values lie (linear between neighbours). */
    static double percentile(double[] sorted, double q) {
        double at = q * (sorted.length - 1);
        int i = (int) Math.floor(at);
        int j = Math.min(sorted.length - 1, i + 1);
        return sorted[i] + (at - i) * (sorted[j] - sorted[i]);
    }

    private static List<Bucket> table(double k, double[] cp, double[] score) {
        List<Bucket> rows = new ArrayList<>();
        for (int e = 0; e + 1 < EDGES.length; e++) {
            int from = EDGES[e];
            int to = EDGES[e + 1];
            int n = 0;
            double observed = 0;
            double fitted = 0;
            double lichess = 0;
            for (int i = 0; i < cp.length; i++) {
                if (cp[i] >= from && cp[i] < to) {
                    n++;
                    observed += score[i];
                    fitted += LogisticFit.expected(k, cp[i]);
                    lichess += LogisticFit.expected(LogisticFit.LICHESS_K, cp[i]);
                }
            }
            if (n > 0) {
                rows.add(new Bucket(from, to, n, observed / n, fitted / n, lichess / n));
            }
        }
        return rows;
    }
}

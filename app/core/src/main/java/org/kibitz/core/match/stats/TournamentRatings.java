package org.kibitz.core.match.stats;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ratings of the engines of a tournament by maximum likelihood, for a standings table.
 *
 * <p>Model (Bradley-Terry with logistic Elo, as Ordo's default and the Elo of a two-engine match):
 * engine {@code i} scores {@code E_ij = 1 / (1 + 10^((r_j - r_i) / 400))} on average against
 * {@code j}, and a draw counts as half a win and half a loss. The ratings maximize
 * {@code sum_ij s_ij ln E_ij}, with {@code s_ij} the points of {@code i} against {@code j}, under
 * the constraint that their mean is 0. At the maximum every engine's expected points equal its
 * points. They are found by Newton's method (the log-likelihood is concave) with step halving.
 *
 * <p>Error bars: the covariance of the ratings is the pseudo-inverse of the Fisher information
 * {@code I_ii = k^2 sum_j n_ij E_ij E_ji}, {@code I_ij = -k^2 n_ij E_ij E_ji} with
 * {@code k = ln 10 / 400} and {@code n_ij} the games between them (the pseudo-inverse because the
 * ratings are defined up to a common shift, fixed by the zero mean); the error is 1.96 times the
 * square root of the diagonal. This binomial information treats each game as a win or a loss; draws
 * make the real spread of a game's score smaller, so with many draws the bars are a little
 * conservative. With two engines the difference is exactly the logistic Elo of the score.
 *
 * <p>The maximum exists only when no group of engines scored everything against the rest (the
 * graph "i scored points against j" is strongly connected). Otherwise {@link #fit(List)} throws;
 * {@link #fit(List, double)} adds that many virtual draws to every pairing that was played, a prior
 * in the manner of BayesElo that keeps the ratings finite.
 */
public final class TournamentRatings {

    /** The games of one pairing, from {@code first}'s point of view. */
    public record HeadToHead(String first, String second, MatchScore score) {
        public HeadToHead {
            if (first.equals(second)) {
                throw new IllegalArgumentException("an engine does not play itself: " + first);
            }
        }

        public static HeadToHead of(String first, String second, long wins, long losses, long draws) {
            return new HeadToHead(first, second, MatchScore.of(wins, losses, draws));
        }
    }

    /**
     * One engine's line in the standings.
     *
     * @param name the engine
     * @param elo its rating; the ratings of a tournament have mean 0
     * @param error half the width of its 95 % interval
     * @param games the games it played (virtual draws not counted)
     * @param points its points (virtual draws not counted)
     */
    public record Rating(String name, double elo, double error, long games, double points) {
        /** Points as a fraction of games. */
        public double score() {
            return points / games;
        }
    }

    private static final double K = Math.log(10) / 400;

    private TournamentRatings() {}

    /** The maximum-likelihood ratings, best first; throws if they are not finite (see the class comment). */
    public static List<Rating> fit(List<HeadToHead> results) {
        return fit(results, 0);
    }

    /** The ratings with {@code virtualDraws} virtual draws added to every pairing played. */
    public static List<Rating> fit(List<HeadToHead> results, double virtualDraws) {
        if (!(virtualDraws >= 0)) {
            throw new IllegalArgumentException("virtual draws must be >= 0: " + virtualDraws);
        }
        Map<String, Integer> index = new LinkedHashMap<>();
        for (HeadToHead h : results) {
            index.putIfAbsent(h.first(), index.size());
            index.putIfAbsent(h.second(), index.size());
        }
        int n = index.size();
        if (n < 2) {
            throw new IllegalArgumentException("ratings need at least two engines");
        }
        String[] names = index.keySet().toArray(new String[0]);
        double[][] games = new double[n][n];
        double[][] points = new double[n][n];
        long[] realGames = new long[n];
        double[] realPoints = new double[n];
        for (HeadToHead h : results) {
            int a = index.get(h.first());
            int b = index.get(h.second());
            MatchScore s = h.score();
            games[a][b] += s.games();
            games[b][a] += s.games();
            points[a][b] += s.points();
            points[b][a] += s.losses() + s.draws() / 2.0;
            realGames[a] += s.games();
            realGames[b] += s.games();
            realPoints[a] += s.points();
            realPoints[b] += s.losses() + s.draws() / 2.0;
        }
        if (virtualDraws > 0) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (games[i][j] > 0) {
                        games[i][j] += virtualDraws;
                        points[i][j] += virtualDraws / 2;
                    }
                }
            }
        }
        if (!reachesAll(n, (i, j) -> games[i][j] > 0)) {
            throw new IllegalArgumentException("the engines fall into groups that never played each other");
        }
        if (!reachesAll(n, (i, j) -> points[i][j] > 0) || !reachesAll(n, (i, j) -> points[j][i] > 0)) {
            throw new IllegalArgumentException(
                    "some engines scored everything (or nothing) against the rest: no finite maximum-likelihood"
                            + " ratings; add virtual draws");
        }

        double[] r = new double[n];
        double ll = logLikelihood(r, games, points);
        for (int iteration = 0; iteration < 200; iteration++) {
            double[] gradient = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (games[i][j] > 0) {
                        gradient[i] += K * (points[i][j] - games[i][j] * expected(r[i], r[j]));
                    }
                }
            }
            double[] step = multiply(shiftedInverse(fisher(r, games)), gradient);
            double scale = 1;
            double[] next = new double[n];
            double nextLl;
            do {
                for (int i = 0; i < n; i++) {
                    next[i] = r[i] + scale * step[i];
                }
                nextLl = logLikelihood(next, games, points);
                scale /= 2;
            } while (nextLl < ll - 1e-12 * Math.abs(ll) && scale > 1e-12); // near the top, rounding only
            double moved = 0;
            for (int i = 0; i < n; i++) {
                moved = Math.max(moved, Math.abs(next[i] - r[i]));
            }
            r = next.clone();
            ll = nextLl;
            if (moved < 1e-10) {
                break;
            }
        }
        double mean = 0;
        for (double x : r) {
            mean += x / n;
        }
        double[][] cov = shiftedInverse(fisher(r, games));
        List<Rating> ratings = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double variance = cov[i][i] - 1.0 / n; // pinv(I) = (I + J/n)^-1 - J/n
            ratings.add(new Rating(names[i], r[i] - mean, Gaussian.Z95 * Math.sqrt(Math.max(variance, 0)),
                    realGames[i], realPoints[i]));
        }
        ratings.sort(Comparator.comparingDouble(Rating::elo).reversed());
        return List.copyOf(ratings);
    }

    private static double expected(double ri, double rj) {
        return 1 / (1 + Math.pow(10, (rj - ri) / 400));
    }

    private static double logLikelihood(double[] r, double[][] games, double[][] points) {
        double ll = 0;
        for (int i = 0; i < r.length; i++) {
            for (int j = 0; j < r.length; j++) {
                if (points[i][j] > 0) {
                    ll += points[i][j] * Math.log(expected(r[i], r[j]));
                }
            }
        }
        return ll;
    }

    private static double[][] fisher(double[] r, double[][] games) {
        int n = r.length;
        double[][] info = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j && games[i][j] > 0) {
                    double e = expected(r[i], r[j]);
                    double w = K * K * games[i][j] * e * (1 - e);
                    info[i][j] -= w;
                    info[i][i] += w;
                }
            }
        }
        return info;
    }

    /** {@code (m + J/n)^-1}: the information shifted along its null vector (all ones) so it inverts. */
    private static double[][] shiftedInverse(double[][] m) {
        int n = m.length;
        double[][] a = new double[n][2 * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = m[i][j] + 1.0 / n;
            }
            a[i][n + i] = 1;
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int row = col + 1; row < n; row++) {
                if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) {
                    pivot = row;
                }
            }
            double[] t = a[col];
            a[col] = a[pivot];
            a[pivot] = t;
            double p = a[col][col];
            if (p == 0) {
                throw new ArithmeticException("singular information matrix");
            }
            for (int j = 0; j < 2 * n; j++) {
                a[col][j] /= p;
            }
            for (int row = 0; row < n; row++) {
                if (row != col && a[row][col] != 0) {
                    double f = a[row][col];
                    for (int j = 0; j < 2 * n; j++) {
                        a[row][j] -= f * a[col][j];
                    }
                }
            }
        }
        double[][] inv = new double[n][n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], n, inv[i], 0, n);
        }
        return inv;
    }

    private static double[] multiply(double[][] m, double[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            for (int j = 0; j < v.length; j++) {
                out[i] += m[i][j] * v[j];
            }
        }
        return out;
    }

    private interface Edge {
        boolean has(int from, int to);
    }

    /** Whether every engine can be reached from engine 0 along the edges. */
    private static boolean reachesAll(int n, Edge edge) {
        boolean[] seen = new boolean[n];
        Deque<Integer> todo = new ArrayDeque<>();
        seen[0] = true;
        todo.push(0);
        int count = 1;
        while (!todo.isEmpty()) {
            int i = todo.pop();
            for (int j = 0; j < n; j++) {
                if (!seen[j] && edge.has(i, j)) {
                    seen[j] = true;
                    count++;
                    todo.push(j);
                }
            }
        }
        return count == n;
    }
}

package org.kibitz.core.match;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.core.match.stats.MatchReport;
import org.kibitz.core.match.stats.MatchScore;
import org.kibitz.core.match.stats.Sprt;
import org.kibitz.core.match.stats.TournamentRatings;
import org.kibitz.api.i18n.Text;

/**
 * The counts of a match or tournament as games finish, in any order: for every two engines, the
 * first one's wins, losses and draws, and the pentanomial counts of its finished game pairs (two
 * games of one opening, colours swapped). Not thread-safe: the caller serialises.
 */
public final class MatchTally {

    /** The counts of engine {@code a} against engine {@code b}, from {@code a}'s view. */
    public static final class Encounter {
        long wins;
        long losses;
        long draws;
        /** Pair scores 0, 0.5, 1, 1.5, 2 (in half points: 0..4). */
        final long[] pentanomial = new long[5];

        public long wins() {
            return wins;
        }

        public long losses() {
            return losses;
        }

        public long draws() {
            return draws;
        }

        public long games() {
            return wins + losses + draws;
        }

        public long[] pentanomial() {
            return pentanomial.clone();
        }
    }

    private final List<String> names;
    private final Map<Long, Encounter> encounters = new HashMap<>();
    /** Half points engine-low scored in a pair's first game, until its second arrives; by pair. */
    private final Map<Integer, int[]> open = new HashMap<>();

    public MatchTally(List<String> names) {
        this.names = List.copyOf(names);
    }

    /**
     * A finished game.
     *
     * @param white  the index of the engine that played White/Red
     * @param pair   the opening pair it belongs to
     * @param result {@code 1-0}, {@code 0-1}, {@code 1/2-1/2}; anything else is not counted
     */
    public void add(int white, int black, int pair, String result) {
        int whiteHalves = switch (result) {
            case "1-0" -> 2;
            case "0-1" -> 0;
            case "1/2-1/2" -> 1;
            default -> -1;
        };
        if (whiteHalves < 0) {
            return;
        }
        int lo = Math.min(white, black);
        int hi = Math.max(white, black);
        int loHalves = white == lo ? whiteHalves : 2 - whiteHalves;
        Encounter e = encounter(lo, hi);
        switch (loHalves) {
            case 2 -> e.wins++;
            case 0 -> e.losses++;
            default -> e.draws++;
        }
        int[] first = open.remove(pair);
        if (first == null) {
            open.put(pair, new int[] {lo, hi, loHalves});
        } else if (first[0] == lo && first[1] == hi) {
            e.pentanomial[first[2] + loHalves]++;
        }
    }

    /** The counts of {@code a} against {@code b}, from {@code a}'s view. */
    public Encounter encounter(int a, int b) {
        Objects.checkIndex(a, names.size());
        Objects.checkIndex(b, names.size());
        if (a == b) {
            throw new IllegalArgumentException("an engine does not meet itself");
        }
        Encounter stored = encounters.computeIfAbsent(key(Math.min(a, b), Math.max(a, b)), k -> new Encounter());
        if (a < b) {
            return stored;
        }
        Encounter flipped = new Encounter();
        flipped.wins = stored.losses;
        flipped.losses = stored.wins;
        flipped.draws = stored.draws;
        for (int i = 0; i < 5; i++) {
            flipped.pentanomial[i] = stored.pentanomial[4 - i];
        }
        return flipped;
    }

    /** Engine {@code a}'s points against everyone, and its games. */
    public double points(int a) {
        double p = 0;
        for (int b = 0; b < names.size(); b++) {
            if (b != a) {
                Encounter e = encounter(a, b);
                p += e.wins + 0.5 * e.draws;
            }
        }
        return p;
    }

    public long games(int a) {
        long n = 0;
        for (int b = 0; b < names.size(); b++) {
            if (b != a) {
                n += encounter(a, b).games();
            }
        }
        return n;
    }

    public List<String> names() {
        return names;
    }

    /** The score of {@code a} against {@code b}, for the statistics. */
    public MatchScore score(int a, int b) {
        Encounter e = encounter(a, b);
        return MatchScore.of(e.wins, e.losses, e.draws, e.pentanomial);
    }

    /**
     * The lines cutechess and fastchess print after a game: {@code Score of A vs B: W - L - D  [0.500] N},
     * {@code Elo difference: x +/- y, LOS: z %, DrawRatio: w %}, {@code Ptnml(0-2): [..]}, {@code nElo: ..},
     * and with an SPRT fastchess's {@code LLR: ..} and cutechess's {@code SPRT: llr .., lbound .., ubound ..}
     * (ending {@code - H1 was accepted} or {@code - H0 was accepted} at the decision).
     */
    public List<String> lines(int a, int b, Optional<Sprt> sprt) {
        MatchScore s = score(a, b);
        List<String> out = new ArrayList<>();
        out.add(MatchReport.scoreLine(names.get(a), names.get(b), s));
        if (s.games() > 0) {
            out.add(MatchReport.eloLine(s));
        }
        out.add(MatchReport.ptnmlLine(s));
        if (s.pairs() > 0) {
            out.add(MatchReport.neloLine(s));
        }
        sprt.ifPresent(t -> {
            out.add(MatchReport.llrLine(t, s));
            out.add(MatchReport.sprtLine(t, s));
        });
        return out;
    }

    /** The SPRT's state on {@code a} against {@code b}. */
    public Sprt.Status sprt(int a, int b, Sprt sprt) {
        return sprt.status(score(a, b));
    }

    /** The prior the standings add unless told otherwise: one virtual draw per pairing played. */
    public static final double DEFAULT_PRIOR_DRAWS = 1.0;

    /** {@link #standings(double)} with {@link #DEFAULT_PRIOR_DRAWS}. */
    public String standings() {
        return standings(DEFAULT_PRIOR_DRAWS);
    }

    /**
     * The standings of a tournament, as cutechess and Ordo print them: maximum-likelihood Elo with
     * 95% error bars, games and score for every engine; a line under the table naming the prior
     * ({@code priorDraws} virtual draws added to every pairing played, a BayesElo-like prior that pulls
     * every rating towards 0 and keeps a clean sweep finite; 0 for none); the cross table (points of
     * each row's engine against each column's); and every pairing's W-L-D, draw ratio and Ptnml.
     * Without a prior, results with no finite maximum (a sweep) get the table without ratings and a
     * line that says why.
     */
    public String standings(double priorDraws) {
        List<TournamentRatings.HeadToHead> h = new ArrayList<>();
        for (int a = 0; a < names.size(); a++) {
            for (int b = a + 1; b < names.size(); b++) {
                MatchScore s = score(a, b);
                if (s.games() > 0) {
                    h.add(new TournamentRatings.HeadToHead(names.get(a), names.get(b), s));
                }
            }
        }
        if (h.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        try {
            out.append(MatchReport.standings(TournamentRatings.fit(h, priorDraws)));
            out.append(Text.of(MatchTally.class, priorDraws > 0 ? "standings.prior" : "standings.noPrior", priorDraws).render())
                    .append('\n');
        } catch (IllegalArgumentException | ArithmeticException e) {
            List<TournamentRatings.Rating> plain = new ArrayList<>();
            for (int a = 0; a < names.size(); a++) {
                if (games(a) > 0) {
                    plain.add(new TournamentRatings.Rating(names.get(a), Double.NaN, Double.NaN, games(a), points(a)));
                }
            }
            plain.sort((x, y) -> Double.compare(y.points(), x.points()));
            out.append(MatchReport.standings(plain));
            out.append(Text.of(MatchTally.class, "standings.unrated", String.valueOf(e.getMessage())).render()).append('\n');
        }
        out.append('\n').append(crossTable());
        out.append('\n');
        for (int a = 0; a < names.size(); a++) {
            for (int b = a + 1; b < names.size(); b++) {
                MatchScore s = score(a, b);
                if (s.games() > 0) {
                    out.append(MatchReport.scoreLine(names.get(a), names.get(b), s)).append(", DrawRatio: ")
                            .append(String.format(java.util.Locale.ROOT, "%.1f", 100 * s.drawRatio())).append(" %");
                    if (s.pairs() > 0) {
                        out.append(", ").append(MatchReport.ptnmlLine(s));
                    }
                    out.append('\n');
                }
            }
        }
        return out.toString();
    }

    /**
     * The cross table: a row per engine, its points against each other engine by column (numbered as
     * the rows), {@code -} on the diagonal and where two engines did not meet, and its total.
     */
    public String crossTable() {
        int width = 4;
        for (String n : names) {
            width = Math.max(width, n.length());
        }
        int cell = 6;
        for (int a = 0; a < names.size(); a++) {
            for (int b = 0; b < names.size(); b++) {
                if (a != b) {
                    cell = Math.max(cell, points(encounter(a, b)).length() + 1);
                }
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(String.format(java.util.Locale.ROOT, "%3s %-" + width + "s", "", "Name"));
        for (int b = 0; b < names.size(); b++) {
            out.append(String.format(java.util.Locale.ROOT, "%" + cell + "d", b + 1));
        }
        out.append(String.format(java.util.Locale.ROOT, "%" + (cell + 2) + "s", "Points")).append('\n');
        for (int a = 0; a < names.size(); a++) {
            out.append(String.format(java.util.Locale.ROOT, "%3d %-" + width + "s", a + 1, names.get(a)));
            for (int b = 0; b < names.size(); b++) {
                Encounter e = a == b ? null : encounter(a, b);
                String c = e == null || e.games() == 0 ? "-" : points(e);
                out.append(String.format(java.util.Locale.ROOT, "%" + cell + "s", c));
            }
            out.append(String.format(java.util.Locale.ROOT, "%" + (cell + 2) + "s", half(points(a)))).append('\n');
        }
        return out.toString();
    }

    private static String points(Encounter e) {
        return half(e.wins + 0.5 * e.draws) + "/" + e.games();
    }

    private static String half(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : String.format(java.util.Locale.ROOT, "%.1f", p);
    }

    private static long key(int a, int b) {
        return ((long) a << 32) | b;
    }
}

package org.kibitz.core.match;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

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

    /** {@code Score of A vs B: W - L - D  [0.500] N} and {@code Ptnml(0-2): [..]}, as cutechess and fastchess print them. */
    public List<String> lines(int a, int b) {
        Encounter e = encounter(a, b);
        List<String> out = new ArrayList<>();
        double score = e.games() == 0 ? 0 : (e.wins + 0.5 * e.draws) / e.games();
        out.add(String.format(Locale.ROOT, "Score of %s vs %s: %d - %d - %d  [%.3f] %d", names.get(a), names.get(b),
                e.wins, e.losses, e.draws, score, e.games()));
        long[] p = e.pentanomial;
        out.add(String.format(Locale.ROOT, "Ptnml(0-2): [%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4]));
        return out;
    }

    /** A standings table by points: rank, name, points, games, score. */
    public List<String> standings() {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            order.add(i);
        }
        order.sort((x, y) -> Double.compare(points(y), points(x)));
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%4s %-25s %7s %6s %6s", "Rank", "Name", "Points", "Games", "Score"));
        int rank = 0;
        for (int i : order) {
            long n = games(i);
            out.add(String.format(Locale.ROOT, "%4d %-25s %7.1f %6d %5.1f%%", ++rank, names.get(i), points(i), n,
                    n == 0 ? 0 : 100 * points(i) / n));
        }
        return out;
    }

    private static long key(int a, int b) {
        return ((long) a << 32) | b;
    }
}

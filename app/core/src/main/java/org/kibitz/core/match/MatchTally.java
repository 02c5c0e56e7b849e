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
     * and with an SPRT {@code LLR: ..}.
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
        sprt.ifPresent(t -> out.add(MatchReport.llrLine(t, s)));
        return out;
    }

    /** The SPRT's state on {@code a} against {@code b}. */
    public Sprt.Status sprt(int a, int b, Sprt sprt) {
        return sprt.status(score(a, b));
    }

    /**
     * A standings table: maximum-likelihood Elo with 95% error bars for every engine (one virtual draw
     * added to every pairing, so a clean sweep still has a finite rating), points and games.
     */
    public String standings() {
        List<TournamentRatings.HeadToHead> h = new ArrayList<>();
        for (int a = 0; a < names.size(); a++) {
            for (int b = a + 1; b < names.size(); b++) {
                MatchScore s = score(a, b);
                if (s.games() > 0) {
                    h.add(new TournamentRatings.HeadToHead(names.get(a), names.get(b), s));
                }
            }
        }
        return h.isEmpty() ? "" : MatchReport.standings(TournamentRatings.fit(h, 1.0));
    }

    private static long key(int a, int b) {
        return ((long) a << 32) | b;
    }
}

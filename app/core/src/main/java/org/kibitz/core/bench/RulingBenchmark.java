package org.kibitz.core.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Ruling;

/**
 * What the repetition rules cost a match runner: after every move of a game it asks the game for a
 * ruling on the line so far ({@link GamePlugin#rule}), and before every engine move it may ask for
 * the moves that would lose ({@link GamePlugin#bannedMoves}, sent as UCCI {@code banmoves}). The
 * peer, in the same process over the same games, is what the runner does anyway for every move:
 * playing it ({@link Position#play}, the legality check and the new position).
 *
 * <p>Each round replays every game (the peer), then rules every prefix of every game, then asks for
 * the banned moves at every ply; the best round of each counts, as the machine may be shared.
 */
public final class RulingBenchmark {

    /** One game's moves from its start. */
    public record Line(Position start, List<Move> moves) {
        public Line {
            Objects.requireNonNull(start, "start");
            moves = List.copyOf(moves);
        }
    }

    /** One round's times, in nanoseconds over all plies. */
    public record Round(long playNanos, long ruleNanos, long banNanos) {
    }

    /**
     * @param plies       plies ruled per round
     * @param repetitions plies at which a repetition is ruled (a game goes on in its file after one)
     * @param banned      plies at which some move would have lost by repetition
     * @param maxPlies    the longest game
     */
    public record Result(String ruleSet, int games, long plies, int repetitions, int banned, int maxPlies,
                         List<Round> rounds) {

        public Round best() {
            return new Round(rounds.stream().mapToLong(Round::playNanos).min().orElse(0),
                    rounds.stream().mapToLong(Round::ruleNanos).min().orElse(0),
                    rounds.stream().mapToLong(Round::banNanos).min().orElse(0));
        }

        public double microsPerPly(long nanos) {
            return plies == 0 ? 0 : nanos / 1e3 / plies;
        }
    }

    private final GamePlugin game;
    private final List<Line> lines;

    public RulingBenchmark(GamePlugin game, List<Line> lines) {
        this.game = Objects.requireNonNull(game, "game");
        this.lines = List.copyOf(lines);
    }

    /** Runs {@code warmup} uncounted rounds, then {@code runs} counted ones, under {@code ruleSet}. */
    public Result run(String ruleSet, int warmup, int runs) {
        if (!game.ruleSets().isEmpty() && !game.ruleSets().contains(ruleSet)) {
            throw new IllegalArgumentException("unknown rule set " + ruleSet + " for " + game.id());
        }
        List<List<Position>> played = new ArrayList<>(lines.size());
        for (Line l : lines) {
            played.add(play(l));
        }
        int[] counts = count(played, ruleSet);
        List<Round> rounds = new ArrayList<>();
        for (int r = 0; r < warmup + runs; r++) {
            Round round = round(played, ruleSet);
            if (r >= warmup) {
                rounds.add(round);
            }
        }
        long plies = 0;
        int longest = 0;
        for (List<Position> p : played) {
            plies += p.size() - 1;
            longest = Math.max(longest, p.size() - 1);
        }
        return new Result(ruleSet, lines.size(), plies, counts[0], counts[1], longest, rounds);
    }

    private Round round(List<List<Position>> played, String ruleSet) {
        long sink = 0;
        long t0 = System.nanoTime();
        for (Line l : lines) {
            sink += play(l).size();
        }
        long t1 = System.nanoTime();
        for (List<Position> line : played) {
            for (int i = 2; i <= line.size(); i++) {
                if (game.rule(line.subList(0, i), ruleSet).isPresent()) {
                    sink++;
                }
            }
        }
        long t2 = System.nanoTime();
        for (List<Position> line : played) {
            for (int i = 2; i <= line.size(); i++) {
                sink += game.bannedMoves(line.subList(0, i), ruleSet).size();
            }
        }
        long t3 = System.nanoTime();
        if (sink == Long.MIN_VALUE) {
            throw new AssertionError(); // keeps the work from being optimised away
        }
        return new Round(t1 - t0, t2 - t1, t3 - t2);
    }

    /** Repetition rulings and plies with banned moves, counted once outside the timing. */
    private int[] count(List<List<Position>> played, String ruleSet) {
        int repetitions = 0;
        int banned = 0;
        for (List<Position> line : played) {
            for (int i = 2; i <= line.size(); i++) {
                List<Position> prefix = line.subList(0, i);
                if (game.rule(prefix, ruleSet).filter(Ruling::isRepetition).isPresent()) {
                    repetitions++;
                }
                if (!game.bannedMoves(prefix, ruleSet).isEmpty()) {
                    banned++;
                }
            }
        }
        return new int[] {repetitions, banned};
    }

    private static List<Position> play(Line l) {
        List<Position> out = new ArrayList<>(l.moves().size() + 1);
        Position p = l.start();
        out.add(p);
        for (Move m : l.moves()) {
            p = p.play(m);
            out.add(p);
        }
        return out;
    }
}

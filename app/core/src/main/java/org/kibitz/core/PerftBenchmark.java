package org.kibitz.core;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Position;

/**
 * Our perft against other programs' in the same process run, so that both meet the same machine load:
 * a warm-up of ours (one ply less, repeated for about a second, so that the JIT has compiled the hot
 * code as it would be in a long-running program), then {@code runs} rounds in each of which ours runs
 * first and then every peer. Ratios are taken round by round.
 */
public final class PerftBenchmark {

    /** The name under which our own single-threaded perft is reported. */
    public static final String OURS = "kibitz";

    private final PerftService perft;

    public PerftBenchmark(PerftService perft) {
        this.perft = perft;
    }

    /** Hears each measurement as it is made. */
    public interface Listener {
        void measured(int round, String who, PerftService.Result result);
    }

    /** Every measurement by contender, in round order; {@link #OURS} first. */
    public record Report(Map<String, List<PerftService.Result>> results) {

        public Report {
            Map<String, List<PerftService.Result>> copy = new LinkedHashMap<>();
            results.forEach((k, v) -> copy.put(k, List.copyOf(v)));
            results = java.util.Collections.unmodifiableMap(copy);
        }

        /** The fastest run of a contender. */
        public PerftService.Result best(String who) {
            return results.get(who).stream().max(Comparator.comparingLong(PerftService.Result::nps)).orElseThrow();
        }

        /** The slowest run of a contender. */
        public PerftService.Result worst(String who) {
            return results.get(who).stream().min(Comparator.comparingLong(PerftService.Result::nps)).orElseThrow();
        }

        /** Our nps over the peer's, round by round, sorted from best to worst. */
        public List<Double> ratios(String ours, String peer) {
            List<PerftService.Result> a = results.get(ours);
            List<PerftService.Result> b = results.get(peer);
            List<Double> out = new ArrayList<>();
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                out.add((double) a.get(i).nps() / Math.max(1, b.get(i).nps()));
            }
            out.sort(Comparator.reverseOrder());
            return out;
        }

        /** Whether every run of every contender counted the same number of nodes. */
        public boolean countsAgree() {
            return results.values().stream().flatMap(List::stream).mapToLong(PerftService.Result::nodes).distinct().count() <= 1;
        }
    }

    /**
     * Measures.
     *
     * @param threads   when above 1, our perft split over that many threads is measured too, reported
     *                  as {@code kibitz-<threads>-threads}; the single-threaded figure stays the headline
     * @param timeout   how long one peer run may take
     */
    public Report run(GamePlugin game, Position position, int depth, List<PerftPeer> peers, int runs, int threads,
                      Duration timeout, Listener listener) throws IOException {
        Map<String, List<PerftService.Result>> results = new LinkedHashMap<>();
        String parallel = OURS + "-" + threads + "-threads";
        results.put(OURS, new ArrayList<>());
        if (threads > 1) {
            results.put(parallel, new ArrayList<>());
        }
        for (PerftPeer p : peers) {
            results.put(p.name(), new ArrayList<>());
        }
        long warmUntil = System.nanoTime() + 1_000_000_000L;
        for (int i = 0; i < 50 && System.nanoTime() < warmUntil; i++) {
            perft.perft(game, position, Math.max(0, depth - 1));
        }
        String fen = position.fen();
        for (int round = 1; round <= runs; round++) {
            PerftService.Result ours = perft.perft(game, position, depth);
            results.get(OURS).add(ours);
            listener.measured(round, OURS, ours);
            if (threads > 1) {
                PerftService.Result r = perft.perft(game, position, depth, threads);
                results.get(parallel).add(r);
                listener.measured(round, parallel, r);
            }
            for (PerftPeer p : peers) {
                PerftService.Result r = p.perft(fen, depth, timeout);
                results.get(p.name()).add(r);
                listener.measured(round, p.name(), r);
            }
        }
        return new Report(results);
    }
}

package org.kibitz.core;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.protocols.process.ProgramSearch;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.engine.BuiltinEngine;

/**
 * The built-in engine measured as the workbench runs it (its own process, over UCI, through our
 * client), against peer engines in the same run so that all meet the same machine load: the time to
 * reach a depth from the start position in a freshly started engine ("cold": the JIT has compiled
 * nothing yet) and in one that has searched before ("warm", table cleared), the nodes per second over
 * a search of fixed time, and how fast it answers {@code stop} and ends on {@code quit}.
 *
 * <p>Time to depth is not a like-for-like comparison between different searches: the peers' figures
 * are there for scale, on the same machine at the same moment.
 */
public final class EngineBenchmark {

    /** The name our engine is reported under. */
    public static final String OURS = "kibitz";

    private static final Duration SEARCH_TIMEOUT = Duration.ofMinutes(5);

    private final Protocols protocols;
    private final Games games;

    public EngineBenchmark(Protocols protocols, Games games) {
        this.protocols = protocols;
        this.games = games;
    }

    /** A peer: a UCI engine that plays the game (Fairy-Stockfish for xiangqi, Stockfish for chess). */
    public record Peer(String name, Path executable) {
    }

    /** What a measurement is: a search to the depth, cold or warm, or a search for a fixed time (speed). */
    public enum Kind { COLD, WARM, TIMED }

    /**
     * One search.
     *
     * @param who      {@link #OURS} or the peer's name
     * @param kind     to the depth in a fresh engine, to the depth after a first search, or for a fixed time
     * @param wallMs   from sending {@code go} to reading {@code bestmove}
     * @param engineMs the time the engine reported with its deepest line
     * @param nodes    the nodes it reported with its deepest line
     */
    public record Measure(String who, int round, Kind kind, int depth, long wallMs, long engineMs, long nodes) {
        public long nps() {
            return engineMs <= 0 ? 0 : nodes * 1000 / engineMs;
        }
    }

    /** How fast our engine answered: {@code stop} after analysis, and closing (quit and process end). */
    public record Latency(List<Long> stopMs, List<Long> closeMs) {
        public Latency {
            stopMs = List.copyOf(stopMs);
            closeMs = List.copyOf(closeMs);
        }
    }

    public record Report(String gameId, int depth, List<Measure> measures, Latency latency) {
        public Report {
            measures = List.copyOf(measures);
        }

        public List<Measure> of(String who, Kind kind) {
            return measures.stream().filter(m -> m.who().equals(who) && m.kind() == kind).toList();
        }
    }

    /** Hears each measurement as it is made. */
    public interface Listener {
        void measured(Measure m);
    }

    /** The peers installed for a game (PATH, then /usr/games). */
    public static List<Peer> defaultPeers(String gameId) {
        List<Peer> out = new ArrayList<>();
        ProgramSearch search = ProgramSearch.current();
        search.locate("fairy-stockfish").ifPresent(p -> out.add(new Peer("fairy-stockfish", p)));
        if (gameId.equals("chess")) {
            search.locate("stockfish").ifPresent(p -> out.add(new Peer("stockfish", p)));
        }
        return out;
    }

    /**
     * Measures {@code runs} rounds: each starts our engine afresh, searches to the depth cold then warm,
     * then for {@code timed} (speed), measures stops, and closes it; then each peer searches to the
     * depth and for the same time.
     */
    public Report run(String gameId, int depth, Duration timed, int runs, List<Peer> peers, Listener listener)
            throws EngineException {
        GamePlugin game = games.byId(gameId).orElseThrow(() -> new IllegalArgumentException("no game " + gameId));
        ProtocolPlugin uci = protocols.byId("uci").orElseThrow(() -> new IllegalStateException("no UCI protocol plugin"));
        List<Measure> measures = new ArrayList<>();
        List<Long> stops = new ArrayList<>();
        List<Long> closes = new ArrayList<>();
        for (int round = 1; round <= runs; round++) {
            EngineSession s = uci.open(BuiltinEngine.config(), games);
            try {
                s.newGame(gameId);
                for (Kind k : Kind.values()) {
                    s.newGame(gameId);
                    Measure m = search(s, game, k == Kind.TIMED ? SearchLimits.moveTime(timed) : SearchLimits.depth(depth), OURS, round, k);
                    measures.add(m);
                    listener.measured(m);
                }
                for (int i = 0; i < 5; i++) {
                    s.go(SearchLimits.infiniteAnalysis());
                    sleep(150);
                    long t0 = System.nanoTime();
                    await(s.stop());
                    stops.add((System.nanoTime() - t0) / 1_000_000);
                }
            } finally {
                long t0 = System.nanoTime();
                s.close();
                closes.add((System.nanoTime() - t0) / 1_000_000);
            }
            for (Peer p : peers) {
                EngineConfig config = EngineConfig.of(p.name(), List.of(p.executable().toString())).withProtocol("uci");
                try (EngineSession ps = uci.open(config, games)) {
                    for (Kind k : List.of(Kind.WARM, Kind.TIMED)) {
                        ps.newGame(gameId);
                        Measure m = search(ps, game, k == Kind.TIMED ? SearchLimits.moveTime(timed) : SearchLimits.depth(depth),
                                p.name(), round, k);
                        measures.add(m);
                        listener.measured(m);
                    }
                }
            }
        }
        return new Report(gameId, depth, measures, new Latency(stops, closes));
    }

    private static Measure search(EngineSession s, GamePlugin game, SearchLimits limits, String who, int round, Kind kind)
            throws EngineException {
        List<AnalysisUpdate> updates = new CopyOnWriteArrayList<>();
        org.kibitz.api.engine.EngineListener l = e -> {
            if (e instanceof AnalysisUpdate u) {
                updates.add(u);
            }
        };
        s.addListener(l);
        try {
            s.setPosition(game.startPosition(), List.of());
            long t0 = System.nanoTime();
            await(s.go(limits));
            long wall = (System.nanoTime() - t0) / 1_000_000;
            AnalysisUpdate last = null;
            for (AnalysisUpdate u : updates) {
                if (u.depth().isPresent() && u.nodes().isPresent() && (last == null || u.depth().getAsInt() >= last.depth().getAsInt())) {
                    last = u;
                }
            }
            long ms = last == null ? wall : last.time().map(Duration::toMillis).orElse(wall);
            long nodes = last == null ? 0 : last.nodes().getAsLong();
            int reached = last == null ? 0 : last.depth().getAsInt();
            return new Measure(who, round, kind, reached, wall, ms, nodes);
        } finally {
            s.removeListener(l);
        }
    }

    private static BestMove await(CompletableFuture<BestMove> f) throws EngineException {
        try {
            return f.get(SEARCH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof EngineException ee) {
                throw ee;
            }
            throw new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("no best move within " + SEARCH_TIMEOUT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

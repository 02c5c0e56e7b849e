package org.kibitz.core.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineEvent.Direction;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineExit;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.process.LineChannel;
import org.kibitz.protocols.process.LineReceiver;
import org.kibitz.protocols.session.InfoLine;
import org.kibitz.protocols.uci.InfoParser;
import org.kibitz.protocols.uci.UciSession;

/**
 * How fast recorded engine output goes through our reading of it, on one thread: the {@code info}
 * parser alone, the parser with the PV turned into {@link Move}s, and the whole session (every line
 * logged as an event, PVs checked legal move by move, {@link EngineEvent.AnalysisUpdate}s to a
 * listener); and the parser with moves on the lines that carry a PV only, the long ones. The
 * peer, run in the same process on the same lines, is the obvious implementation:
 * {@code split} on whitespace and a map of fields.
 *
 * <p>Recordings are text files: lines starting with {@code "> "} were sent to the engine, the rest
 * is what it wrote; the built-in ones are Stockfish 15.1 and Fairy-Stockfish 11.1 (UCI xiangqi,
 * UCCI) with MultiPV.
 */
public final class ParserBenchmark {

    /** The recordings that ship with Kibitz. */
    public static final List<String> BUILT_IN = List.of(
            "stockfish-15.1-multipv4.txt",
            "fairy-stockfish-11.1-xiangqi-uci-multipv4.txt",
            "fairy-stockfish-11.1-ucci-multipv3.txt");

    /** One recording: its name, dialect and lines. */
    public record Recording(String name, UciSession.Dialect dialect, List<String> lines) {
        public Recording {
            lines = List.copyOf(lines);
        }

        /** The engine's {@code info} lines. */
        public List<String> infoLines() {
            return lines.stream().filter(l -> l.startsWith("info")).toList();
        }
    }

    /**
     * One measurement: how many lines in how much wall time and how much CPU time of the measuring
     * thread. Lines per CPU-second is the steadier figure on a machine shared with other work: time
     * the thread waited for a core is not counted.
     */
    public record Measure(String what, long lines, Duration time, Duration cpu) {
        public double linesPerSecond() {
            return lines / Math.max(1e-9, time.toNanos() / 1e9);
        }

        public double linesPerCpuSecond() {
            return lines / Math.max(1e-9, cpu.toNanos() / 1e9);
        }
    }

    /** Each measure's best round by wall time and by CPU time, and how many info lines the recordings hold. */
    public record Report(List<Measure> best, List<Measure> bestCpu, int infoLines, int rounds, Duration roundTime) {
        public Measure get(String what) {
            return best.stream().filter(m -> m.what().equals(what)).findFirst().orElseThrow();
        }

        public Measure getCpu(String what) {
            return bestCpu.stream().filter(m -> m.what().equals(what)).findFirst().orElseThrow();
        }
    }

    public static final String PARSER = "parser";
    public static final String PARSER_MOVES = "parser+moves";
    public static final String PARSER_PV = "parser-pv-only";
    public static final String SESSION = "session";
    public static final String NAIVE = "naive-split";
    public static final String NAIVE_PV = "naive-split-pv-only";

    private final Games games;
    private final List<Recording> recordings;

    public ParserBenchmark(Games games, List<Recording> recordings) {
        this.games = games;
        this.recordings = List.copyOf(recordings);
    }

    /** The built-in recordings, from the class path. */
    public static List<Recording> builtIn() throws IOException {
        List<Recording> out = new ArrayList<>();
        for (String name : BUILT_IN) {
            try (InputStream in = ParserBenchmark.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IOException("missing recording " + name);
                }
                out.add(recording(name, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            }
        }
        return out;
    }

    /** A recording from a file. */
    public static Recording read(Path file) throws IOException {
        return recording(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
    }

    private static Recording recording(String name, String text) {
        List<String> lines = text.lines().filter(l -> !l.startsWith("#")).toList();
        boolean ucci = lines.stream().anyMatch(l -> l.equals("> ucci"));
        return new Recording(name, ucci ? UciSession.Dialect.UCCI : UciSession.Dialect.UCI, lines);
    }

    public int infoLines() {
        return recordings.stream().mapToInt(r -> r.infoLines().size()).sum();
    }

    /**
     * Runs every measure for {@code rounds} rounds of about {@code roundTime} each, after one warm-up
     * round, and keeps each one's best round (the machine may be shared: the best is the least
     * disturbed).
     */
    public Report run(int rounds, Duration roundTime) throws EngineException {
        List<String> info = new ArrayList<>();
        for (Recording r : recordings) {
            info.addAll(r.infoLines());
        }
        // Most recorded lines are short currmove reports; the lines with a PV are the long ones.
        List<String> pvLines = info.stream().filter(l -> l.contains(" pv ")).toList();
        Map<String, Measure> best = new HashMap<>();
        Map<String, Measure> bestCpu = new HashMap<>();
        for (int round = 0; round <= rounds; round++) {
            List<Measure> ms = List.of(
                    timed(PARSER, roundTime, () -> parse(info, false)),
                    timed(PARSER_MOVES, roundTime, () -> parse(info, true)),
                    timed(PARSER_PV, roundTime, () -> parse(pvLines, true)),
                    timed(SESSION, roundTime, this::session),
                    timed(NAIVE, roundTime, () -> naive(info)),
                    timed(NAIVE_PV, roundTime, () -> naive(pvLines)));
            if (round == 0) {
                continue; // warm-up: the JIT compiles what the rounds measure
            }
            for (Measure m : ms) {
                best.merge(m.what(), m, (a, b) -> a.linesPerSecond() >= b.linesPerSecond() ? a : b);
                bestCpu.merge(m.what(), m, (a, b) -> a.linesPerCpuSecond() >= b.linesPerCpuSecond() ? a : b);
            }
        }
        List<String> order = List.of(PARSER, PARSER_MOVES, PARSER_PV, SESSION, NAIVE, NAIVE_PV);
        return new Report(order.stream().map(best::get).toList(), order.stream().map(bestCpu::get).toList(),
                info.size(), rounds, roundTime);
    }

    @FunctionalInterface
    private interface Pass {
        long run() throws EngineException;
    }

    private static Measure timed(String what, Duration roundTime, Pass pass) throws EngineException {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long lines = 0;
        long c0 = mx.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        long end = t0 + roundTime.toNanos();
        do {
            lines += pass.run();
        } while (System.nanoTime() < end);
        long wall = System.nanoTime() - t0;
        long cpu = mx.getCurrentThreadCpuTime() - c0;
        return new Measure(what, lines, Duration.ofNanos(wall), Duration.ofNanos(cpu > 0 ? cpu : wall));
    }

    /** Blackhole: keeps the JIT from dropping work whose result nobody reads. */
    private long sink;

    /** The parser alone: PVs kept as text, or read straight into moves as the sessions do. */
    private long parse(List<String> lines, boolean moves) {
        InfoParser parser = moves ? new InfoParser(InfoParser.BareScore.UCCI, 0) : new InfoParser(InfoParser.BareScore.UCCI);
        InfoLine out = new InfoLine();
        long h = 0;
        for (String l : lines) {
            parser.parse(l, out);
            h += out.depth + out.nodes + out.pv.size();
            for (Move m : out.pvMoves) {
                h += m.to().rank();
            }
        }
        sink += h;
        return lines.size();
    }

    /** The obvious parser: split on whitespace, fields into a map, numbers parsed, the PV as strings. */
    private long naive(List<String> lines) {
        long h = 0;
        for (String l : lines) {
            String[] t = l.trim().split("\\s+");
            Map<String, Object> f = new HashMap<>();
            for (int i = 1; i < t.length; i++) {
                switch (t[i]) {
                    case "depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull", "tbhits", "currmovenumber" -> {
                        if (i + 1 < t.length) {
                            try {
                                f.put(t[i], Long.parseLong(t[++i]));
                            } catch (NumberFormatException e) {
                                // skip
                            }
                        }
                    }
                    case "score" -> {
                        if (i + 2 < t.length) {
                            f.put("score", t[i + 1] + " " + t[i + 2]);
                            i += 2;
                        }
                    }
                    case "currmove" -> f.put("currmove", i + 1 < t.length ? t[++i] : "");
                    case "pv" -> {
                        f.put("pv", List.of(t).subList(i + 1, t.length));
                        i = t.length;
                    }
                    default -> {
                        // unknown
                    }
                }
            }
            h += f.size();
        }
        sink += h;
        return lines.size();
    }

    /** Every recording through a real session on an in-memory channel; counts the info lines handled. */
    private long session() throws EngineException {
        long n = 0;
        for (Recording r : recordings) {
            n += replay(r);
        }
        return n;
    }

    private long replay(Recording r) throws EngineException {
        MemoryChannel ch = new MemoryChannel();
        EngineConfig config = EngineConfig.of("bench", List.of("bench"));
        UciSession s = new UciSession(r.dialect(), config, games, ch);
        AtomicLong updates = new AtomicLong();
        s.addListener(e -> {
            if (e instanceof EngineEvent.AnalysisUpdate u) {
                updates.addAndGet(u.pv().size() + 1);
            }
        });
        s.startHandshake();
        long infos = 0;
        CompletableFuture<EngineEvent.BestMove> search = null;
        GamePlugin game = null;
        int rankBase = 0;
        for (String line : r.lines()) {
            if (line.startsWith("> ")) {
                String cmd = line.substring(2);
                if (cmd.startsWith("position ")) {
                    if (game == null) {
                        game = gameOf(r);
                        s.newGame(game.id());
                        rankBase = s.info().conventions().rankBase().orElse(game.coordinateRankBase());
                    }
                    Position[] start = new Position[1];
                    List<Move> moves = positionOf(cmd, game, rankBase, start);
                    s.setPosition(start[0], moves);
                } else if (cmd.startsWith("go")) {
                    search = s.go(SearchLimits.infiniteAnalysis());
                }
                continue;
            }
            if (line.startsWith("info")) {
                infos++;
            }
            ch.deliver(line);
        }
        try {
            if (search == null || s.state() != org.kibitz.api.engine.SessionState.IDLE) {
                throw new IllegalStateException("the recording " + r.name() + " does not end its search");
            }
            search.get(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the recording " + r.name() + " does not end its search", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        s.abort();
        sink += updates.get();
        return infos;
    }

    private GamePlugin gameOf(Recording r) {
        String id = r.dialect() == UciSession.Dialect.UCCI || r.lines().stream().anyMatch(l -> l.contains("UCI_Variant value xiangqi"))
                ? "xiangqi" : "chess";
        return games.byId(id).orElseThrow(() -> new IllegalStateException("no game " + id + " installed"));
    }

    private static List<Move> positionOf(String cmd, GamePlugin game, int rankBase, Position[] start) {
        String[] t = cmd.split("\\s+");
        int i = 1;
        Position p;
        if (t[i].equals("startpos")) {
            p = game.startPosition();
            i++;
        } else {
            StringBuilder fen = new StringBuilder();
            i++;
            while (i < t.length && !t[i].equals("moves")) {
                fen.append(fen.isEmpty() ? "" : " ").append(t[i++]);
            }
            try {
                p = game.parseFen(fen.toString());
            } catch (FenException e) {
                throw new IllegalStateException(e);
            }
        }
        start[0] = p;
        List<Move> moves = new ArrayList<>();
        if (i < t.length && t[i].equals("moves")) {
            for (i++; i < t.length; i++) {
                moves.add(Move.parseCoordinates(t[i], rankBase));
            }
        }
        return moves;
    }

    /** A channel that takes what the session sends and hands it lines on the caller's thread. */
    private static final class MemoryChannel implements LineChannel {
        private LineReceiver receiver;
        private final CompletableFuture<EngineExit> exit = new CompletableFuture<>();

        void deliver(String line) {
            receiver.onLine(Direction.FROM_ENGINE, line, Instant.EPOCH);
        }

        @Override
        public void start(LineReceiver r) {
            receiver = r;
        }

        @Override
        public void send(String line) {
            // The recording holds the engine's answers, except to isready, which the session
            // waits for and a recording may not have at that point.
            if (line.equals("isready")) {
                deliver("readyok");
            }
        }

        @Override
        public void expectExit() {
        }

        @Override
        public void terminate(Duration grace) {
            if (!exit.isDone()) {
                EngineExit e = new EngineExit(java.util.OptionalInt.of(0), true, List.of());
                receiver.onEnd(e);
                exit.complete(e);
            }
        }

        @Override
        public CompletableFuture<EngineExit> exit() {
            return exit;
        }

        @Override
        public String describe() {
            return "recording";
        }
    }
}

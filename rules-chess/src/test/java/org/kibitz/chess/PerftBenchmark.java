package org.kibitz.chess;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.kibitz.api.game.Position;

/**
 * Perft speed against the engines installed here, in one run so that they share the machine's
 * load: our {@link ChessPlugin#perft} from a FEN, then {@code go perft N} in Fairy-Stockfish and
 * Stockfish (timed from the command to their {@code Nodes searched} line, so their start-up does
 * not count), interleaved, repeated. Single-threaded on every side. Besides wall-clock nodes per
 * second it reports nodes per CPU-second (our thread's CPU time; the engine process's), which a
 * machine shared with other work disturbs much less.
 *
 * <p>Not a test: run it with the test class path, e.g.
 * {@code java -cp rules-chess/target/classes:rules-chess/target/test-classes:plugins/api/target/classes
 * org.kibitz.chess.PerftBenchmark 6 5 [fen]} (depth, rounds, FEN).
 */
public final class PerftBenchmark {

    private PerftBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int depth = args.length > 0 ? Integer.parseInt(args[0]) : 6;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        String fen = args.length > 2 ? args[2] : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        ChessPlugin chess = new ChessPlugin();
        Position p = chess.parseFen(fen);
        // Warm the JIT on a smaller tree first, as a long-running workbench would be.
        for (int i = 0; i < 3; i++) {
            chess.perft(p, Math.max(1, depth - 1));
        }
        List<String> engines = new ArrayList<>();
        for (String e : List.of("fairy-stockfish", "stockfish")) {
            if (UciEngine.find(e).isPresent()) {
                engines.add(e);
            }
        }
        List<List<Double>> nps = new ArrayList<>();
        List<List<Double>> cpuNps = new ArrayList<>();
        for (int i = 0; i <= engines.size(); i++) {
            nps.add(new ArrayList<>());
            cpuNps.add(new ArrayList<>());
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long nodes = 0;
        for (int r = 0; r < rounds; r++) {
            long c = threads.getCurrentThreadCpuTime();
            long t = System.nanoTime();
            nodes = chess.perft(p, depth);
            double secs = (System.nanoTime() - t) / 1e9;
            nps.get(0).add(nodes / secs);
            cpuNps.get(0).add(nodes / ((threads.getCurrentThreadCpuTime() - c) / 1e9));
            for (int i = 0; i < engines.size(); i++) {
                long[] result = enginePerft(UciEngine.find(engines.get(i)).orElseThrow(), fen, depth);
                if (result[0] != nodes) {
                    throw new IllegalStateException(engines.get(i) + " counted " + result[0] + ", we counted " + nodes);
                }
                nps.get(i + 1).add(result[0] / (result[1] / 1e9));
                cpuNps.get(i + 1).add(result[0] / (result[2] / 1e9));
            }
        }
        System.out.printf(Locale.ROOT, "perft %d of %s: %d nodes, %d rounds%n", depth, fen, nodes, rounds);
        for (int k = 0; k < 2; k++) {
            List<List<Double>> v = k == 0 ? nps : cpuNps;
            System.out.println(k == 0 ? "wall clock:" : "CPU time:");
            print("kibitz", v.get(0));
            for (int i = 0; i < engines.size(); i++) {
                print(engines.get(i), v.get(i + 1));
            }
            for (int i = 0; i < engines.size(); i++) {
                System.out.printf(Locale.ROOT, "  ratio kibitz/%s: best %.2f, median %.2f%n", engines.get(i),
                        Collections.max(v.get(0)) / Collections.max(v.get(i + 1)), median(v.get(0)) / median(v.get(i + 1)));
            }
        }
    }

    private static void print(String who, List<Double> nps) {
        System.out.printf(Locale.ROOT, "  %-16s best %6.1f M nps, median %6.1f, worst %6.1f, runs %s%n", who,
                Collections.max(nps) / 1e6, median(nps) / 1e6, Collections.min(nps) / 1e6,
                nps.stream().map(v -> String.format(Locale.ROOT, "%.1f", v / 1e6)).toList());
    }

    private static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        Collections.sort(s);
        return s.size() % 2 == 1 ? s.get(s.size() / 2) : (s.get(s.size() / 2 - 1) + s.get(s.size() / 2)) / 2;
    }

    private static long cpuNanos(Process proc) {
        return proc.info().totalCpuDuration().map(Duration::toNanos).orElseThrow();
    }

    /** Nodes, wall nanoseconds and CPU nanoseconds of {@code go perft} in a fresh engine process, timed from the command to the total. */
    private static long[] enginePerft(Path exe, String fen, int depth) throws IOException, InterruptedException {
        Process proc = new ProcessBuilder(exe.toString()).redirectErrorStream(true).start();
        try (Writer in = new OutputStreamWriter(proc.getOutputStream(), StandardCharsets.UTF_8);
             BufferedReader out = new BufferedReader(new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8))) {
            in.write("uci\nposition fen " + fen + "\nisready\n");
            in.flush();
            String line;
            while ((line = out.readLine()) != null && !line.equals("readyok")) {
                // start-up chatter
            }
            long cpu = cpuNanos(proc);
            long t = System.nanoTime();
            in.write("go perft " + depth + "\n");
            in.flush();
            long nodes = -1;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("Nodes searched")) {
                    nodes = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                    break;
                }
            }
            long ns = System.nanoTime() - t;
            long cpuNs = cpuNanos(proc) - cpu;
            in.write("quit\n");
            in.flush();
            return new long[]{nodes, ns, cpuNs};
        } finally {
            if (!proc.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                proc.destroyForcibly();
            }
        }
    }
}

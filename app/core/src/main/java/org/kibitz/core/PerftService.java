package org.kibitz.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.i18n.Text;

/**
 * Perft for any game, through {@link GamePlugin#perft} and {@link GamePlugin#divide}: timed counts, an
 * optional split of the root moves over threads, and the check of a perft EPD file
 * ({@code FEN ;D1 n ;D2 n ...}) at every depth it gives.
 */
public final class PerftService {

    /** A perft count and how long it took. */
    public record Result(long nodes, long nanos) {

        public long millis() {
            return nanos / 1_000_000;
        }

        /** Nodes per second; the count itself when it took no measurable time. */
        public long nps() {
            return nanos <= 0 ? nodes : (long) (nodes * 1e9 / nanos);
        }

        /** The machine-readable summary line: {@code nodes <count> time_ms <ms> nps <nodes per second>}. */
        public String line() {
            return "nodes " + nodes + " time_ms " + millis() + " nps " + nps();
        }
    }

    /** A count in an EPD that our perft does not reproduce. */
    public record Mismatch(int line, String fen, int depth, long expected, long actual) {
    }

    /** An EPD line that could not be checked, and why. */
    public record Problem(int line, String content, Text reason) {
    }

    /** What the check of an EPD file found. */
    public record EpdReport(int positions, int counts, Result total, List<Mismatch> mismatches, List<Problem> problems) {

        public EpdReport {
            mismatches = List.copyOf(mismatches);
            problems = List.copyOf(problems);
        }

        public boolean passed() {
            return mismatches.isEmpty() && problems.isEmpty();
        }
    }

    /** Hears about an EPD check as it goes, for output that does not wait for the end. */
    public interface EpdListener {
        default void checked(int line, int depth, long nodes) {
        }

        default void mismatch(Mismatch mismatch) {
        }

        default void problem(Problem problem) {
        }
    }

    /** Single-threaded perft, timed. */
    public Result perft(GamePlugin game, Position position, int depth) {
        long t0 = System.nanoTime();
        long nodes = game.perft(position, depth);
        return new Result(nodes, System.nanoTime() - t0);
    }

    /**
     * Perft with the root moves shared out over {@code threads} threads (each subtree counted by the
     * game's own single-threaded perft); {@code threads <= 1} is {@link #perft(GamePlugin, Position, int)}.
     */
    public Result perft(GamePlugin game, Position position, int depth, int threads) {
        if (threads <= 1 || depth < 2) {
            return perft(game, position, depth);
        }
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Long>> parts = new ArrayList<>();
            for (Move m : position.legalMoves()) {
                Position next = position.play(m);
                parts.add(pool.submit(() -> game.perft(next, depth - 1)));
            }
            long nodes = 0;
            for (Future<Long> f : parts) {
                nodes += f.get();
            }
            return new Result(nodes, System.nanoTime() - t0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("perft interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("perft failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Perft by root move, in the game's generation order. */
    public Map<Move, Long> divide(GamePlugin game, Position position, int depth) {
        return new LinkedHashMap<>(game.divide(position, depth));
    }

    /**
     * Checks every line of a perft EPD at every depth it gives (up to {@code maxDepth}, 0 for no cap).
     * Blank lines and lines starting with {@code #} are skipped; other opcodes than {@code D<n>} are
     * ignored.
     */
    public EpdReport checkEpd(GamePlugin game, Path file, int maxDepth, EpdListener listener) throws IOException {
        int positions = 0;
        int counts = 0;
        long nodes = 0;
        List<Mismatch> mismatches = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        long t0 = System.nanoTime();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int lineNo = 0;
            for (String raw; (raw = in.readLine()) != null; ) {
                lineNo++;
                String line = raw.strip();
                if (lineNo == 1 && line.startsWith("\uFEFF")) {
                    line = line.substring(1).strip();
                }
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split(";");
                String fen = parts[0].strip();
                Position position;
                try {
                    position = game.parseFen(fen);
                } catch (FenException e) {
                    Problem p = new Problem(lineNo, line, e.text());
                    problems.add(p);
                    listener.problem(p);
                    continue;
                }
                List<long[]> wanted = new ArrayList<>();
                Problem bad = null;
                for (int i = 1; i < parts.length; i++) {
                    String op = parts[i].strip();
                    if (op.isEmpty() || !(op.charAt(0) == 'D' || op.charAt(0) == 'd') || op.length() < 2 || !Character.isDigit(op.charAt(1))) {
                        continue; // another opcode (id, bm...): not ours to check
                    }
                    String[] dn = op.substring(1).split("\\s+");
                    try {
                        if (dn.length != 2) {
                            throw new NumberFormatException(op);
                        }
                        wanted.add(new long[] {Integer.parseInt(dn[0]), Long.parseLong(dn[1])});
                    } catch (NumberFormatException e) {
                        bad = new Problem(lineNo, line, Text.of(PerftService.class, "epd.badCount", op));
                        break;
                    }
                }
                if (bad == null && wanted.isEmpty()) {
                    bad = new Problem(lineNo, line, Text.of(PerftService.class, "epd.noCounts"));
                }
                if (bad != null) {
                    problems.add(bad);
                    listener.problem(bad);
                    continue;
                }
                positions++;
                for (long[] w : wanted) {
                    int depth = (int) w[0];
                    if (maxDepth > 0 && depth > maxDepth) {
                        continue;
                    }
                    long got = game.perft(position, depth);
                    counts++;
                    nodes += got;
                    listener.checked(lineNo, depth, got);
                    if (got != w[1]) {
                        Mismatch m = new Mismatch(lineNo, fen, depth, w[1], got);
                        mismatches.add(m);
                        listener.mismatch(m);
                    }
                }
            }
        }
        return new EpdReport(positions, counts, new Result(nodes, System.nanoTime() - t0), mismatches, problems);
    }
}

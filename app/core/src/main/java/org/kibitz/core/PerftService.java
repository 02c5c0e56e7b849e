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
import org.kibitz.core.jobs.Job;
import org.kibitz.core.jobs.JobContext;
import org.kibitz.core.jobs.JobJournal;
import org.kibitz.core.jobs.JobObserver;
import org.kibitz.core.jobs.JobOptions;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;

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

    /** A position of a perft EPD and the counts it claims, up to the depth cap. */
    public record EpdPosition(int line, String fen, Position position, List<Count> wanted) {

        public EpdPosition {
            wanted = List.copyOf(wanted);
        }
    }

    /** A count an EPD line claims: {@code ;D<depth> <expected>}. */
    public record Count(int depth, long expected) {
    }

    /** What counting one EPD line gave: the node count at each depth it claims, and how long it took. */
    public record Counted(int line, List<Long> counts, long nanos) {

        public Counted {
            counts = List.copyOf(counts);
        }
    }

    /** A perft EPD file as read: the positions to check and the lines that cannot be checked. */
    public record EpdFile(GamePlugin game, Path file, int maxDepth, List<EpdPosition> positions, List<Problem> problems) {

        public EpdFile {
            positions = List.copyOf(positions);
            problems = List.copyOf(problems);
        }
    }

    /**
     * Reads a perft EPD, keeping the counts up to {@code maxDepth} (0 for no cap). Blank lines and lines
     * starting with {@code #} are skipped; other opcodes than {@code D<n>} are ignored.
     */
    public EpdFile readEpd(GamePlugin game, Path file, int maxDepth) throws IOException {
        List<EpdPosition> positions = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
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
                    problems.add(new Problem(lineNo, line, e.text()));
                    continue;
                }
                List<Count> wanted = new ArrayList<>();
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
                        wanted.add(new Count(Integer.parseInt(dn[0]), Long.parseLong(dn[1])));
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
                    continue;
                }
                wanted.removeIf(w -> maxDepth > 0 && w.depth() > maxDepth);
                positions.add(new EpdPosition(lineNo, fen, position, wanted));
            }
        }
        return new EpdFile(game, file, maxDepth, positions, problems);
    }

    /**
     * The check of {@code epd} as a job of one item a line, so that it shows progress, can be cancelled
     * and resumed from a journal. Its parameters tie a journal to the game, the depth cap and the
     * file's content.
     */
    public Job<EpdPosition, Counted> epdJob(EpdFile epd) throws IOException {
        String digest = JobJournal.digest(epd.file());
        return new Job<>() {
            @Override
            public String kind() {
                return "perft-epd";
            }

            @Override
            public String name() {
                Path name = epd.file().getFileName();
                return "perft " + (name == null ? epd.file() : name);
            }

            @Override
            public Map<String, String> parameters() {
                return Map.of("game", epd.game().id(), "maxDepth", String.valueOf(epd.maxDepth()), "epdSha256", digest);
            }

            @Override
            public List<EpdPosition> items() {
                return epd.positions();
            }

            @Override
            public String id(EpdPosition item) {
                return "line-" + item.line();
            }

            @Override
            public Counted run(EpdPosition item, JobContext context) {
                long t0 = System.nanoTime();
                List<Long> counts = new ArrayList<>();
                for (Count w : item.wanted()) {
                    context.checkCancelled();
                    counts.add(epd.game().perft(item.position(), w.depth()));
                }
                return new Counted(item.line(), counts, System.nanoTime() - t0);
            }

            @Override
            public Class<Counted> resultType() {
                return Counted.class;
            }
        };
    }

    /** The mismatches of one counted line, in depth order. */
    public List<Mismatch> mismatches(EpdPosition position, Counted counted) {
        List<Mismatch> found = new ArrayList<>();
        for (int i = 0; i < position.wanted().size(); i++) {
            Count w = position.wanted().get(i);
            long got = counted.counts().get(i);
            if (got != w.expected()) {
                found.add(new Mismatch(position.line(), position.fen(), w.depth(), w.expected(), got));
            }
        }
        return found;
    }

    /**
     * What the check found, from the job's results (of this run and of the journal). The time is the
     * sum of the lines' counting times, so a resumed check reports the same figure as one run through.
     */
    public EpdReport report(EpdFile epd, JobResult<Counted> result) {
        int counts = 0;
        long nodes = 0;
        long nanos = 0;
        int positions = 0;
        List<Mismatch> mismatches = new ArrayList<>();
        for (EpdPosition p : epd.positions()) {
            Counted c = result.results().get("line-" + p.line());
            if (c == null) {
                continue;
            }
            positions++;
            counts += c.counts().size();
            nodes += c.counts().stream().mapToLong(Long::longValue).sum();
            nanos += c.nanos();
            mismatches.addAll(mismatches(p, c));
        }
        return new EpdReport(positions, counts, new Result(nodes, nanos), mismatches, epd.problems());
    }

    /**
     * Checks every line of a perft EPD at every depth it gives (up to {@code maxDepth}, 0 for no cap),
     * on this thread: {@link #readEpd}, {@link #epdJob} on a same-thread runner, {@link #report}.
     */
    public EpdReport checkEpd(GamePlugin game, Path file, int maxDepth, EpdListener listener) throws IOException {
        EpdFile epd = readEpd(game, file, maxDepth);
        epd.problems().forEach(listener::problem);
        JobResult<Counted> result;
        try (JobRunner runner = JobRunner.sameThread()) {
            result = runner.submit(epdJob(epd), JobOptions.DEFAULT, new JobObserver<>() {
                @Override
                public void itemDone(EpdPosition item, Counted counted, boolean fromJournal) {
                    for (int i = 0; i < item.wanted().size(); i++) {
                        listener.checked(item.line(), item.wanted().get(i).depth(), counted.counts().get(i));
                    }
                    mismatches(item, counted).forEach(listener::mismatch);
                }
            }).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("perft EPD check interrupted");
        }
        if (result.error().isPresent()) {
            throw new IllegalStateException("perft EPD check failed", result.error().get());
        }
        return report(epd, result);
    }
}

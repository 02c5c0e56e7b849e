package org.kibitz.core.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Wdl;
import org.kibitz.api.game.Move;

/**
 * How fast the analysis store writes and reads, on a fresh file in a temporary folder: lines put
 * as the workbench puts them (queued, committed in batches by the writer thread) until all are
 * committed, then lookups of random stored positions on one thread.
 */
public final class StoreBenchmark {

    /**
     * What was measured.
     *
     * @param rows             lines written
     * @param insertSeconds    from the first put until the last batch was committed
     * @param lookups          lookups made
     * @param lookupSeconds    time of those lookups
     * @param linesFound       lines the lookups returned (a check that they found something)
     * @param fileBytes        the database's size afterwards (with its WAL)
     */
    public record Report(int rows, double insertSeconds, double insertCpuSeconds, int lookups, double lookupSeconds,
                         double lookupCpuSeconds, long linesFound, long fileBytes) {
        public double insertsPerSecond() {
            return rows / insertSeconds;
        }

        public double lookupsPerSecond() {
            return lookups / lookupSeconds;
        }

        /** Inserts per second of the process's CPU time (writer, caller and collector): what one free core would do. */
        public double insertsPerCpuSecond() {
            return rows / insertCpuSeconds;
        }

        public double lookupsPerCpuSecond() {
            return lookups / lookupCpuSeconds;
        }
    }

    private StoreBenchmark() {
    }

    /** Writes {@code rows} lines over {@code rows / 2} positions (two ranks each), then makes {@code lookups} lookups. */
    public static Report run(int rows, int lookups, long seed) throws IOException {
        Path dir = Files.createTempDirectory("kibitz-bench-store");
        Path file = dir.resolve(AnalysisStore.FILE_NAME);
        try {
            SplittableRandom random = new SplittableRandom(seed);
            int positions = Math.max(1, rows / 2);
            List<PositionKey> keys = new ArrayList<>(positions);
            for (int i = 0; i < positions; i++) {
                keys.add(randomKey(random));
            }
            List<Move> pv = new ArrayList<>();
            for (String m : "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5".split(" ")) {
                pv.add(Move.parseCoordinates(m, 1));
            }
            EngineFingerprint sf = new EngineFingerprint("Stockfish 17.1", "", EngineFingerprint.LimitKind.INFINITE, 0);
            Instant now = Instant.now();
            Report partial;
            try (AnalysisStore store = AnalysisStore.open(file, id -> "chess".equals(id) ? 1 : 0)) {
                long c0 = cpu();
                long t0 = System.nanoTime();
                for (int i = 0; i < rows; i++) {
                    PositionKey k = keys.get(i % positions);
                    int rank = i / positions + 1;
                    store.put(new StoredLine(k, sf, "Stockfish", rank, 20 + random.nextInt(20), OptionalInt.of(40),
                            Score.centipawns(random.nextInt(600) - 300), Optional.of(new Wdl(300, 500, 200)),
                            random.nextLong(1_000_000_000L), random.nextInt(100_000), pv, now));
                }
                store.flush();
                double insert = (System.nanoTime() - t0) / 1e9;
                double insertCpu = (cpu() - c0) / 1e9;
                // Warm the reader (statement prepared, pages cached) as a long session would be.
                for (int i = 0; i < Math.min(1000, lookups); i++) {
                    store.lines(keys.get(random.nextInt(positions)));
                }
                long found = 0;
                long c1 = cpu();
                long t1 = System.nanoTime();
                for (int i = 0; i < lookups; i++) {
                    found += store.lines(keys.get(random.nextInt(positions))).size();
                }
                double lookup = (System.nanoTime() - t1) / 1e9;
                double lookupCpu = (cpu() - c1) / 1e9;
                partial = new Report(rows, insert, insertCpu, lookups, lookup, lookupCpu, found, 0);
            }
            long bytes = 0;
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    bytes += Files.size(p);
                }
            }
            return new Report(partial.rows(), partial.insertSeconds(), partial.insertCpuSeconds(), partial.lookups(),
                    partial.lookupSeconds(), partial.lookupCpuSeconds(), partial.linesFound(), bytes);
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    /** The process's CPU time so far, in nanoseconds. */
    private static long cpu() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return System.nanoTime();
    }

    /** A chess-like FEN without counters: the store does not look inside, but the sizes are real. */
    private static PositionKey randomKey(SplittableRandom r) {
        String pieces = "pppppppnnbbrrqkPPPPPPPNNBBRRQK";
        StringBuilder b = new StringBuilder(70);
        for (int rank = 0; rank < 8; rank++) {
            int empty = 0;
            for (int f = 0; f < 8; f++) {
                if (r.nextInt(3) == 0) {
                    if (empty > 0) {
                        b.append(empty);
                        empty = 0;
                    }
                    b.append(pieces.charAt(r.nextInt(pieces.length())));
                } else {
                    empty++;
                }
            }
            if (empty > 0) {
                b.append(empty);
            }
            if (rank < 7) {
                b.append('/');
            }
        }
        b.append(r.nextBoolean() ? " w" : " b").append(" KQkq -");
        return new PositionKey("chess", b.toString(), r.nextLong());
    }
}

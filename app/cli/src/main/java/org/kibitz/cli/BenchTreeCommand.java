package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.Games;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.Formats;
import org.kibitz.core.tree.OpeningTree;
import org.kibitz.core.tree.TreeImporter;
import org.kibitz.protocols.process.ProgramSearch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz bench tree}: importing a chess file (Capablanca.pgn repeated, as {@code bench list
 * --repeat} builds it) and a xiangqi file into a fresh opening database, against {@code pgn-extract}
 * reading the same file in the same run; then query latency for the start position and a deep one;
 * then the database's size against the file's.
 */
@Command(name = "tree", resourceBundle = "org.kibitz.cli.bench", sortOptions = false)
final class BenchTreeCommand implements Callable<Integer> {

    private final Games games;
    private final Formats formats;

    @Spec
    CommandSpec spec;

    @Option(names = "--chess", paramLabel = "FILE", descriptionKey = "tree.chess")
    Path chess;

    @Option(names = "--chess-repeat", paramLabel = "N", defaultValue = "40", descriptionKey = "tree.chessRepeat")
    int chessRepeat;

    @Option(names = "--xiangqi", paramLabel = "FILE", descriptionKey = "tree.xiangqi")
    Path xiangqi;

    @Option(names = "--xiangqi-repeat", paramLabel = "N", defaultValue = "1", descriptionKey = "tree.xiangqiRepeat")
    int xiangqiRepeat;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", descriptionKey = "tree.runs")
    int runs;

    @Option(names = "--queries", paramLabel = "N", defaultValue = "20000", descriptionKey = "tree.queries")
    int queries;

    @Option(names = "--pgn-extract", paramLabel = "PROGRAM", descriptionKey = "tree.pgnExtract")
    Path pgnExtract;

    @Option(names = "--copies", paramLabel = "distinct|identical", defaultValue = "distinct", descriptionKey = "tree.copies")
    String copies;

    @Option(names = "--scale", paramLabel = "N", defaultValue = "10", descriptionKey = "tree.scale")
    int scale;

    @Option(names = "--scid", paramLabel = "PROGRAM", descriptionKey = "tree.scid")
    Path scidProgram;

    @Option(names = "--no-scid", descriptionKey = "tree.noScid")
    boolean noScid;

    @Option(names = "--scid-queries", paramLabel = "N", defaultValue = "50", descriptionKey = "tree.scidQueries")
    int scidQueries;

    private Optional<ScidPeer> scid = Optional.empty();

    @Inject
    BenchTreeCommand(Games games, Formats formats) {
        this.games = games;
        this.formats = formats;
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || queries < 1 || chessRepeat < 1 || xiangqiRepeat < 1 || scale < 0 || scidQueries < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--runs, --queries, --scid-queries and repeats must be 1 or more, --scale 0 or more");
        }
        if (!copies.equals("distinct") && !copies.equals("identical")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--copies is distinct or identical, not " + copies);
        }
        if (chess == null) {
            chess = BenchData.file("chess/pgn/Capablanca.pgn");
        }
        if (xiangqi == null) {
            xiangqi = BenchData.file("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        }
        PrintWriter out = spec.commandLine().getOut();
        Optional<Path> extract = pgnExtract != null ? Optional.of(pgnExtract) : ProgramSearch.current().locate("pgn-extract");
        if (extract.isEmpty()) {
            out.println("pgn-extract: not found (looked on PATH and in /usr/games); imports are timed alone");
        }
        if (!noScid) {
            StringBuilder why = new StringBuilder();
            scid = ScidPeer.find(scidProgram, why);
            if (scid.isEmpty()) {
                out.println("scid: " + why + "; chess imports are not compared with Scid");
            }
        }
        out.println("cores " + Runtime.getRuntime().availableProcessors() + ", max heap "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB, copies " + copies
                + (copies.equals("distinct") ? " (each copy's Round tags changed, so no game is a duplicate)"
                : " (the same games again: the duplicate check's path)"));
        bench(out, chess, chessRepeat, "chess", extract);
        bench(out, xiangqi, xiangqiRepeat, "xiangqi", extract);
        if (scale > 1) {
            scaled(out, chess, chessRepeat * scale, "chess");
        }
        out.flush();
        return 0;
    }

    private void bench(PrintWriter out, Path source, int repeat, String game, Optional<Path> extract) throws Exception {
        if (!Files.isReadable(source)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "cannot read " + source);
        }
        Path dir = Files.createTempDirectory("kibitz-bench-tree");
        try {
            Path input = repeat == 1 ? source : repeated(source, repeat, dir, copies.equals("distinct"));
            Optional<ScidPeer> peer = game.equals("chess") ? scid : Optional.empty();
            double[] scidMs = new double[runs];
            double[] scidCpu = new double[runs];
            double[] ourCpu = new double[runs];
            double[] ours = new double[runs];
            double[] theirs = new double[runs];
            TreeImporter.Summary summary = null;
            long dbBytes = 0;
            Path keptDb = dir.resolve("tree-kept.sqlite");
            // A warm-up import: the JIT compiles the reader and the importer before the timed rounds.
            importOnce(input, dir.resolve("warmup.sqlite"), game);
            for (int r = 0; r < runs; r++) {
                double theirMs = extract.isPresent() ? pgnExtract(extract.get(), input) : Double.NaN;
                Path db = r == runs - 1 ? keptDb : dir.resolve("tree-" + r + ".sqlite");
                long c0 = processCpuNanos();
                long t0 = System.nanoTime();
                summary = importOnce(input, db, game);
                double ourMs = (System.nanoTime() - t0) / 1e6;
                ourCpu[r] = (processCpuNanos() - c0) / 1e6;
                dbBytes = Files.size(db);
                if (r < runs - 1) {
                    deleteDb(db);
                }
                ours[r] = ourMs;
                theirs[r] = theirMs;
                ScidPeer.Result sr = peer.isPresent() ? peer.get().run(input, dir, Map.of(), 1) : null;
                scidMs[r] = sr != null ? sr.importMs() : Double.NaN;
                scidCpu[r] = sr != null ? sr.cpuMs() : Double.NaN;
                out.println(String.format(Locale.ROOT, "%s round %d: import %.0f ms (%.0f games/s, CPU %.0f ms), pgn-extract %.0f ms, ratio %.2f%s",
                        game, r + 1, ourMs, summary.read() / (ourMs / 1000), ourCpu[r], theirMs, ourMs / theirMs,
                        sr != null ? String.format(Locale.ROOT, "; scid import %.0f ms (process CPU %.0f ms), ratio %.2f, CPU ratio %.2f",
                                scidMs[r], scidCpu[r], ourMs / scidMs[r], ourCpu[r] / scidCpu[r]) : ""));
                out.flush();
            }
            double best = Arrays.stream(ours).min().orElseThrow();
            double bestTheirs = Arrays.stream(theirs).min().orElse(Double.NaN);
            out.println(String.format(Locale.ROOT,
                    "%s import: %s (%,d bytes, %d games read: %d added, %d duplicates, %d broken; %,d plies): best %.0f ms = %.0f games/s;"
                            + " pgn-extract best %.0f ms; ratio %.2f (goal <= 2)",
                    game, input.getFileName(), Files.size(input), summary.read(), summary.games(), summary.duplicates(),
                    summary.broken(), summary.plies(), best, summary.read() / (best / 1000), bestTheirs, best / bestTheirs));
            if (peer.isPresent()) {
                double bestScid = Arrays.stream(scidMs).min().orElseThrow();
                out.println(String.format(Locale.ROOT,
                        "%s import against scid (a new Scid database of the same file, timed inside tkscid): best %.0f ms = %.0f games/s;"
                                + " ours/scid %.2f (goal < 1); median of the rounds' ratios %.2f, of their CPU ratios %.2f"
                                + " (our process's CPU, JIT and GC included, against tkscid's whole process)",
                        game, bestScid, summary.read() / (bestScid / 1000), best / bestScid, medianRatio(ours, scidMs),
                        medianRatio(ourCpu, scidCpu)));
            }
            out.println(String.format(Locale.ROOT, "%s size: database %,d bytes, file %,d bytes (%.2fx), one copy %,d bytes (%.2fx)",
                    game, dbBytes, Files.size(input), (double) dbBytes / Files.size(input), Files.size(source),
                    (double) dbBytes / Files.size(source)));
            latency(out, keptDb, input, game);
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    private TreeImporter.Summary importOnce(Path input, Path db, String game) throws IOException {
        try (OpeningTree tree = OpeningTree.open(db)) {
            TreeImporter.Summary s = new TreeImporter(games, formats).run(tree, List.of(input),
                    new TreeImporter.Options(Optional.of(game), 0), new TreeImporter.Listener() {
                    });
            tree.checkpoint();
            return s;
        }
    }

    private static void deleteDb(Path db) throws IOException {
        for (String suffix : new String[]{"", "-wal", "-shm"}) {
            Files.deleteIfExists(db.resolveSibling(db.getFileName() + suffix));
        }
    }

    /** The position {@code ply} plies into the first game that long: its key, FEN and the SAN moves to it. */
    private record Deep(long hash, String fen, List<String> san) {
    }

    /** Query latency on a fresh connection: the start position and the position 20 plies into the first game. */
    private Deep latency(PrintWriter out, Path db, Path input, String game) throws IOException {
        var plugin = games.byId(game).orElseThrow();
        long start = plugin.startPosition().hash();
        Deep deep = deepPosition(input, game, 20);
        try (OpeningTree tree = OpeningTree.open(db)) {
            for (long[] target : new long[][]{{start, 0}, {deep.hash(), 20}}) {
                long h = target[0];
                int moves = tree.moves(h).size();
                for (int i = 0; i < Math.min(2000, queries); i++) {
                    tree.moves(h); // warm-up
                }
                long[] ns = new long[queries];
                for (int i = 0; i < queries; i++) {
                    long t0 = System.nanoTime();
                    tree.moves(h);
                    ns[i] = System.nanoTime() - t0;
                }
                Arrays.sort(ns);
                out.println(String.format(Locale.ROOT,
                        "%s query %s (%d moves): p50 %.3f ms, p99 %.3f ms, max %.3f ms over %d queries (goal p99 < 5 ms)",
                        game, target[1] == 0 ? "start position" : "ply " + target[1] + " of game 1", moves,
                        ns[queries / 2] / 1e6, ns[percentile99(queries)] / 1e6, ns[queries - 1] / 1e6, queries));
            }
        }
        out.flush();
        return deep;
    }

    /** This process's CPU time (every thread's, the JIT's and the collector's too), in nanoseconds. */
    private static long processCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }

    /** The median of {@code a[i] / b[i]}. */
    private static double medianRatio(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] / b[i];
        }
        Arrays.sort(r);
        return r.length % 2 == 1 ? r[r.length / 2] : (r[r.length / 2 - 1] + r[r.length / 2]) / 2;
    }

    private static int percentile99(int n) {
        return (int) Math.min(n - 1, Math.ceil(n * 0.99) - 1);
    }

    /**
     * The 10x file: one import of {@code copies} distinct copies (no rounds: minutes, not seconds), its
     * size, query latency, and the same file in Scid: its import and its tree of the same positions.
     */
    private void scaled(PrintWriter out, Path source, int copies, String game) throws Exception {
        Path dir = Files.createTempDirectory("kibitz-bench-tree-scale");
        try {
            Path input = repeated(source, copies, dir, true);
            Path db = dir.resolve("tree-scale.sqlite");
            long c0 = processCpuNanos();
            long t0 = System.nanoTime();
            TreeImporter.Summary summary = importOnce(input, db, game);
            double ourMs = (System.nanoTime() - t0) / 1e6;
            double ourCpu = (processCpuNanos() - c0) / 1e6;
            out.println(String.format(Locale.ROOT,
                    "%s at scale: %s (%,d bytes, %,d games: %,d added; %,d plies): import %.1f s = %.0f games/s, CPU %.1f s;"
                            + " database %,d bytes (%.2fx the file)",
                    game, input.getFileName(), Files.size(input), summary.read(), summary.games(), summary.plies(), ourMs / 1000,
                    summary.read() / (ourMs / 1000), ourCpu / 1000, Files.size(db), (double) Files.size(db) / Files.size(input)));
            out.flush();
            Deep deep = latency(out, db, input, game);
            if (scid.isPresent()) {
                Map<String, List<String>> lines = new LinkedHashMap<>();
                lines.put("start", List.of());
                lines.put("ply20", deep.san());
                ScidPeer.Result r = scid.get().run(input, dir, lines, scidQueries);
                out.println(String.format(Locale.ROOT,
                        "%s at scale, scid: import %.1f s (%,d games), ours/scid %.2f; tkscid's process CPU %.1f s"
                                + " (its %d trees of each position included)",
                        game, r.importMs() / 1000, r.games(), ourMs / r.importMs(), r.cpuMs() / 1000, scidQueries));
                for (var e : lines.entrySet()) {
                    double[] ms = r.queries().get(e.getKey());
                    String fen = r.fens().getOrDefault(e.getKey(), "");
                    boolean same = e.getKey().equals("start") || samePlacement(fen, deep.fen());
                    out.println(String.format(Locale.ROOT,
                            "%s at scale, scid tree of the %s: p50 %.3f ms, p99 %.3f ms, max %.3f ms over %d trees%s",
                            game, e.getKey().equals("start") ? "start position" : "position 20 plies into game 1",
                            ms[ms.length / 2], ms[percentile99(ms.length)], ms[ms.length - 1], ms.length,
                            same ? "" : " (Scid's position differs from ours: " + fen + ")"));
                }
            }
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
        out.flush();
    }

    /** Whether two FENs have the same piece placement and side to move. */
    private static boolean samePlacement(String a, String b) {
        String[] x = a.split(" ");
        String[] y = b.split(" ");
        return x.length > 1 && y.length > 1 && x[0].equals(y[0]) && x[1].equals(y[1]);
    }

    private Deep deepPosition(Path input, String game, int ply) throws IOException {
        FormatPlugin format = formats.forFile(input).orElseThrow();
        var plugin = games.byId(game).orElseThrow();
        var notation = plugin.notation("san").orElse(plugin.coordinateNotation());
        try (InputStream in = Files.newInputStream(input);
             GameReader reader = format.reader(in, new ReadContext(input.toString(), games, Optional.of(game), Optional.empty()))) {
            for (ReadResult r; (r = reader.next()) != null; ) {
                if (r.clean() && r.game().isPresent() && r.game().get().mainline().size() > ply) {
                    List<String> san = new ArrayList<>();
                    GameNode before = r.game().get().root();
                    for (GameNode n : r.game().get().mainline().subList(0, ply)) {
                        san.add(notation.format(before.position(), n.move().orElseThrow()));
                        before = n;
                    }
                    GameNode n = r.game().get().mainline().get(ply - 1);
                    return new Deep(n.position().hash(), n.position().fen(), san);
                }
            }
        }
        throw new IOException("no game of " + ply + " plies in " + input);
    }

    /**
     * The file {@code repeat} times over. Distinct copies change every Round tag of copy k (k > 0) to
     * {@code "k:<round>"}: Round is part of a game's identity, so the copies are new games with the
     * same moves (the tree's shape stays the file's, its counts grow {@code repeat} times).
     */
    static Path repeated(Path file, int repeat, Path dir, boolean distinct) throws IOException {
        String name = file.getFileName().toString();
        Path temp = dir.resolve("x" + repeat + "-" + name);
        byte[] bytes = Files.readAllBytes(file);
        // ISO-8859-1 maps bytes to chars one to one: any encoding comes back unchanged.
        String text = distinct ? new String(bytes, StandardCharsets.ISO_8859_1) : null;
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(temp), 1 << 20)) {
            for (int i = 0; i < repeat; i++) {
                if (i == 0 || !distinct) {
                    o.write(bytes);
                } else {
                    o.write(text.replace("[Round \"", "[Round \"" + i + ":").getBytes(StandardCharsets.ISO_8859_1));
                }
                o.write('\n');
            }
        }
        return temp;
    }

    /** Wall milliseconds of {@code pgn-extract} reading the file (every game parsed, nothing written). */
    private static double pgnExtract(Path program, Path input) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(program.toString(), "-s", "--quiet", "-o", "/dev/null", input.toString()));
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.waitFor();
        return (System.nanoTime() - t0) / 1e6;
    }
}

package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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

    @Option(names = "--chess", paramLabel = "FILE", defaultValue = "../shared/data/chess/pgn/Capablanca.pgn", descriptionKey = "tree.chess")
    Path chess;

    @Option(names = "--chess-repeat", paramLabel = "N", defaultValue = "40", descriptionKey = "tree.chessRepeat")
    int chessRepeat;

    @Option(names = "--xiangqi", paramLabel = "FILE", defaultValue = "../shared/data/xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn", descriptionKey = "tree.xiangqi")
    Path xiangqi;

    @Option(names = "--xiangqi-repeat", paramLabel = "N", defaultValue = "1", descriptionKey = "tree.xiangqiRepeat")
    int xiangqiRepeat;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", descriptionKey = "tree.runs")
    int runs;

    @Option(names = "--queries", paramLabel = "N", defaultValue = "20000", descriptionKey = "tree.queries")
    int queries;

    @Option(names = "--pgn-extract", paramLabel = "PROGRAM", descriptionKey = "tree.pgnExtract")
    Path pgnExtract;

    @Inject
    BenchTreeCommand(Games games, Formats formats) {
        this.games = games;
        this.formats = formats;
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || queries < 1 || chessRepeat < 1 || xiangqiRepeat < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--runs, --queries and repeats must be 1 or more");
        }
        PrintWriter out = spec.commandLine().getOut();
        Optional<Path> extract = pgnExtract != null ? Optional.of(pgnExtract) : findPgnExtract();
        if (extract.isEmpty()) {
            out.println("pgn-extract: not found (looked on PATH, /usr/bin, /usr/games); imports are timed alone");
        }
        out.println("cores " + Runtime.getRuntime().availableProcessors() + ", max heap "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB");
        bench(out, chess, chessRepeat, "chess", extract);
        bench(out, xiangqi, xiangqiRepeat, "xiangqi", extract);
        out.flush();
        return 0;
    }

    private void bench(PrintWriter out, Path source, int repeat, String game, Optional<Path> extract) throws Exception {
        if (!Files.isReadable(source)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "cannot read " + source);
        }
        Path dir = Files.createTempDirectory("kibitz-bench-tree");
        try {
            Path input = repeat == 1 ? source : repeated(source, repeat, dir);
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
                long t0 = System.nanoTime();
                summary = importOnce(input, db, game);
                double ourMs = (System.nanoTime() - t0) / 1e6;
                dbBytes = Files.size(db);
                if (r < runs - 1) {
                    deleteDb(db);
                }
                ours[r] = ourMs;
                theirs[r] = theirMs;
                out.println(String.format(Locale.ROOT, "%s round %d: import %.0f ms (%.0f games/s), pgn-extract %.0f ms, ratio %.2f",
                        game, r + 1, ourMs, summary.read() / (ourMs / 1000), theirMs, ourMs / theirMs));
                out.flush();
            }
            double best = Arrays.stream(ours).min().orElseThrow();
            double bestTheirs = Arrays.stream(theirs).min().orElse(Double.NaN);
            out.println(String.format(Locale.ROOT,
                    "%s import: %s (%,d bytes, %d games read: %d added, %d duplicates, %d broken; %,d plies): best %.0f ms = %.0f games/s;"
                            + " pgn-extract best %.0f ms; ratio %.2f (goal <= 2)",
                    game, input.getFileName(), Files.size(input), summary.read(), summary.games(), summary.duplicates(),
                    summary.broken(), summary.plies(), best, summary.read() / (best / 1000), bestTheirs, best / bestTheirs));
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

    /** Query latency on a fresh connection: the start position and the position 20 plies into the first game. */
    private void latency(PrintWriter out, Path db, Path input, String game) throws IOException {
        long start = games.byId(game).orElseThrow().startPosition().hash();
        long deep = deepPosition(input, game, 20);
        try (OpeningTree tree = OpeningTree.open(db)) {
            for (long[] target : new long[][]{{start, 0}, {deep, 20}}) {
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
                        ns[queries / 2] / 1e6, ns[(int) Math.min(queries - 1, Math.ceil(queries * 0.99) - 1)] / 1e6,
                        ns[queries - 1] / 1e6, queries));
            }
        }
        out.flush();
    }

    private long deepPosition(Path input, String game, int ply) throws IOException {
        FormatPlugin format = formats.forFile(input).orElseThrow();
        try (InputStream in = Files.newInputStream(input);
             GameReader reader = format.reader(in, new ReadContext(input.toString(), games, Optional.of(game), Optional.empty()))) {
            for (ReadResult r; (r = reader.next()) != null; ) {
                if (r.clean() && r.game().isPresent() && r.game().get().mainline().size() > ply) {
                    GameNode n = r.game().get().mainline().get(ply - 1);
                    return n.position().hash();
                }
            }
        }
        throw new IOException("no game of " + ply + " plies in " + input);
    }

    private static Path repeated(Path file, int repeat, Path dir) throws IOException {
        String name = file.getFileName().toString();
        Path temp = dir.resolve("x" + repeat + "-" + name);
        try (OutputStream o = Files.newOutputStream(temp)) {
            for (int i = 0; i < repeat; i++) {
                try (InputStream in = Files.newInputStream(file)) {
                    in.transferTo(o);
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

    private static Optional<Path> findPgnExtract() {
        List<Path> places = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(java.io.File.pathSeparator)) {
                places.add(Path.of(d, "pgn-extract"));
            }
        }
        places.add(Path.of("/usr/bin/pgn-extract"));
        places.add(Path.of("/usr/games/pgn-extract"));
        return places.stream().filter(Files::isExecutable).findFirst();
    }
}

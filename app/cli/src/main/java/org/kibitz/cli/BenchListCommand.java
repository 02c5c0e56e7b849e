package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.Games;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz bench list FILE}: opening a file of many games as the workbench's game list does,
 * the way it did before the header pass (every game read whole, the way {@code GameFiles.read} did
 * it) against today's {@link GameFiles#read} (headers only, then the first game), in alternating
 * rounds in one process; then opening the last game: reading up to it against starting at it.
 * Prints each round, the best of each, and the ratios.
 */
@Command(name = "list", resourceBundle = "org.kibitz.cli.bench", sortOptions = false)
final class BenchListCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("bench");

    private final Games games;
    private final Formats formats;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", descriptionKey = "list.file")
    Path file;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", descriptionKey = "list.repeat")
    int repeat;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "5", descriptionKey = "list.runs")
    int runs;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "3", descriptionKey = "list.warmup")
    int warmup;

    @Inject
    BenchListCommand(Games games, Formats formats) {
        this.games = games;
        this.formats = formats;
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || repeat < 1 || warmup < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("list.bad.numbers"));
        }
        if (!Files.isReadable(file)) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("list.missing", file.toString()));
        }
        PrintWriter out = spec.commandLine().getOut();
        Path input = file;
        Path temp = null;
        if (repeat > 1) {
            String name = file.getFileName().toString();
            temp = Files.createTempFile("kibitz-bench-", "-x" + repeat + name.substring(Math.max(0, name.lastIndexOf('.'))));
            try (OutputStream o = Files.newOutputStream(temp)) {
                for (int i = 0; i < repeat; i++) {
                    try (InputStream in = Files.newInputStream(file)) {
                        in.transferTo(o);
                    }
                    o.write('\n');
                }
            }
            input = temp;
        }
        try {
            return run(input, out);
        } finally {
            if (temp != null) {
                Files.deleteIfExists(temp);
            }
        }
    }

    private int run(Path input, PrintWriter out) throws Exception {
        GameFiles files = new GameFiles(games, formats);
        // Warm-up: as many rounds of each, so that both meet compiled code (the JIT needs a few).
        GameFiles.OpenedFile opened = files.read(input);
        int wholeCount = readWhole(input).size();
        for (int i = 1; i < warmup; i++) {
            files.read(input);
            readWhole(input);
        }
        out.println(TEXT.text("list.header", input.getFileName().toString(), Files.size(input), opened.entries().size(), runs, warmup));
        if (wholeCount != opened.entries().size()) {
            spec.commandLine().getErr().println(TEXT.text("list.counts.differ", wholeCount, opened.entries().size()));
            return 1;
        }
        GameFiles.Entry last = opened.entries().get(opened.entries().size() - 1);
        double[] before = new double[runs];
        double[] now = new double[runs];
        double[] beforeCpu = new double[runs];
        double[] nowCpu = new double[runs];
        double[] beforeLast = new double[runs];
        double[] nowLast = new double[runs];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int r = 0; r < runs; r++) {
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            List<GameFiles.Entry> entries = readWhole(input);
            long t1 = System.nanoTime();
            long c1 = threads.getCurrentThreadCpuTime();
            GameFiles.OpenedFile listed = files.read(input);
            long t2 = System.nanoTime();
            long c2 = threads.getCurrentThreadCpuTime();
            GameTree a = readUpTo(input, last.gameNumber());
            long t3 = System.nanoTime();
            GameTree b = files.readGame(listed, last);
            long t4 = System.nanoTime();
            if (entries.size() != listed.entries().size() || !a.tags().asMap().equals(b.tags().asMap())
                    || a.mainline().size() != b.mainline().size()) {
                spec.commandLine().getErr().println(TEXT.text("list.counts.differ", entries.size(), listed.entries().size()));
                return 1;
            }
            before[r] = (t1 - t0) / 1e6;
            now[r] = (t2 - t1) / 1e6;
            beforeCpu[r] = (c1 - c0) / 1e6;
            nowCpu[r] = (c2 - c1) / 1e6;
            beforeLast[r] = (t3 - t2) / 1e6;
            nowLast[r] = (t4 - t3) / 1e6;
            out.println(String.format(Locale.ROOT, "round %d list whole_ms %.1f (cpu %.1f) headers_ms %.1f (cpu %.1f) ratio %.2f (cpu %.2f)"
                            + " | open_last read_up_to_ms %.1f start_at_ms %.2f",
                    r + 1, before[r], beforeCpu[r], now[r], nowCpu[r], before[r] / now[r], beforeCpu[r] / nowCpu[r], beforeLast[r], nowLast[r]));
            out.flush();
        }
        double bw = min(before);
        double bn = min(now);
        double lw = min(beforeLast);
        double ln = min(nowLast);
        out.println(String.format(Locale.ROOT, "best list wall: every game read %.1f ms, headers only %.1f ms: %.1fx faster (medians %.1fx)",
                bw, bn, bw / bn, median(before) / median(now)));
        out.println(String.format(Locale.ROOT, "best list cpu:  every game read %.1f ms, headers only %.1f ms: %.1fx faster (medians %.1fx)",
                min(beforeCpu), min(nowCpu), min(beforeCpu) / min(nowCpu), median(beforeCpu) / median(nowCpu)));
        out.println(String.format(Locale.ROOT, "best open game %d: read up to it %.1f ms, start at it %.2f ms: %.0fx faster",
                last.gameNumber(), lw, ln, lw / ln));
        out.println("load average before the last round: " + String.format(Locale.ROOT, "%.2f",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()) + " on "
                + Runtime.getRuntime().availableProcessors() + " cores");
        // Wall time depends on the collector: the CLI's launcher picks a small young generation for
        // short commands, the workbench the JVM's default (G1). Say which one measured.
        out.println("collectors: " + String.join(", ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(java.lang.management.GarbageCollectorMXBean::getName).toList())
                + "; max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB"
                + "; the workbench runs G1 (KIBITZ_JAVA_OPTS=\"-XX:-UseSerialGC -XX:+UseG1GC -XX:NewSize=100m -XX:MaxNewSize=2g\" measures as it)");
        return 0;
    }

    /** The game list as it was made before the header pass: every game read whole, its tags and length kept. */
    private List<GameFiles.Entry> readWhole(Path input) throws IOException {
        FormatPlugin format = formats.forFile(input).orElseThrow();
        List<GameFiles.Entry> entries = new ArrayList<>();
        try (GameReader reader = format.reader(Files.newInputStream(input), ReadContext.of(input.getFileName().toString(), games))) {
            for (ReadResult r; (r = reader.next()) != null; ) {
                Map<String, String> tags = r.game().map(g -> g.tags().asMap()).orElse(Map.of());
                int plies = r.game().map(g -> g.mainline().size()).orElse(0);
                entries.add(new GameFiles.Entry(r.gameNumber(), r.game().isPresent(), r.problems(), tags, plies));
            }
        }
        return entries;
    }

    /** Opening game k as it was done before: every game read whole up to it. */
    private GameTree readUpTo(Path input, int k) throws IOException {
        FormatPlugin format = formats.forFile(input).orElseThrow();
        try (GameReader reader = format.reader(Files.newInputStream(input), ReadContext.of(input.getFileName().toString(), games))) {
            for (ReadResult r; (r = reader.next()) != null; ) {
                if (r.gameNumber() == k) {
                    return r.game().orElseThrow();
                }
            }
        }
        throw new IOException("no game " + k);
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(0);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}

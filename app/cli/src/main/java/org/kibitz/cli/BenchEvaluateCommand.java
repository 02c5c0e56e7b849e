package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EvaluationCounts;
import org.kibitz.core.evaluate.EvaluationRequest;
import org.kibitz.core.evaluate.GameSelection;
import org.kibitz.core.evaluate.Shard;
import org.kibitz.core.jobs.JobRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz bench evaluate}: what batch evaluation costs beyond the engine, in three figures.
 * <ol>
 *   <li>overhead: positions per second through the whole pipeline at {@code nodes 1} with one engine
 *       process, against a bare loop over the same positions on a pipe to the same engine in this
 *       process ({@code position}, {@code go nodes 1}, read to {@code bestmove}: the floor);</li>
 *   <li>at a real node limit: wall time against the sum of the engine's own reported search time
 *       divided by the jobs;</li>
 *   <li>scaling: the same work with {@code --jobs 2} against {@code --jobs 1}.</li>
 * </ol>
 * Runs without the analysis store, each run fresh, in a temporary folder.
 */
@Command(name = "evaluate", resourceBundle = "org.kibitz.cli.bench", sortOptions = false)
final class BenchEvaluateCommand implements Callable<Integer> {

    private final Games games;
    private final Formats formats;
    private final EngineRegistry registry;
    private final JobRunner runner;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineLogOption engineLog;

    @Option(names = "--file", paramLabel = "FILE", descriptionKey = "evaluate.file")
    Path file;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "stockfish", descriptionKey = "evaluate.engine")
    String engine;

    @Option(names = "--games", paramLabel = "N", defaultValue = "1000000", descriptionKey = "evaluate.games")
    int overheadGames;

    @Option(names = "--real-games", paramLabel = "N", defaultValue = "30", descriptionKey = "evaluate.realGames")
    int realGames;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "20000", descriptionKey = "evaluate.nodes")
    long nodes;

    @Inject
    BenchEvaluateCommand(Games games, Formats formats, EngineRegistry registry, JobRunner runner) {
        this.games = games;
        this.formats = formats;
        this.registry = registry;
        this.runner = runner;
    }

    @Override
    public Integer call() throws Exception {
        // Every engine this command starts writes to the engine log, which --log writes out.
        try (EngineLogOption.Running logging = engineLog.start("bench evaluate", spec.commandLine().getErr(), spec.commandLine())) {
            return callLogged();
        }
    }

    private Integer callLogged() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (file == null) {
            file = BenchData.file("chess/pgn/Capablanca.pgn");
        }
        if (!Files.isRegularFile(file)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "no such file: " + file);
        }
        EngineRef ref;
        try {
            registry.load();
            ref = registry.resolve(engine);
        } catch (EngineRef.ResolveException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.text().render());
        }
        EngineLookup.requireKnownHost(spec, ref, engine);
        GameFiles files = new GameFiles(games, formats);
        Path tmp = Files.createTempDirectory("kibitz-bench-evaluate");
        try {
            out.println(String.format(Locale.ROOT, "bench evaluate: %s, engine %s, %d cores", file.getFileName(),
                    ref.name(), Runtime.getRuntime().availableProcessors()));
            // 1. Overhead at nodes 1, one engine process; the bare pipe loop on the same positions first.
            List<List<String>> lines = positions(files, overheadGames);
            int total = lines.stream().mapToInt(List::size).sum();
            double bare = bareLoop(ref, lines, false, new double[1]);
            CpuMeter.Snapshot beforeBare = CpuMeter.snapshot();
            double[] bareStart = new double[1];
            double bareCleared = bareLoop(ref, lines, true, bareStart);
            CpuMeter.Usage bareCpu = CpuMeter.snapshot().since(beforeBare);
            Run one = run(files, ref, SearchLimits.nodes(1), overheadGames, 1, tmp.resolve("overhead"));
            double ours = one.counts.positions() / one.seconds;
            out.println(String.format(Locale.ROOT, "1. overhead at nodes 1, 1 job: %d positions, kibitz %.0f positions/s"
                    + " (wall %.2f s incl. listing), bare pipe loop %.0f positions/s, ratio %.2fx", total, ours,
                    one.seconds, bare, bare / ours));
            // The same loop clearing the hash before every position, as a batch does (decision 0026).
            out.println(String.format(Locale.ROOT, "   bare pipe loop clearing the hash before every position %.0f positions/s,"
                    + " ratio %.2fx; the hash policy costs the bare loop %.2fx", bareCleared, bareCleared / ours, bare / bareCleared));
            // Kibitz's wall includes starting the engine (Stockfish loads its network then), the loops' do not:
            // what the ratio would be with the engine's start counted in both.
            out.println(String.format(Locale.ROOT, "   the engine's start to uciok took the clearing loop %.0f ms, not in its rate;"
                    + " counted in both, ratio %.2fx", bareStart[0] * 1000,
                    (total / ours) / (total / bareCleared + bareStart[0])));
            // What this process spends per position, the engine's own time left out: less noisy than the
            // rates on a busy machine (the rates depend on when the scheduler runs each thread).
            out.println(String.format(Locale.ROOT, "   CPU of this process per position: kibitz %s; bare pipe loop %s",
                    one.cpu.perPosition(one.counts.positions()), bareCpu.perPosition(total)));
            // 2. A real limit: wall against the engine's own time.
            Run real = run(files, ref, SearchLimits.nodes(nodes), realGames, 2, tmp.resolve("real2"));
            double engineSeconds = real.counts.engineMillis() / 1000.0 / 2;
            out.println(String.format(Locale.ROOT, "2. nodes %d, 2 jobs, %d games, %d positions: wall %.2f s, engine's own"
                    + " search time / jobs %.2f s, ratio %.3fx", nodes, realGames, real.counts.positions(), real.seconds,
                    engineSeconds, real.seconds / engineSeconds));
            // 3. Scaling: the same work on one job.
            Run single = run(files, ref, SearchLimits.nodes(nodes), realGames, 1, tmp.resolve("real1"));
            out.println(String.format(Locale.ROOT, "3. scaling: 1 job %.2f s (engine's own search time %.2f s, ratio %.3fx),"
                    + " 2 jobs %.2f s, speed-up %.2fx", single.seconds, single.counts.engineMillis() / 1000.0,
                    single.seconds / (single.counts.engineMillis() / 1000.0), real.seconds, single.seconds / real.seconds));
            out.flush();
            return 0;
        } finally {
            deleteTree(tmp);
        }
    }

    private record Run(EvaluationCounts counts, double seconds, CpuMeter.Usage cpu) {
    }

    private Run run(GameFiles files, EngineRef ref, SearchLimits limits, int gameCount, int jobs, Path runs) throws Exception {
        GameSelection sel = new GameSelection(List.of(new GameSelection.Range(1, gameCount)), 1, GameSelection.SideFilter.BOTH,
                Optional.empty());
        EvaluationRequest request = new EvaluationRequest(List.of(file), List.of(ref), limits, sel, Shard.ALL,
                Duration.ofMinutes(5), jobs, false, Optional.empty());
        CpuMeter.Snapshot cpu0 = CpuMeter.snapshot();
        long t0 = System.nanoTime();
        BatchEvaluation.Plan plan = BatchEvaluation.plan(request, files);
        try (SessionPool pool = SessionPool.of(registry, games, jobs, jobs)) {
            BatchEvaluation.Batch b = BatchEvaluation.start(plan, runs, true, files, pool, Optional.empty(), runner,
                    new BatchEvaluation.Listener() { });
            b.handle().result().get();
            double seconds = (System.nanoTime() - t0) / 1e9;
            // Before the pool ends the engine: its reader threads are still there to be asked.
            return new Run(b.counts(), seconds, CpuMeter.snapshot().since(cpu0));
        }
    }

    /** Each position of the first {@code n} games as its {@code position} command. */
    private List<List<String>> positions(GameFiles files, int n) throws Exception {
        GameFiles.OpenedFile opened = files.read(file);
        List<List<String>> out = new ArrayList<>();
        for (GameFiles.Entry e : opened.entries()) {
            if (e.gameNumber() > n || !e.readable() || e.hasErrors()) {
                continue;
            }
            GameTree t = files.readGame(opened, e);
            int base = games.byId(t.gameId()).orElseThrow().coordinateRankBase();
            List<String> cmds = new ArrayList<>();
            StringBuilder moves = new StringBuilder("position fen " + t.startPosition().fen() + " moves");
            cmds.add(moves.toString());
            for (GameNode node : t.mainline()) {
                Move m = node.move().orElseThrow();
                moves.append(' ').append(m.coordinates(base));
                cmds.add(moves.toString());
            }
            out.add(cmds);
        }
        return out;
    }

    /**
     * Positions per second of the bare loop: one process, every position at nodes 1, after {@code ucinewgame}
     * and {@code isready} once a game or, with {@code everyPosition}, before every position as a batch does
     * (decision 0026: the like-for-like loop). The engine's start, to its {@code uciok}, is not in the rate;
     * its seconds go to {@code startSeconds[0]}.
     */
    private static double bareLoop(EngineRef ref, List<List<String>> games, boolean everyPosition, double[] startSeconds)
            throws IOException, InterruptedException {
        // The program as the engine's own start finds it (in /usr/games too, where Debian puts Stockfish).
        List<String> command = new java.util.ArrayList<>(ref.entry().commandLine());
        org.kibitz.protocols.process.ProgramSearch.current().locate(command.get(0))
                .ifPresent(found -> command.set(0, found.toString()));
        long started = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream();
             BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            send(in, "uci");
            until(r, "uciok");
            long t0 = System.nanoTime();
            startSeconds[0] = (t0 - started) / 1e9;
            int n = 0;
            for (List<String> g : games) {
                send(in, "ucinewgame\nisready");
                until(r, "readyok");
                for (int i = g.size() - 1; i >= 0; i--) {
                    if (everyPosition && i < g.size() - 1) {
                        send(in, "ucinewgame\nisready");
                        until(r, "readyok");
                    }
                    send(in, g.get(i) + "\ngo nodes 1");
                    until(r, "bestmove");
                    n++;
                }
            }
            double s = (System.nanoTime() - t0) / 1e9;
            send(in, "quit");
            return n / s;
        } finally {
            if (!p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    private static void send(OutputStream in, String text) throws IOException {
        in.write((text + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static void until(BufferedReader r, String prefix) throws IOException {
        for (String l; (l = r.readLine()) != null; ) {
            if (l.startsWith(prefix)) {
                return;
            }
        }
        throw new IOException("the engine ended before " + prefix);
    }

    /**
     * The processor time of this process (the engine's, a child process, is not in it) and of its threads
     * by kind: the per-position cost of Kibitz's own work, which a loaded machine does not change much,
     * unlike the rates. A thread that ended within the measured span is counted in the process's total only.
     */
    static final class CpuMeter {

        /**
         * @param vm the JVM's own threads that Java cannot see (the JIT compilers, the collector), by
         *           kind, from {@code /proc/self/task} (Linux; empty elsewhere)
         * @param system the process's time in the kernel (reads, writes, wake-ups), from {@code /proc/self/stat};
         *               -1 where unknown
         */
        record Snapshot(long process, java.util.Map<Long, Long> threads, java.util.Map<String, Long> vm, long system) {
            Usage since(Snapshot before) {
                java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
                java.util.Map<String, Long> byKind = new java.util.TreeMap<>();
                for (java.util.Map.Entry<Long, Long> e : threads.entrySet()) {
                    long spent = e.getValue() - before.threads.getOrDefault(e.getKey(), 0L);
                    java.lang.management.ThreadInfo info = mx.getThreadInfo(e.getKey());
                    if (spent > 0 && info != null) {
                        byKind.merge(kind(info.getThreadName()), spent, Long::sum);
                    }
                }
                java.util.Map<String, Long> vmKinds = new java.util.TreeMap<>();
                for (java.util.Map.Entry<String, Long> e : vm.entrySet()) {
                    long spent = e.getValue() - before.vm.getOrDefault(e.getKey(), 0L);
                    if (spent > 0) {
                        vmKinds.put(e.getKey(), spent);
                    }
                }
                return new Usage(process - before.process, byKind, vmKinds,
                        system < 0 || before.system < 0 ? -1 : system - before.system);
            }
        }

        /**
         * @param byKind the Java threads' time by kind ({@link #kind})
         * @param vm     the JIT compilers' and the collector's time, where the system tells it
         * @param systemNanos of the process's time, how much was in the kernel; -1 where unknown
         */
        record Usage(long processNanos, java.util.Map<String, Long> byKind, java.util.Map<String, Long> vm,
                     long systemNanos) {
            /** Per position: {@code 0.410 ms (kibitz-job 0.230, stockfish-out 0.120, other threads, JIT and GC 0.060)}. */
            String perPosition(long positions) {
                return per(positions, 1e6, "%.3f", " ms", false);
            }

            /** Two spans' time together (the blocks of a run). */
            Usage plus(Usage o) {
                java.util.Map<String, Long> k = new java.util.TreeMap<>(byKind);
                o.byKind.forEach((name, t) -> k.merge(name, t, Long::sum));
                java.util.Map<String, Long> v = new java.util.TreeMap<>(vm);
                o.vm.forEach((name, t) -> v.merge(name, t, Long::sum));
                return new Usage(processNanos + o.processNanos, k, v,
                        systemNanos < 0 || o.systemNanos < 0 ? -1 : systemNanos + o.systemNanos);
            }

            static final Usage NONE = new Usage(0, java.util.Map.of(), java.util.Map.of(), 0);

            /**
             * Per item in the unit {@code unitNanos}: {@code 0.080 s (kibitz-job 0.030, ..., JIT compilers 0.020,
             * other threads and GC 0.010)}. The Java threads that took 2 % or more, then the JIT compilers and
             * the VM thread (the collector, at safepoints) where the system tells them, then the rest;
             * with {@code kernel}, then how much of the whole was the kernel's.
             */
            String per(long items, double unitNanos, String format, String unit, boolean kernel) {
                if (processNanos < 0 || items == 0) {
                    return "unknown";
                }
                double d = unitNanos * items;
                StringBuilder b = new StringBuilder(String.format(Locale.ROOT, format + "%s (", processNanos / d, unit));
                long shown = 0;
                for (java.util.Map.Entry<String, Long> e : byKind.entrySet().stream()
                        .sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed()).toList()) {
                    if (e.getValue() * 50 >= processNanos) { // 2 % or more
                        shown += e.getValue();
                        b.append(String.format(Locale.ROOT, "%s " + format + ", ", e.getKey(), e.getValue() / d));
                    }
                }
                for (java.util.Map.Entry<String, Long> e : vm.entrySet()) {
                    shown += e.getValue();
                    b.append(String.format(Locale.ROOT, "%s " + format + ", ", e.getKey(), e.getValue() / d));
                }
                b.append(String.format(Locale.ROOT, (vm.isEmpty() ? "other threads, JIT and GC " : "other threads ")
                        + format + ")", (processNanos - shown) / d));
                if (kernel && systemNanos >= 0) {
                    b.append(String.format(Locale.ROOT, "; in the kernel " + format, systemNanos / d));
                }
                return b.toString();
            }
        }

        static Snapshot snapshot() {
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            java.util.Map<Long, Long> threads = new java.util.HashMap<>();
            for (long id : mx.getAllThreadIds()) {
                long t = mx.getThreadCpuTime(id);
                if (t >= 0) {
                    threads.put(id, t);
                }
            }
            long process = java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                    instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
            return new Snapshot(process, threads, vmThreads(), systemTime());
        }

        /** The process's system time from {@code /proc/self/stat} (field 15), -1 where there is none. */
        static long systemTime() {
            try {
                String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                return Long.parseLong(f[12]) * (1_000_000_000L / TICKS_PER_SECOND);
            } catch (java.io.IOException | RuntimeException e) {
                return -1;
            }
        }

        /** Clock ticks a second, as {@code /proc} counts a thread's time: 100 on every Linux in use. */
        private static final long TICKS_PER_SECOND = 100;

        /**
         * The time of the JVM's own threads that {@link java.lang.management.ThreadMXBean} does not list,
         * summed by kind, from {@code /proc/self/task/N/stat} (Linux: HotSpot names its threads there:
         * {@code C2 CompilerThre}, {@code C1 CompilerThre}, {@code VM Thread}, {@code GC Thread#0}).
         * Empty where there is no such folder.
         */
        static java.util.Map<String, Long> vmThreads() {
            java.util.Map<String, Long> out = new java.util.TreeMap<>();
            java.nio.file.Path tasks = java.nio.file.Path.of("/proc/self/task");
            if (!java.nio.file.Files.isDirectory(tasks)) {
                return out;
            }
            try (var dirs = java.nio.file.Files.list(tasks)) {
                for (java.nio.file.Path t : dirs.toList()) {
                    try {
                        String stat = java.nio.file.Files.readString(t.resolve("stat"));
                        int open = stat.indexOf('(');
                        int close = stat.lastIndexOf(')');
                        if (open < 0 || close < open) {
                            continue;
                        }
                        String name = stat.substring(open + 1, close);
                        String kind = name.contains("CompilerThre") ? "JIT compilers"
                                : name.equals("VM Thread") || name.startsWith("GC Thread") || name.startsWith("G1 ")
                                ? "VM thread and GC" : null;
                        if (kind == null) {
                            continue;
                        }
                        // After the name: state, then 10 numbers, then utime and stime (fields 14 and 15).
                        String[] f = stat.substring(close + 2).split(" ");
                        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                        out.merge(kind, ticks * (1_000_000_000L / TICKS_PER_SECOND), Long::sum);
                    } catch (java.io.IOException | RuntimeException e) {
                        // a thread that ended meanwhile
                    }
                }
            } catch (java.io.IOException | RuntimeException e) {
                return new java.util.TreeMap<>();
            }
            return out;
        }

        /** A thread's name without its number: {@code kibitz-job-3} is a {@code kibitz-job}. */
        static String kind(String name) {
            return name.replaceAll("[-#\\s]*\\d+$", "");
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.evaluate.Shard;
import org.kibitz.core.jobs.JobObserver;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.match.Adjudication;
import org.kibitz.core.match.MatchJob;
import org.kibitz.core.match.MatchPlanner;
import org.kibitz.core.match.Openings;
import org.kibitz.core.match.PlayedGame;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz bench match}: our match runner ({@code kibitz match}'s planner, job and
 * {@code GameRunner}, in this process) against fastchess (a subprocess), one after the other in the
 * same run, on the same engine twice, the same openings (a PGN's first plies, in file order, each
 * played twice with colours swapped), the same clock and time margin, the same concurrency.
 *
 * <p>Prints for each: games, wall time, games per minute, time forfeits, the first engine's
 * wins-losses-draws and the average plies per game (to show the two runs played comparable games),
 * and the runner's own CPU time per game. Ours is this JVM's process CPU time over the run
 * ({@code OperatingSystemMXBean.getProcessCpuTime()}: every thread of the JVM, the JIT and the
 * collector included; the engines are other processes and are not in it). fastchess's is its
 * process's CPU time as {@code /proc} last showed it before it ended (polled every 100 ms), its
 * engines likewise not in it.
 *
 * <p>{@code --busy N} starts N busy-looping shell processes for both runs (a machine that is not
 * idle: the engines and runners then wait for the CPU, and slow answers become time forfeits).
 */
@Command(name = "match", resourceBundle = "org.kibitz.cli.bench", sortOptions = false)
final class BenchMatchCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("bench");

    private final Games games;
    private final Formats formats;
    private final EngineRegistry registry;
    private final JobRunner runner;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineLogOption engineLog;

    @Option(names = "--fastchess", paramLabel = "PATH", descriptionKey = "match.fastchess")
    Path fastchess;

    @Option(names = "--engine", paramLabel = "PATH", defaultValue = "/usr/games/stockfish", descriptionKey = "match.engine")
    String engine;

    @Option(names = "--games", paramLabel = "N", defaultValue = "200", descriptionKey = "match.games")
    int gameCount;

    @Option(names = "--tc", paramLabel = "TC", defaultValue = "1+0.01", descriptionKey = "match.tc")
    String tc;

    @Option(names = "--timemargin", paramLabel = "MS", defaultValue = "100", descriptionKey = "match.timemargin")
    int marginMs;

    @Option(names = "--concurrency", paramLabel = "C", defaultValue = "2", descriptionKey = "match.concurrency")
    int concurrency;

    @Option(names = "--openings", paramLabel = "FILE", descriptionKey = "match.openings")
    Path openingsFile;

    @Option(names = "--plies", paramLabel = "N", defaultValue = "8", descriptionKey = "match.plies")
    int plies;

    @Option(names = "--busy", paramLabel = "N", defaultValue = "0", descriptionKey = "match.busy")
    int busy;

    @Option(names = "--blocks", paramLabel = "B", defaultValue = "1", descriptionKey = "match.blocks")
    int blocks;

    @Option(names = "--out", paramLabel = "DIR", descriptionKey = "match.out")
    Path outDir;

    /** Our runs' CPU time by thread, summed over the blocks. */
    private BenchEvaluateCommand.CpuMeter.Usage oursByThread = BenchEvaluateCommand.CpuMeter.Usage.NONE;

    @Inject
    BenchMatchCommand(Games games, Formats formats, EngineRegistry registry, JobRunner runner) {
        this.games = games;
        this.formats = formats;
        this.registry = registry;
        this.runner = runner;
    }

    /**
     * What one runner did: its games as its PGN tells them, wall and CPU time.
     *
     * @param think the engines' move times summed over the games, as the runner's own clock gave them in
     *              the PGN's move comments
     * @param load  the 1-minute load averages seen at the start and end of each block, summed
     * @param loads how many load averages were summed
     */
    record Measured(int games, double wallSeconds, double cpuSeconds, int forfeits, int[] wld, long plies, double think,
                    double load, int loads, List<String> forfeitReasons) {
        static final Measured ZERO = new Measured(0, 0, 0, 0, new int[3], 0, 0, 0, 0, List.of());

        double perMinute() {
            return games / (wallSeconds / 60);
        }

        Measured plus(Measured o) {
            List<String> r = new ArrayList<>(forfeitReasons);
            r.addAll(o.forfeitReasons);
            return new Measured(games + o.games, wallSeconds + o.wallSeconds, cpuSeconds + o.cpuSeconds,
                    forfeits + o.forfeits, new int[] {wld[0] + o.wld[0], wld[1] + o.wld[1], wld[2] + o.wld[2]},
                    plies + o.plies, think + o.think, load + o.load, loads + o.loads, r);
        }

        Measured withRun(double wall, double cpu, double loadSum, int loadCount) {
            return new Measured(games, wall, cpu, forfeits, wld, plies, think, loadSum, loadCount, forfeitReasons);
        }

        Measured withForfeits(List<String> reasons) {
            return new Measured(games, wallSeconds, cpuSeconds, reasons.size(), wld, plies, think, load, loads,
                    List.copyOf(reasons));
        }
    }

    @Override
    public Integer call() throws Exception {
        // Every engine this command starts writes to the engine log, which --log writes out.
        try (EngineLogOption.Running logging = engineLog.start("bench match", spec.commandLine().getErr(), spec.commandLine())) {
            return callLogged();
        }
    }

    private Integer callLogged() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (gameCount < 2 || blocks < 1 || gameCount % (2 * blocks) != 0 || concurrency < 1 || plies < 0 || busy < 0
                || marginMs < 0) {
            throw usage("match.bad.numbers");
        }
        if (fastchess != null && !Files.isExecutable(fastchess)) {
            throw usage("match.fastchess.missing", fastchess);
        }
        Path openings = openingsFile != null ? openingsFile : BenchData.file("chess/pgn/Capablanca.pgn");
        if (!Files.isRegularFile(openings)) {
            throw usage("match.openings.missing", openings);
        }
        Path dir = outDir != null ? Files.createDirectories(outDir) : Files.createTempDirectory("kibitz-bench-match");
        out.println(String.format(Locale.ROOT, "bench match: %s twice (Threads=1 Hash=16), %d games, tc=%s timemargin=%d ms,"
                        + " concurrency %d, openings %s plies %d sequential, each twice; %d cores, busy loops %d, blocks %d;"
                        + " files in %s", engine, gameCount, tc, marginMs, concurrency, openings.getFileName(), plies,
                Runtime.getRuntime().availableProcessors(), busy, blocks, dir));
        out.flush();
        List<Process> hogs = new ArrayList<>();
        // Interrupted (^C), the busy loops must not outlive us.
        Thread reaper = new Thread(() -> hogs.forEach(Process::destroyForcibly));
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            for (int i = 0; i < busy; i++) {
                hogs.add(new ProcessBuilder("sh", "-c", "while :; do :; done").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
            }
            Measured ours = Measured.ZERO;
            Measured theirs = Measured.ZERO;
            int pairsPerBlock = gameCount / 2 / blocks;
            for (int k = 0; k < blocks; k++) {
                int start = 1 + k * pairsPerBlock;
                String tag = blocks == 1 ? "" : "-b" + (k + 1);
                // Alternating who goes first (ABBA) so that a load that changes over the run falls on both alike.
                boolean oursFirst = fastchess == null || k % 2 == 0;
                if (!oursFirst) {
                    theirs = theirs.plus(fastchess(openings, start, pairsPerBlock, dir.resolve("fastchess" + tag + ".pgn"),
                            dir.resolve("fastchess" + tag + ".log"), out));
                }
                ours = ours.plus(ours(openings, start, pairsPerBlock, dir.resolve("kibitz" + tag + ".pgn"),
                        dir.resolve("kibitz" + tag + ".journal.jsonl"), out));
                if (oursFirst && fastchess != null) {
                    theirs = theirs.plus(fastchess(openings, start, pairsPerBlock, dir.resolve("fastchess" + tag + ".pgn"),
                            dir.resolve("fastchess" + tag + ".log"), out));
                }
            }
            print(out, "kibitz", ours, "JVM process, engines not included");
            // Where that CPU went: the threads by kind (the engines' readers are named after the
            // engines), the JIT compilers and the collector where the system tells them, the rest.
            out.println("kibitz    CPU by thread, per game: " + oursByThread.per(Math.max(1, ours.games()), 1e9, "%.4f", " s", true));
            if (fastchess == null) {
                out.println("fastchess: not run (no --fastchess PATH): Kibitz measured alone");
                out.flush();
                return 0;
            }
            print(out, "fastchess", theirs, "its process, engines not included");
            out.println(String.format(Locale.ROOT, "ratio games/min kibitz/fastchess %.3f; time forfeits kibitz %d, fastchess %d",
                    ours.perMinute() / theirs.perMinute(), ours.forfeits(), theirs.forfeits()));
            out.flush();
            return 0;
        } finally {
            for (Process h : hogs) {
                h.destroyForcibly();
            }
            Runtime.getRuntime().removeShutdownHook(reaper);
        }
    }

    private Map<String, String> engineSettings(String name) {
        Map<String, String> kv = new LinkedHashMap<>();
        kv.put("name", name);
        kv.put("proto", "uci");
        kv.put("opt.Threads", "1");
        kv.put("opt.Hash", "16");
        kv.put("tc", tc);
        kv.put("timemargin", Integer.toString(marginMs));
        return kv;
    }

    /** Our match, as {@code kibitz match --engine E --engine E --each ... --games 2 --rounds N/2 --repeat} plays it. */
    private Measured ours(Path openingsPath, int start, int pairs, Path pgnOut, Path journal, PrintWriter out)
            throws Exception {
        List<MatchPlanner.Entrant> entrants = new ArrayList<>();
        try {
            entrants.add(MatchPlanner.entrant(registry, engine, engineSettings("sf1"), List.of()));
            entrants.add(MatchPlanner.entrant(registry, engine, engineSettings("sf2"), List.of("sf1")));
        } catch (EngineRef.ResolveException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.text().render());
        } catch (MatchPlanner.BadTimeControl e) {
            throw usage("match.tc.bad", e.getMessage());
        }
        GamePlugin chess = games.byId("chess").orElseThrow();
        Openings openings;
        try {
            openings = Openings.load(openingsPath, Openings.Options.defaults().withPlies(plies).withStart(start),
                    new GameFiles(games, formats), Optional.of(chess));
        } catch (GameFiles.OpenException e) {
            throw usage("match.openings.bad", e.text().render());
        }
        Adjudication none = new Adjudication(Optional.empty(), Optional.empty(), OptionalInt.empty());
        var settings = MatchPlanner.settings(chess, chess.ruleSets().isEmpty() ? "" : chess.ruleSets().get(0), entrants,
                none, Duration.ofSeconds(60));
        MatchJob.Plan plan = MatchPlanner.plan("Kibitz bench match", entrants, settings, 2, pairs, true, openings,
                Map.of("bench", "match"), Shard.ALL);
        FormatPlugin pgn = formats.byId("pgn").orElseThrow();
        Files.deleteIfExists(journal);
        Files.deleteIfExists(pgnOut);
        AtomicInteger done = new AtomicInteger();
        List<String> reasons = new ArrayList<>();
        JobObserver<MatchJob.Item, MatchJob.Finished> observer = new JobObserver<>() {
            @Override
            public void itemDone(MatchJob.Item item, MatchJob.Finished f, boolean fromJournal) {
                synchronized (reasons) {
                    try {
                        Files.writeString(pgnOut, f.pgn() + (f.pgn().endsWith("\n\n") ? "" : "\n"), StandardCharsets.UTF_8,
                                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    if (f.end().equals(PlayedGame.End.TIME_FORFEIT.name())) {
                        reasons.add("game " + f.number() + ": " + f.reason());
                    }
                    showProgress(out, "kibitz", done.incrementAndGet(), 2 * pairs);
                }
            }
        };
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double load0 = load();
        BenchEvaluateCommand.CpuMeter.Snapshot threads0 = BenchEvaluateCommand.CpuMeter.snapshot();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        JobResult<MatchJob.Finished> result;
        try (MatchPlanner.Running running = MatchPlanner.start(plan, concurrency, registry, games, pgn, runner, journal,
                observer)) {
            result = running.handle().result().get();
            // By thread while the engines' reader threads still run (they end with their sessions).
            oursByThread = oursByThread.plus(BenchEvaluateCommand.CpuMeter.snapshot().since(threads0));
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
        if (!result.failures().isEmpty()) {
            spec.commandLine().getErr().println("kibitz: " + result.failures().size() + " games failed: " + result.failures());
        }
        // The forfeits are counted from the games' own ends; the PGN's Termination tags say the same.
        return scan(pgnOut).withRun(wall, cpu, load0 + load(), 2).withForfeits(reasons);
    }

    /** The 1-minute load average, 0 where /proc has none. */
    private static double load() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private Measured fastchess(Path openings, int start, int pairs, Path pgnOut, Path log, PrintWriter out)
            throws Exception {
        Files.deleteIfExists(pgnOut);
        List<String> cmd = new ArrayList<>(List.of(fastchess.toString()));
        for (String name : List.of("sf1", "sf2")) {
            // The same engine as ours plays: an entry of the list gives its program (decision 0004).
            String command = Files.isRegularFile(Path.of(engine)) ? Path.of(engine).toAbsolutePath().toString()
                    : EngineLookup.program(registry, engine, spec).toString();
            cmd.addAll(List.of("-engine", "cmd=" + command, "name=" + name, "option.Threads=1", "option.Hash=16"));
        }
        cmd.addAll(List.of("-each", "tc=" + tc, "timemargin=" + marginMs, "proto=uci",
                "-rounds", Integer.toString(pairs), "-games", "2", "-repeat",
                "-concurrency", Integer.toString(concurrency),
                "-openings", "file=" + openings.toAbsolutePath(), "format=pgn", "order=sequential", "plies=" + plies,
                "start=" + start,
                "-pgnout", "file=" + pgnOut.toAbsolutePath()));
        Files.writeString(log, String.join(" ", cmd) + "\n", StandardCharsets.UTF_8);
        double load0 = load();
        long t0 = System.nanoTime();
        // In the output folder: fastchess writes its config.json (for resuming) where it runs.
        Process p = new ProcessBuilder(cmd).directory(log.toAbsolutePath().getParent().toFile())
                .redirectErrorStream(true).start();
        ProcessHandle handle = p.toHandle();
        Thread drain = Thread.ofPlatform().daemon().start(() -> {
            try (InputStream in = p.getInputStream();
                 var w = Files.newOutputStream(log, StandardOpenOption.APPEND)) {
                var r = new java.io.BufferedReader(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
                String line;
                int n = 0;
                while ((line = r.readLine()) != null) {
                    w.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                    if (line.startsWith("Finished game")) {
                        showProgress(out, "fastchess", ++n, 2 * pairs);
                    }
                }
            } catch (IOException e) {
                // The log is for reading afterwards; the PGN has the games.
            }
        });
        Duration cpu = Duration.ZERO;
        while (!p.waitFor(100, TimeUnit.MILLISECONDS)) {
            Optional<Duration> c = handle.info().totalCpuDuration();
            if (c.isPresent()) {
                cpu = c.get();
            }
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        drain.join(5000);
        if (p.exitValue() != 0) {
            spec.commandLine().getErr().println("fastchess ended with " + p.exitValue() + "; see " + log);
        }
        return scan(pgnOut).withRun(wall, cpu.toNanos() / 1e9, load0 + load(), 2);
    }

    private void showProgress(PrintWriter out, String who, int n, int of) {
        if (n % 20 == 0 || n == of) {
            synchronized (out) {
                out.println(who + ": " + n + "/" + of + " games");
                out.flush();
            }
        }
    }

    private static final Pattern TAG = Pattern.compile("^\\[(\\w+) \"(.*)\"\\]\\s*$");
    /** A move's time in its comment, as both runners write it: {@code +0.15/11 0.042s}. */
    private static final Pattern MOVE_TIME = Pattern.compile("(?:^|(?<=[ {]))(\\d+\\.\\d+)s(?=[ },])");

    /**
     * A runner's games from its PGN: counted by their {@code Result} tags, with the first engine's
     * (sf1's) wins, losses and draws, the {@code time forfeit} terminations and the average PlyCount.
     */
    static Measured scan(Path pgn) throws IOException {
        int n = 0;
        int forfeits = 0;
        int[] wld = new int[3];
        long plies = 0;
        double think = 0;
        List<String> reasons = new ArrayList<>();
        Map<String, String> tags = new LinkedHashMap<>();
        List<String> lines = Files.exists(pgn) ? Files.readAllLines(pgn, StandardCharsets.UTF_8) : List.of();
        List<String> all = new ArrayList<>(lines);
        all.add("");
        boolean inTags = false;
        for (String line : all) {
            Matcher t = MOVE_TIME.matcher(line);
            while (t.find()) {
                think += Double.parseDouble(t.group(1));
            }
            Matcher m = TAG.matcher(line);
            if (m.matches()) {
                inTags = true;
                tags.put(m.group(1), m.group(2));
                continue;
            }
            if (inTags && !tags.isEmpty()) {
                // The tag section ended: one game.
                inTags = false;
                n++;
                String result = tags.getOrDefault("Result", "*");
                boolean sf1White = "sf1".equals(tags.get("White"));
                switch (result) {
                    case "1-0" -> wld[sf1White ? 0 : 1]++;
                    case "0-1" -> wld[sf1White ? 1 : 0]++;
                    case "1/2-1/2" -> wld[2]++;
                    default -> {
                    }
                }
                if ("time forfeit".equals(tags.get("Termination"))) {
                    forfeits++;
                    reasons.add("PGN game " + n + " " + tags.get("White") + "-" + tags.get("Black") + " " + result);
                }
                try {
                    plies += Integer.parseInt(tags.getOrDefault("PlyCount", "0"));
                } catch (NumberFormatException e) {
                    // no PlyCount: counted as 0
                }
                tags.clear();
            }
        }
        return new Measured(n, 0, 0, forfeits, wld, plies, think, 0, 0, reasons);
    }

    private void print(PrintWriter out, String who, Measured m, String cpuWhat) {
        int n = Math.max(1, m.games());
        out.println(String.format(Locale.ROOT, "%-9s %d games in %.1f s: %.2f games/min; time forfeits %d; sf1 W-L-D %d-%d-%d;"
                        + " %.1f plies/game (PlyCount); CPU %.3f s/game (%.1f s in all; %s)", who, m.games(), m.wallSeconds(),
                m.perMinute(), m.forfeits(), m.wld()[0], m.wld()[1], m.wld()[2], (double) m.plies() / n,
                m.cpuSeconds() / n, m.cpuSeconds(), cpuWhat));
        out.println(String.format(Locale.ROOT, "%-9s engines' move times %.2f s/game; wall x concurrency not spent in a search"
                        + " %.3f s/game; load average %.2f", who, m.think() / n,
                (m.wallSeconds() * concurrency - m.think()) / n, m.loads() == 0 ? 0 : m.load() / m.loads()));
        for (String r : m.forfeitReasons()) {
            out.println("  time forfeit: " + r);
        }
        out.flush();
    }

    private CommandLine.ParameterException usage(String key, Object... args) {
        return new CommandLine.ParameterException(spec.commandLine(), TEXT.text(key, args));
    }
}

package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.core.Formats;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.calibrate.Calibration;
import org.kibitz.core.evaluate.calibrate.CalibrationEvaluator;
import org.kibitz.core.evaluate.calibrate.LogisticFit;
import org.kibitz.core.evaluate.calibrate.PositionSampler;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz bench calibrate FILE... --game G --engine E (--nodes N | --depth D)}: fits the
 * coefficient {@code k} of the win-probability model {@code 1/(1+e^(-k·cp))} to real games: positions
 * drawn from games with a result ({@link PositionSampler}), searched by the engine
 * ({@link CalibrationEvaluator}), fitted by maximum likelihood with a bootstrap interval and a
 * calibration table ({@link Calibration}). The last stdout line is
 * {@code k <k> low <low> high <high> n <positions>}.
 */
@Command(name = "calibrate", resourceBundle = "org.kibitz.cli.calibrate", sortOptions = false)
final class BenchCalibrateCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("calibrate");

    private final Games games;
    private final Formats formats;
    private final EngineRegistry registry;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineLogOption engineLog;

    @Parameters(arity = "1..*", paramLabel = "FILE", descriptionKey = "files")
    List<Path> files = new ArrayList<>();

    @Option(names = "--game", required = true, paramLabel = "GAME", descriptionKey = "game")
    String game;

    @Option(names = "--engine", required = true, paramLabel = "ENGINE", descriptionKey = "engine")
    String engine;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Limit limit;

    /** Not {@link LimitOptions}: the help has no --movetime, lists nodes first and labels depth D. */
    static final class Limit {
        @Option(names = "--nodes", paramLabel = "N", descriptionKey = "nodes")
        Long nodes;

        @Option(names = "--depth", paramLabel = "D", descriptionKey = "depth")
        Integer depth;
    }

    @Option(names = "--jobs", paramLabel = "J", defaultValue = "1", descriptionKey = "jobs")
    int jobs;

    @Option(names = "--sample", paramLabel = "S", defaultValue = "1", descriptionKey = "sample")
    int sample;

    @Option(names = "--games", paramLabel = "G", defaultValue = "0", descriptionKey = "games")
    int maxGames;

    @Option(names = "--from-ply", paramLabel = "P", defaultValue = "10", descriptionKey = "fromPly")
    int fromPly;

    @Option(names = "--seed", paramLabel = "X", defaultValue = "1", descriptionKey = "seed")
    long seed;

    @Option(names = "--cap", paramLabel = "CP", defaultValue = "1000", descriptionKey = "cap")
    int cap;

    @Option(names = "--bootstrap", paramLabel = "B", defaultValue = "200", descriptionKey = "bootstrap")
    int bootstrap;

    @Option(names = "--option", paramLabel = "NAME=VALUE", descriptionKey = "option")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60", descriptionKey = "timeout")
    long timeout;

    @Option(names = "--csv", paramLabel = "FILE", descriptionKey = "csv")
    Path csv;

    @Option(names = "--save", descriptionKey = "save")
    boolean save;

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto", descriptionKey = "progress",
            converter = PerftCommand.ProgressModeConverter.class)
    CliProgress.Mode progress;

    @Inject
    BenchCalibrateCommand(Games games, Formats formats, EngineRegistry registry) {
        this.games = games;
        this.formats = formats;
        this.registry = registry;
    }

    @Override
    public Integer call() {
        // Every engine this command starts writes to the engine log, which --log writes out.
        try (EngineLogOption.Running logging = engineLog.start("bench calibrate", spec.commandLine().getErr(), spec.commandLine())) {
            return callLogged();
        }
    }

    private Integer callLogged() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        GamePlugin g = GameOption.game(games, game, spec);
        if (jobs < 1 || sample < 1 || fromPly < 0 || maxGames < 0 || cap < 1 || bootstrap < 0 || timeout < 1) {
            throw usage("bad.numbers");
        }
        // The group is required: picocli has seen to it that one limit is given.
        SearchLimits limits = LimitOptions.given(limit.depth, limit.nodes, null, n -> usage("limit.bad")).orElseThrow();
        EngineRef ref = EngineLookup.resolve(registry, engine, spec).withOptions(options);
        if (save && ref.source() != EngineRef.Source.LIST) {
            // The fit belongs to an engine of the list, where evaluate and compare find it again.
            throw usage("save.notListed", engine);
        }

        PositionSampler.Sample drawn;
        try {
            drawn = PositionSampler.sample(files, g.id(), formats, games,
                    new PositionSampler.Options(sample, fromPly, seed, maxGames));
        } catch (IOException e) {
            err.println(TEXT.text("read.failed", String.valueOf(e.getMessage())));
            return 2;
        }
        out.println(TEXT.text("sample.line", drawn.games(), files.size(), drawn.withResult(), g.id(), drawn.eligible(), fromPly,
                drawn.used(), drawn.positions().size(), sample, seed));
        out.flush();
        if (drawn.positions().isEmpty()) {
            err.println(TEXT.text("no.positions"));
            return 1;
        }

        CalibrationEvaluator.Outcome outcome;
        String engineName;
        try (SessionPool pool = SessionPool.of(registry, games, jobs, jobs)) {
            EngineInfo info = pool.withSession(ref, g.id(), s -> s.info());
            engineName = info.name();
            out.println(TEXT.text("engine.line", engineName, limit.nodes != null ? "nodes " + limit.nodes : "depth " + limit.depth, jobs));
            out.flush();
            try (CliProgress bar = CliProgress.open(progress, err, "calibrate")) {
                outcome = CalibrationEvaluator.evaluate(pool, ref, g.id(), drawn.positions(), limits, jobs,
                        Duration.ofSeconds(timeout), bar::update);
            }
        } catch (EngineException e) {
            err.println(TEXT.text("engine.failed", e.text().render()));
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
        for (CalibrationEvaluator.Failure f : outcome.failures()) {
            err.println(TEXT.text("position.failed", f.position().source(), f.position().gameNumber(), f.position().ply(),
                    f.cause().text().render()));
        }
        if (csv != null) {
            try {
                writeCsv(outcome.observations());
            } catch (IOException e) {
                err.println(TEXT.text("csv.failed", csv, String.valueOf(e.getMessage())));
                return 2;
            }
        }
        out.println(TEXT.text("evaluated", drawn.positions().size(), outcome.observations().size(), outcome.mates(),
                outcome.noScore(), outcome.failures().size()));
        if (outcome.observations().isEmpty()) {
            err.println(TEXT.text("no.positions"));
            return 1;
        }
        Calibration.Report r = Calibration.fit(outcome.observations(), cap, bootstrap, seed);
        if (save) {
            String limitText = limit.nodes != null ? "nodes " + limit.nodes : "depth " + limit.depth;
            try {
                org.kibitz.core.engines.EngineEntry listed = registry.byId(ref.entry().id()).orElseThrow();
                registry.put(listed.withWinModel(g.id(), new org.kibitz.core.engines.EngineEntry.FittedModel(r.k(), limitText,
                        r.n(), r.games(), r.low(), r.high())));
                out.println(TEXT.text("saved", String.format(Locale.ROOT, "%.8f", r.k()), listed.name(), g.id(), limitText,
                        registry.file()));
            } catch (IOException e) {
                err.println(TEXT.text("save.failed", registry.file(), String.valueOf(e.getMessage())));
                print(out, r);
                out.flush();
                return 2;
            }
        }
        print(out, r);
        out.flush();
        return outcome.failures().isEmpty() ? 0 : 1;
    }

    private void print(PrintWriter out, Calibration.Report r) {
        out.println(TEXT.text("clamped", r.clamped(), r.cap()));
        out.println(TEXT.text("fitted", r.k(), r.low(), r.high(), r.resamples(), r.n(), r.games()));
        out.println(TEXT.text("likelihood", r.logLikelihood(), r.logLikelihood() / r.n(), LogisticFit.LICHESS_K,
                r.lichessLogLikelihood(), r.lichessLogLikelihood() / r.n(), r.logLikelihood() - r.lichessLogLikelihood()));
        out.println(TEXT.text("mean", r.meanScore()));
        out.println(TEXT.text("table.header"));
        out.println(String.format(Locale.ROOT, "%-14s %7s %9s %9s %9s", "cp", "n", "observed", "fitted", "lichess"));
        for (Calibration.Bucket b : r.table()) {
            String range = b.fromCp() == Integer.MIN_VALUE ? "< " + b.toCp() : b.toCp() == Integer.MAX_VALUE ? ">= " + b.fromCp()
                    : b.fromCp() + ".." + (b.toCp() - 1);
            out.println(String.format(Locale.ROOT, "%-14s %7d %9.3f %9.3f %9.3f", range, b.n(), b.observed(), b.fitted(), b.lichess()));
        }
        // Machine-read: always this English line, last.
        out.println(String.format(Locale.ROOT, "k %.8f low %.8f high %.8f n %d", r.k(), r.low(), r.high(), r.n()));
    }

    /** One row per evaluated position: where it is from, the engine's score and the result, both for the side to move. */
    private void writeCsv(List<Calibration.Observation> observations) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            w.write("source,game,ply,cp,score\n");
            for (Calibration.Observation o : observations) {
                w.write(csvField(o.source()) + "," + o.gameNumber() + "," + o.ply() + "," + o.cp() + ","
                        + (o.score() == 0.5 ? "0.5" : o.score() == 1 ? "1" : "0") + "\n");
            }
        }
    }

    private static String csvField(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private CommandLine.ParameterException usage(String key, Object... args) {
        return new CommandLine.ParameterException(spec.commandLine(), TEXT.text(key, args));
    }
}

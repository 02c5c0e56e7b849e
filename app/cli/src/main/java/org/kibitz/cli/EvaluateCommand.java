package org.kibitz.cli;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Games;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EvaluationCounts;
import org.kibitz.core.evaluate.EvaluationJob;
import org.kibitz.core.evaluate.EvaluationRequest;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.GameSelection;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.evaluate.Shard;
import org.kibitz.core.evaluate.judge.JudgeSpecException;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.report.EvaluationOutputs;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.jobs.JobState;
import org.kibitz.core.jobs.Progress;
import org.kibitz.core.store.AnalysisStore;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz evaluate FILE... [--engine E ...] [limits] [outputs]}: every position of every selected
 * game evaluated by each engine, on the {@link BatchEvaluation} service the workbench uses too. Progress
 * on stderr; failed positions and broken games reported there with file, game and ply; the last line on
 * stdout is {@code games G positions P evaluated E cached C failed F}. Exit 0 when everything was
 * evaluated, 1 when some positions failed or games were broken, 2 on a usage or I/O error.
 */
@Command(name = "evaluate", aliases = "eval", resourceBundle = "org.kibitz.cli.evaluate", sortOptions = false)
final class EvaluateCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("evaluate");
    /** The node limit when none is given: a tenth of a second or so for Stockfish on one core. */
    static final long DEFAULT_NODES = 100_000;

    private final Games games;
    private final Formats formats;
    private final EngineRegistry registry;
    private final Provider<AnalysisStore> store;
    private final JobRunner runner;
    private final KibitzPaths paths;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", descriptionKey = "files")
    List<Path> files = new ArrayList<>();

    @Option(names = "--engine", paramLabel = "ENGINE", descriptionKey = "engine")
    List<String> engines = new ArrayList<>();

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Limit limit;

    static final class Limit {
        @Option(names = "--depth", paramLabel = "N", descriptionKey = "depth")
        Integer depth;

        @Option(names = "--nodes", paramLabel = "N", descriptionKey = "nodes")
        Long nodes;

        @Option(names = "--movetime", paramLabel = "MS", descriptionKey = "movetime")
        Long movetime;
    }

    @Option(names = "--multipv", paramLabel = "K", defaultValue = "1", descriptionKey = "multipv")
    int multipv;

    @Option(names = "--jobs", paramLabel = "J", descriptionKey = "jobs")
    Integer jobs;

    @Option(names = "--games", paramLabel = "RANGE", descriptionKey = "games")
    String gameRange;

    @Option(names = "--from-ply", paramLabel = "P", defaultValue = "1", descriptionKey = "fromPly")
    int fromPly;

    @Option(names = "--side", paramLabel = "SIDE", defaultValue = "both", descriptionKey = "side")
    String side;

    @Option(names = "--player", paramLabel = "NAME", descriptionKey = "player")
    String player;

    @Option(names = "--out", paramLabel = "FILE", descriptionKey = "out")
    Path out;

    @Option(names = "--csv", paramLabel = "FILE", descriptionKey = "csv")
    Path csv;

    @Option(names = "--jsonl", paramLabel = "FILE", descriptionKey = "jsonl")
    Path jsonl;

    @Option(names = "--plots", paramLabel = "DIR", descriptionKey = "plots")
    Path plots;

    @Option(names = "--svg", descriptionKey = "svg")
    boolean svg;

    @Option(names = "--judge", paramLabel = "MODEL", descriptionKey = "judge")
    String judge;

    @Option(names = "--shard", paramLabel = "I/N", descriptionKey = "shard")
    String shard;

    @Option(names = "--run-id", paramLabel = "R", descriptionKey = "runId")
    String runId;

    @Option(names = "--fresh", descriptionKey = "fresh")
    boolean fresh;

    @Option(names = "--no-store", descriptionKey = "noStore")
    boolean noStore;

    @Option(names = "--timeout", paramLabel = "SECONDS", descriptionKey = "timeout")
    Long timeout;

    @Option(names = "--option", paramLabel = "NAME=VALUE", descriptionKey = "option")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto", descriptionKey = "progress",
            converter = PerftCommand.ProgressModeConverter.class)
    CliProgress.Mode progress;

    @Inject
    EvaluateCommand(Games games, Formats formats, EngineRegistry registry, Provider<AnalysisStore> store,
                    JobRunner runner, KibitzPaths paths) {
        this.games = games;
        this.formats = formats;
        this.registry = registry;
        this.store = store;
        this.runner = runner;
        this.paths = paths;
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                throw usage("file.missing", f);
            }
        }
        if (multipv < 1) {
            throw usage("multipv.bad");
        }
        GameSelection selection;
        Shard.Resolved resolved;
        try {
            selection = new GameSelection(GameSelection.parseRanges(gameRange), fromPly, GameSelection.SideFilter.parse(side),
                    Optional.ofNullable(player));
            resolved = Shard.resolve(shard, System.getenv());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        resolved.fromVariable().ifPresent(v -> err.println(TEXT.text("shard.from", resolved.shard(), v)));
        SearchLimits limits = limits().withMultiPv(multipv);
        int j = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        if (j < 1) {
            throw usage("jobs.bad");
        }
        GameFiles gameFiles = new GameFiles(games, formats);
        List<EngineRef> refs = engineRefs(err);
        Duration patience = Duration.ofSeconds(timeout != null ? Math.max(1, timeout)
                : limits.moveTime().map(t -> t.toSeconds() * 2 + 30).orElse(300L));
        EvaluationRequest request = new EvaluationRequest(files, refs, limits, selection, resolved.shard(), patience, j,
                !noStore, Optional.ofNullable(runId));
        BatchEvaluation.Plan plan;
        try {
            plan = BatchEvaluation.plan(request, gameFiles);
        } catch (GameFiles.OpenException e) {
            err.println(TEXT.text("file.unreadable", e.text().render()));
            return 2;
        } catch (IOException e) {
            err.println(TEXT.text("io", e.getMessage()));
            return 2;
        }
        String gameId = plan.opened().stream().flatMap(f -> f.first().stream()).findFirst()
                .map(org.kibitz.api.tree.GameTree::gameId).orElse("chess");
        JudgementModel model;
        try {
            model = judge == null ? JudgementModel.forGame(gameId) : JudgementModel.parse(judge, gameId);
        } catch (JudgeSpecException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.text().render());
        }
        EvaluationOutputs.Targets targets = new EvaluationOutputs.Targets(Optional.ofNullable(out), Optional.ofNullable(csv),
                Optional.ofNullable(jsonl), Optional.ofNullable(plots), svg);
        EvaluationOutputs outputs;
        try {
            outputs = EvaluationOutputs.open(targets, model, gameFiles, plan, Locale.getDefault());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        } catch (IOException e) {
            err.println(TEXT.text("io", e.getMessage()));
            return 2;
        }
        Optional<AnalysisStore> kept = noStore ? Optional.empty() : Optional.of(store.get());
        kept.flatMap(AnalysisStore::problem).ifPresent(p -> err.println(TEXT.text("store.problem", p.render())));
        Path runs = paths.data().resolve("runs");
        try (SessionPool pool = SessionPool.of(registry, games, j, j);
             CliProgress bar = CliProgress.open(progress, err, plan.opened().get(0).file().getFileName().toString())) {
            Reporter reporter = new Reporter(err, bar, plan, outputs);
            BatchEvaluation.Batch batch = BatchEvaluation.start(plan, runs, fresh, gameFiles, pool, kept, runner, reporter);
            reporter.counts = batch.counts();
            outputs.engines(batch.job().fingerprints());
            JobResult<?> result = batch.handle().result().get();
            kept.ifPresent(AnalysisStore::flush);
            bar.close();
            EvaluationCounts counts = batch.counts();
            if (result.state() != JobState.COMPLETED) {
                // The outputs would hold part of the games: the targets are left as they were.
                outputs.abort();
            }
            if (result.state() == JobState.FAILED) {
                err.println(TEXT.text("failed", result.error().map(Throwable::getMessage).orElse("?")));
                stdout.println(counts.summaryLine());
                stdout.flush();
                return 2;
            }
            if (result.state() == JobState.CANCELLED) {
                err.println(TEXT.text("cancelled"));
            }
            if (result.state() == JobState.COMPLETED) {
                outputs.close();
                for (String problem : outputs.problems()) {
                    err.println(TEXT.text("output.problem", problem));
                }
                for (String line : outputs.summaryLines()) {
                    stdout.println(line);
                }
            }
            stdout.println(counts.summaryLine());
            stdout.flush();
            err.flush();
            return counts.failed() > 0 || counts.brokenGames() > 0 || result.state() != JobState.COMPLETED ? 1 : 0;
        } catch (EngineException e) {
            outputs.abort();
            err.println(TEXT.text("engine.failed", e.text().render()));
            return 2;
        } catch (IOException e) {
            outputs.abort();
            err.println(TEXT.text("io", e.getMessage()));
            return 2;
        } catch (InterruptedException e) {
            outputs.abort();
            Thread.currentThread().interrupt();
            return 1;
        } catch (ExecutionException e) {
            outputs.abort();
            err.println(TEXT.text("failed", String.valueOf(e.getCause())));
            return 2;
        }
    }

    /** Prints failures as they come, feeds the progress display, and hands each game to the outputs. */
    private static final class Reporter implements BatchEvaluation.Listener {
        private final PrintWriter err;
        private final CliProgress bar;
        private final BatchEvaluation.Plan plan;
        private final EvaluationOutputs outputs;
        volatile EvaluationCounts counts;

        Reporter(PrintWriter err, CliProgress bar, BatchEvaluation.Plan plan, EvaluationOutputs outputs) {
            this.err = err;
            this.bar = bar;
            this.plan = plan;
            this.outputs = outputs;
        }

        @Override
        public void position(EvaluationJob.Unit unit, PositionEval eval) {
            if (eval.failed()) {
                String file = plan.opened().get(unit.file()).file().getFileName().toString();
                synchronized (err) {
                    err.println(TEXT.text("position.failed", file, unit.entry().gameNumber(), eval.ply(),
                            plan.request().engines().get(unit.engine()).name(), eval.error()));
                    err.flush();
                }
            }
        }

        @Override
        public void game(GameResults results) {
            outputs.game(results);
            results.broken().ifPresent(reason -> {
                synchronized (err) {
                    err.println(TEXT.text("game.broken", reason));
                    err.flush();
                }
            });
        }

        @Override
        public void progress(Progress p) {
            EvaluationCounts c = counts;
            bar.update(p, c == null ? "" : TEXT.text("progress.positions", c.positions(),
                    String.format(Locale.ROOT, "%.0f", positionsPerSecond(c, p))));
        }

        private double positionsPerSecond(EvaluationCounts c, Progress p) {
            double s = p.elapsed().toMillis() / 1000.0;
            return s <= 0 ? 0 : c.positions() / s;
        }
    }

    private SearchLimits limits() {
        if (limit == null) {
            return SearchLimits.nodes(DEFAULT_NODES);
        }
        if (limit.depth != null) {
            return SearchLimits.depth(positive(limit.depth));
        }
        if (limit.nodes != null) {
            return SearchLimits.nodes(positive(limit.nodes));
        }
        return SearchLimits.moveTime(Duration.ofMillis(positive(limit.movetime)));
    }

    /** The engines named, else the first listed one (the built-in engine when the list has no other). */
    private List<EngineRef> engineRefs(PrintWriter err) {
        if (registry.load() instanceof EngineRegistry.LoadReport.Corrupt c) {
            err.println(TEXT.text("engines.corrupt", registry.file(), c.reason(),
                    c.setAside().map(Object::toString).orElse("-")));
        }
        List<EngineRef> out = new ArrayList<>();
        if (engines.isEmpty()) {
            List<EngineEntry> list = registry.entries();
            EngineEntry chosen = list.stream().filter(e -> !e.builtin()).findFirst()
                    .orElseGet(() -> list.stream().filter(EngineEntry::builtin).findFirst().orElse(EngineEntry.builtinEngine()));
            err.println(TEXT.text("engine.default", chosen.name()));
            out.add(EngineRef.listed(chosen).withOptions(options));
            return out;
        }
        for (String e : engines) {
            try {
                out.add(registry.resolve(e).withOptions(options));
            } catch (EngineRef.ResolveException ex) {
                throw new CommandLine.ParameterException(spec.commandLine(), ex.text().render());
            }
        }
        return out;
    }

    private <T extends Number> T positive(T n) {
        if (n.longValue() < 1) {
            throw usage("limit.bad");
        }
        return n;
    }

    private CommandLine.ParameterException usage(String key, Object... args) {
        return new CommandLine.ParameterException(spec.commandLine(), TEXT.text(key, args));
    }
}

package org.kibitz.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EngineWinModels;
import org.kibitz.core.evaluate.Shard;
import org.kibitz.core.evaluate.judge.JudgeSpecException;
import org.kibitz.core.evaluate.judge.JudgementModel;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options {@code evaluate} and {@code compare} share, one batch of engine searches over game files:
 * engines, limit, jobs, games, shard, run, store, timeout, engine options, progress. Their help texts are
 * in the {@code batch} bundle; each command's own options and messages stay in its own.
 */
@CommandLine.Command(resourceBundle = "org.kibitz.cli.batch")
final class BatchArgs {

    private static final Messages TEXT = Messages.of("batch");

    /** The node limit when none is given: a tenth of a second or so for Stockfish on one core. */
    static final long DEFAULT_NODES = 100_000;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--engine", paramLabel = "ENGINE", descriptionKey = "engine")
    List<String> engines = new ArrayList<>();

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    LimitOptions limit;

    @Option(names = "--jobs", paramLabel = "J", descriptionKey = "jobs")
    Integer jobs;

    @Option(names = "--games", paramLabel = "RANGE", descriptionKey = "games")
    String gameRange;

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

    /** The limit given, else {@link #DEFAULT_NODES} nodes, with {@code multipv} lines. */
    SearchLimits limits(int multipv) {
        if (multipv < 1) {
            throw usage("multipv.bad");
        }
        return LimitOptions.given(limit, n -> usage("limit.bad")).orElse(SearchLimits.nodes(DEFAULT_NODES)).withMultiPv(multipv);
    }

    /** Searches at once: as given, else the number of cores. */
    int jobs() {
        int j = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        if (j < 1) {
            throw usage("jobs.bad");
        }
        return j;
    }

    /** How long one search may take before it is stopped. */
    Duration patience(SearchLimits limits) {
        return timeout != null ? Duration.ofSeconds(Math.max(1, timeout)) : org.kibitz.core.analysis.AnalysisRun.patience(limits);
    }

    /** The shard, from the option or the scheduler's variables; says on stderr when a variable chose it. */
    Shard.Resolved shard(PrintWriter err) {
        Shard.Resolved resolved;
        try {
            resolved = Shard.resolve(shard, System.getenv());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        resolved.fromVariable().ifPresent(v -> err.println(TEXT.text("shard.from", resolved.shard(), v)));
        return resolved;
    }

    /** The files, each of which must exist. */
    boolean requireFiles(List<Path> files, PrintWriter err) {
        // Said alone, without the command's whole usage: the command line is right, the file is not.
        for (Path f : files) {
            if (java.nio.file.Files.isDirectory(f)) {
                err.println(TEXT.text("file.folder", Terminal.safe(InputFiles.shown(f))));
                return false;
            }
            if (!java.nio.file.Files.isRegularFile(f)) {
                err.println(TEXT.text("file.missing", Terminal.safe(InputFiles.shown(f))));
                return false;
            }
        }
        return true;
    }

    /**
     * The engines named, else the first {@code wanted} of the list (the built-in engine when the list has
     * no other), each with the options given.
     */
    List<EngineRef> engineRefs(EngineRegistry registry, PrintWriter err, int wanted) {
        EngineLookup.readList(registry, err, TEXT, "engines.corrupt");
        List<EngineRef> out = new ArrayList<>();
        if (engines.isEmpty()) {
            List<EngineEntry> list = new ArrayList<>(registry.entries().stream().filter(e -> !e.builtin()).toList());
            list.add(registry.entries().stream().filter(EngineEntry::builtin).findFirst().orElse(EngineEntry.builtinEngine()));
            for (EngineEntry chosen : list.subList(0, Math.min(wanted, list.size()))) {
                err.println(TEXT.text("engine.default", chosen.name()));
                out.add(EngineLookup.requireOneLine(spec, EngineRef.listed(chosen).withOptions(options)));
            }
            return out;
        }
        for (String e : engines) {
            out.add(EngineLookup.requireOneLine(spec, EngineLookup.resolve(registry, e, spec).withOptions(options)));
        }
        return out;
    }

    /**
     * The judgement model {@code judge} names (a command's {@code --judge}), else the one of the game the
     * plan's first game is of; a model that does not parse is a usage error.
     */
    JudgementModel judgement(String judge, BatchEvaluation.Plan plan) {
        String gameId = BatchRun.gameId(plan);
        try {
            return judge == null ? JudgementModel.forGame(gameId) : JudgementModel.parse(judge, gameId);
        } catch (JudgeSpecException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.text().render());
        }
    }

    /**
     * The model each engine of the plan is judged with: {@link #judgement}'s, with the engine's own win
     * model when it has one and {@code judge} sets no {@code k} ({@link EngineWinModels#choose}).
     */
    List<EngineWinModels.Chosen> models(String judge, BatchEvaluation.Plan plan) {
        JudgementModel base = judgement(judge, plan);
        String gameId = BatchRun.gameId(plan);
        boolean kGiven = JudgementModel.setsK(judge);
        List<EngineWinModels.Chosen> out = new ArrayList<>();
        for (EngineRef ref : plan.request().engines()) {
            out.add(EngineWinModels.choose(base, ref.entry(), gameId, kGiven));
        }
        return out;
    }

    /**
     * A warning on {@code err} for each engine whose fitted {@code k} was fitted at another limit than the
     * one searched now: {@code k} depends on the limit, and the user should know the judgements lean on it.
     */
    static void warnLimits(PrintWriter err, BatchEvaluation.Plan plan, List<EngineWinModels.Chosen> models) {
        for (int i = 0; i < models.size(); i++) {
            String name = plan.request().engines().get(i).name();
            String searched = plan.request().limitText().replaceAll(" multipv=\\d+$", "").replace('=', ' ');
            models.get(i).fittedAtOtherLimit(plan.request().limits())
                    .ifPresent(at -> err.println(TEXT.text("model.otherLimit", name, at, searched)));
        }
    }

    /**
     * One line on {@code out} per engine naming its model, {@code model <engine>: <win model> k=<k> (<where
     * k came from>); <the judgement model>}: every output names the model it was judged with.
     */
    static void printModels(PrintWriter out, BatchEvaluation.Plan plan, List<EngineWinModels.Chosen> models) {
        for (int i = 0; i < models.size(); i++) {
            EngineWinModels.Chosen c = models.get(i);
            out.println(TEXT.text("model.line", plan.request().engines().get(i).name(), c.winText(),
                    c.sourceText().render(), c.model().describe()));
        }
    }

    CommandLine.ParameterException usage(String key, Object... args) {
        return new CommandLine.ParameterException(spec.commandLine(), TEXT.text(key, args));
    }
}

package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EvaluationCounts;
import org.kibitz.core.evaluate.GameSelection;
import org.kibitz.core.evaluate.compare.Comparison;
import org.kibitz.core.evaluate.compare.ComparisonOutputs;
import org.kibitz.core.evaluate.report.EvaluationOutputs;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobState;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz compare FILE... --engine A --engine B [...]}: two or more engines on every position of
 * the selected games (or of an EPD/FEN list), side by side. It is a batch evaluation with several engines
 * ({@link BatchEvaluation}, the same jobs and store: a position an engine already evaluated at this limit
 * is not searched again), read by {@link Comparison}. The last line on stdout is
 * {@code positions P agreement A% top3 T% mean_dwin M disagreements D}, for the first two engines.
 * Exit 0 when everything was compared, 1 when some positions failed or games were broken, 2 on a usage or I/O error.
 */
@Command(name = "compare", resourceBundle = "org.kibitz.cli.compare", sortOptions = false)
final class CompareCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("compare");

    private final BatchRun run;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineLogOption engineLog;

    @Parameters(arity = "1..*", paramLabel = "FILE", descriptionKey = "files", converter = InputFiles.Converter.class)
    List<Path> files = new ArrayList<>();

    @Mixin
    BatchArgs batch;

    @Option(names = "--multipv", paramLabel = "K", defaultValue = "" + Comparison.DEFAULT_MULTIPV, descriptionKey = "multipv")
    int multipv;

    @Option(names = "--threshold", paramLabel = "POINTS", defaultValue = "" + Comparison.DEFAULT_THRESHOLD, descriptionKey = "threshold")
    double threshold;

    @Option(names = "--csv", paramLabel = "FILE", descriptionKey = "csv")
    Path csv;

    @Option(names = "--jsonl", paramLabel = "FILE", descriptionKey = "jsonl")
    Path jsonl;

    @Option(names = "--out", paramLabel = "FILE", descriptionKey = "out")
    Path out;

    @Option(names = "--plots", paramLabel = "DIR", descriptionKey = "plots")
    Path plots;

    @Option(names = "--svg", descriptionKey = "svg")
    boolean svg;

    @Option(names = "--judge", paramLabel = "MODEL", descriptionKey = "judge")
    String judge;

    @Inject
    CompareCommand(BatchRun run) {
        this.run = run;
    }

    @Override
    public Integer call() {
        // Every engine this command starts writes to the engine log, which --log writes out.
        try (EngineLogOption.Running logging = engineLog.start("compare", spec.commandLine().getErr(), spec.commandLine())) {
            return callLogged();
        }
    }

    private Integer callLogged() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<BatchRun.Planned> planned = run.plan(batch, files, multipv,
                games -> new GameSelection(games, 1, GameSelection.SideFilter.BOTH, Optional.empty()), 2, err, TEXT);
        if (planned.isEmpty()) {
            return 2;
        }
        java.util.OptionalInt empty = BatchRun.refuseEmpty(planned.get(), stdout, err);
        if (empty.isPresent()) {
            return empty.getAsInt();
        }
        BatchEvaluation.Plan plan = planned.get().plan();
        Comparison comparison;
        java.util.List<org.kibitz.core.evaluate.EngineWinModels.Chosen> chosen = batch.models(judge, plan);
        BatchArgs.warnLimits(err, plan, chosen);
        try {
            comparison = new Comparison(batch.judgement(judge, plan), threshold,
                    chosen.stream().map(org.kibitz.core.evaluate.EngineWinModels.Chosen::model).toList());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        EvaluationOutputs.Targets targets = new EvaluationOutputs.Targets(Optional.ofNullable(out), Optional.ofNullable(csv),
                Optional.ofNullable(jsonl), Optional.ofNullable(plots), svg);
        Optional<ComparisonOutputs> opened = BatchRun.outputs(batch, err, TEXT,
                () -> ComparisonOutputs.open(targets, comparison, planned.get().gameFiles(), plan, Locale.getDefault(), g -> { }));
        if (opened.isEmpty()) {
            return 2;
        }
        ComparisonOutputs outputs = opened.get();
        return BatchRun.guarded(stdout, err, TEXT, outputs::abort, () -> {
            BatchRun.Outcome outcome = run.run(planned.get(), batch, err, TEXT, outputs, f -> { });
            JobResult<?> result = outcome.result();
            EvaluationCounts counts = outcome.counts();
            if (result.state() != JobState.COMPLETED) {
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
                return 1;
            }
            outputs.close();
            for (String problem : outputs.problems()) {
                err.println(TEXT.text("output.problem", problem));
            }
            BatchArgs.printModels(stdout, plan, chosen);
            for (String line : outputs.summary().lines(Locale.getDefault())) {
                stdout.println(line);
            }
            err.println(counts.summaryLine());
            stdout.println(outputs.summary().first().summaryLine());
            stdout.flush();
            err.flush();
            return counts.failed() > 0 || counts.brokenGames() > 0 ? 1 : 0;
        });
    }
}

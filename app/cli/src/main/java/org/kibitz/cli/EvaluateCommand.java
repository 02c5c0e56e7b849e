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
import org.kibitz.core.evaluate.EngineWinModels;
import org.kibitz.core.evaluate.EvaluationCounts;
import org.kibitz.core.evaluate.GameSelection;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.report.EvaluationOutputs;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobState;
import org.kibitz.core.jobs.Progress;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
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

    private final BatchRun run;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineLogOption engineLog;

    @Parameters(arity = "1..*", paramLabel = "FILE", descriptionKey = "files", converter = InputFiles.Converter.class)
    List<Path> files = new ArrayList<>();

    @Mixin
    BatchArgs batch;

    @Option(names = "--multipv", paramLabel = "K", defaultValue = "1", descriptionKey = "multipv")
    int multipv;

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

    @Option(names = "--tree", paramLabel = "DB", descriptionKey = "tree")
    String tree;

    @Option(names = "--book", paramLabel = "BOOK", descriptionKey = "book")
    Path book;

    @Option(names = "--book-min", paramLabel = "N", defaultValue = "10", descriptionKey = "bookMin")
    int bookMin;

    @Inject
    EvaluateCommand(BatchRun run) {
        this.run = run;
    }

    @Override
    public Integer call() {
        // Every engine this command starts writes to the engine log, which --log writes out.
        try (EngineLogOption.Running logging = engineLog.start("evaluate", spec.commandLine().getErr(), spec.commandLine())) {
            return callLogged();
        }
    }

    private Integer callLogged() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<BatchRun.Planned> planned = run.plan(batch, files, multipv, games -> new GameSelection(games, fromPly,
                GameSelection.SideFilter.parse(side), Optional.ofNullable(player)), 1, err, TEXT);
        if (planned.isEmpty()) {
            return 2;
        }
        java.util.OptionalInt empty = BatchRun.refuseEmpty(planned.get(), stdout, err);
        if (empty.isPresent()) {
            return empty.getAsInt();
        }
        BatchEvaluation.Plan plan = planned.get().plan();
        List<EngineWinModels.Chosen> chosen = batch.models(judge, plan);
        BatchArgs.warnLimits(err, plan, chosen);
        List<JudgementModel> models = chosen.stream().map(EngineWinModels.Chosen::model).toList();
        EvaluationOutputs.Targets targets = new EvaluationOutputs.Targets(Optional.ofNullable(out), Optional.ofNullable(csv),
                Optional.ofNullable(jsonl), Optional.ofNullable(plots), svg);
        if (book != null && spec.commandLine().getParseResult().hasMatchedOption("--book-min")) {
            // A book's moves were chosen when it was made (book make --min-games); its weights are not game counts.
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("book.minWithBook"));
        }
        try (BookOption.Opened opening = BookOption.open(spec, tree == null ? null : TreeCommand.database(run.paths(), tree), book, bookMin, BatchRun.gameId(plan), err, TEXT)) {
            if (opening == null) {
                return 2;
            }
            Optional<EvaluationOutputs> opened = BatchRun.outputs(batch, err, TEXT,
                    () -> EvaluationOutputs.open(targets, models, opening.source(), planned.get().gameFiles(), plan,
                            Locale.getDefault()));
            if (opened.isEmpty()) {
                return 2;
            }
            return run(planned.get(), opened.get(), chosen, stdout, err);
        }
    }

    private Integer run(BatchRun.Planned planned, EvaluationOutputs outputs, List<EngineWinModels.Chosen> chosen,
                        PrintWriter stdout, PrintWriter err) {
        BatchEvaluation.Plan plan = planned.plan();
        return BatchRun.guarded(stdout, err, TEXT, outputs::abort, () -> {
            BatchRun.Outcome outcome = run.run(planned, batch, err, TEXT, outputs, outputs::engines);
            JobResult<?> result = outcome.result();
            EvaluationCounts counts = outcome.counts();
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
                BatchArgs.printModels(stdout, plan, chosen);
                for (String line : outputs.summaryLines()) {
                    stdout.println(line);
                }
            }
            stdout.println(counts.summaryLine());
            stdout.flush();
            err.flush();
            return counts.failed() > 0 || counts.brokenGames() > 0 || result.state() != JobState.COMPLETED ? 1 : 0;
        });
    }
}

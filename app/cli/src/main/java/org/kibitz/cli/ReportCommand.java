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
import org.kibitz.core.evaluate.report.ReportFormat;
import org.kibitz.core.evaluate.report.html.HtmlReport;
import org.kibitz.core.evaluate.report.html.OpeningLabels;
import org.kibitz.core.evaluate.report.html.PlayerReport;
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
 * {@code kibitz report FILE... --html OUT.html [--player NAME] [--lang en|zh] [batch options]}: a
 * player report as one self-contained HTML page. The games are evaluated by the same batch as
 * {@code evaluate} (same defaults, same analysis store, same judging), so a report made after an
 * {@code evaluate} of the same files with the same engine and limit searches nothing and shows its
 * figures. The page is written atomically once every game is done; the last stdout line is
 * {@code report <FILE> games <G> players <P>}.
 */
@Command(name = "report", resourceBundle = "org.kibitz.cli.report", sortOptions = false)
final class ReportCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("report");

    private final BatchRun run;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineLogOption engineLog;

    @Parameters(arity = "1..*", paramLabel = "FILE", descriptionKey = "files", converter = InputFiles.Converter.class)
    List<Path> files = new ArrayList<>();

    @Option(names = "--html", paramLabel = "FILE", required = true, descriptionKey = "html")
    Path html;

    @Option(names = "--player", paramLabel = "NAME", descriptionKey = "player")
    String player;

    @Option(names = "--lang", paramLabel = "LANG", descriptionKey = "lang")
    String lang;

    @Option(names = "--title", paramLabel = "TEXT", descriptionKey = "title")
    String title;

    @Mixin
    BatchArgs batch;

    @Option(names = "--judge", paramLabel = "MODEL", descriptionKey = "judge")
    String judge;

    @Inject
    ReportCommand(BatchRun run) {
        this.run = run;
    }

    @Override
    public Integer call() {
        try (EngineLogOption.Running logging = engineLog.start("report", spec.commandLine().getErr(), spec.commandLine())) {
            return callLogged();
        }
    }

    /** The page's language: {@code --lang}, else the system's (Chinese for any zh locale). */
    private Locale locale() {
        String l = lang == null ? Locale.getDefault().getLanguage() : lang.strip().toLowerCase(Locale.ROOT);
        return switch (l) {
            case "zh", "zh-cn", "zh_cn", "cn" -> Locale.SIMPLIFIED_CHINESE;
            case "en" -> Locale.ENGLISH;
            default -> {
                if (lang != null) {
                    throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("lang.bad", lang));
                }
                yield Locale.ENGLISH;
            }
        };
    }

    private Integer callLogged() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Locale locale = locale();
        if (java.nio.file.Files.isDirectory(html)) {
            err.println(TEXT.text("io", Terminal.safe(InputFiles.shown(html)) + ": is a folder"));
            return 2;
        }
        Optional<BatchRun.Planned> planned = run.plan(batch, files, 1, games -> new GameSelection(games, 1,
                GameSelection.SideFilter.BOTH, Optional.ofNullable(player)), 1, err, TEXT);
        if (planned.isEmpty()) {
            return 2;
        }
        java.util.OptionalInt empty = BatchRun.refuseEmpty(planned.get(), stdout, err);
        if (empty.isPresent()) {
            return empty.getAsInt();
        }
        BatchEvaluation.Plan plan = planned.get().plan();
        List<EngineWinModels.Chosen> chosen = batch.models(judge, plan);
        PlayerReport report = new PlayerReport(chosen.get(0).model(), planned.get().gameFiles().games(), OpeningLabels.DEFAULT);
        return BatchRun.guarded(stdout, err, TEXT, () -> { }, () -> {
            BatchRun.Outcome outcome = run.run(planned.get(), batch, err, TEXT, report, f -> { });
            JobResult<?> result = outcome.result();
            EvaluationCounts counts = outcome.counts();
            if (result.state() == JobState.FAILED) {
                err.println(TEXT.text("failed", result.error().map(Throwable::getMessage).orElse("?")));
                stdout.println(counts.summaryLine());
                stdout.flush();
                return 2;
            }
            if (result.state() == JobState.CANCELLED) {
                // A page of part of the games would be taken for the whole: nothing is written.
                err.println(TEXT.text("cancelled"));
                stdout.println(counts.summaryLine());
                stdout.flush();
                return 1;
            }
            BatchArgs.printModels(stdout, plan, chosen);
            Optional<String> only = Optional.ofNullable(player).map(String::strip).filter(p -> !p.isEmpty());
            List<PlayerReport.Player> players = report.players(only);
            List<String> sources = files.stream().map(f -> f.getFileName().toString()).toList();
            HtmlReport.write(html, report, locale, only, new HtmlReport.About(title == null ? "" : title,
                    plan.request().engines().get(0).name(), plan.request().limitText(), chosen.get(0).model().describe(), sources));
            for (PlayerReport.Player p : players) {
                stdout.println(Terminal.safe(TEXT.text("player.line", p.name(), String.valueOf(p.totals().games()),
                        ReportFormat.fixed(p.totals().accuracy(), 1))));
            }
            stdout.println(counts.summaryLine());
            stdout.println(TEXT.text("written", Terminal.safe(html.toString()), String.valueOf(report.games().size()),
                    String.valueOf(players.size())));
            stdout.flush();
            err.flush();
            return counts.failed() > 0 || counts.brokenGames() > 0 ? 1 : 0;
        });
    }
}

package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.PerftService;
import org.kibitz.core.jobs.Job;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobObserver;
import org.kibitz.core.jobs.JobOptions;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.jobs.JobState;
import org.kibitz.core.jobs.JournalException;
import org.kibitz.core.jobs.Progress;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz perft}: counts the legal move tree of any game, or checks a perft EPD. The last line is
 * always {@code nodes <count> time_ms <ms> nps <nodes per second>}.
 */
@Command(name = "perft", resourceBundle = "org.kibitz.cli.perft", sortOptions = false)
final class PerftCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("perft");

    private final Games games;
    private final PerftService perft;

    @Spec
    CommandSpec spec;

    @Option(names = "--game", required = true, paramLabel = "GAME", descriptionKey = "game")
    String game;

    @Option(names = "--fen", paramLabel = "FEN", descriptionKey = "fen")
    String fen;

    @Option(names = "--depth", paramLabel = "N", descriptionKey = "depth")
    Integer depth;

    @Option(names = "--divide", descriptionKey = "divide")
    boolean divide;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", descriptionKey = "threads")
    int threads;

    @Option(names = "--epd", paramLabel = "FILE", descriptionKey = "epd")
    Path epd;

    @Option(names = "--max-depth", paramLabel = "N", defaultValue = "0", descriptionKey = "maxDepth")
    int maxDepth;

    @Option(names = "--jobs", paramLabel = "J", defaultValue = "1", descriptionKey = "jobs")
    int jobs;

    @Option(names = "--journal", paramLabel = "FILE", descriptionKey = "journal")
    Path journal;

    @Option(names = "--resume", descriptionKey = "resume")
    boolean resume;

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto", descriptionKey = "progress",
            converter = ProgressModeConverter.class)
    CliProgress.Mode progress;

    private final JobRunner runner;

    @Inject
    PerftCommand(Games games, PerftService perft, JobRunner runner) {
        this.games = games;
        this.perft = perft;
        this.runner = runner;
    }

    /** {@code auto}, {@code bar}, {@code plain} or {@code none}, in any case. */
    static final class ProgressModeConverter implements CommandLine.ITypeConverter<CliProgress.Mode> {
        @Override
        public CliProgress.Mode convert(String value) {
            try {
                return CliProgress.Mode.valueOf(value.toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(TEXT.text("progress.mode", value));
            }
        }
    }

    @Override
    public Integer call() throws IOException {
        GamePlugin g = GameOption.game(games, game, spec);
        if (epd != null) {
            if (fen != null || divide || depth != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("epd.alone"));
            }
            if (resume && journal == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("resume.needsJournal"));
            }
            if (jobs < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("jobs.positive"));
            }
            return checkEpd(g);
        }
        if (journal != null || resume) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("journal.epdOnly"));
        }
        if (depth == null || depth < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("depth.needed"));
        }
        Position position = GameOption.position(g, game, fen, spec);
        PrintWriter out = spec.commandLine().getOut();
        PerftService.Result result;
        if (divide) {
            long t0 = System.nanoTime();
            Map<Move, Long> split = perft.divide(g, position, depth);
            long nanos = System.nanoTime() - t0;
            long total = 0;
            for (Map.Entry<Move, Long> e : split.entrySet()) {
                out.println(e.getKey().coordinates(g.coordinateRankBase()) + ": " + e.getValue());
                total += e.getValue();
            }
            out.println();
            result = new PerftService.Result(depth == 0 ? 1 : total, nanos);
        } else {
            result = perft.perft(g, position, depth, threads);
        }
        out.println(result.line());
        out.flush();
        return 0;
    }

    /**
     * The EPD check as a job of one item a line: progress on stderr, mismatches printed as lines are
     * counted (lines taken from a resumed journal first), and the summary from every line's result.
     */
    private int checkEpd(GamePlugin g) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PerftService.EpdFile file;
        try {
            file = perft.readEpd(g, epd, maxDepth);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("epd.missing", epd.toString()));
        }
        for (PerftService.Problem p : file.problems()) {
            err.println(TEXT.text("epd.problem", epd.toString(), String.valueOf(p.line()), p.reason().render(), p.content()));
        }
        err.flush();
        JobOptions options = JobOptions.DEFAULT.withParallelism(jobs);
        if (journal != null) {
            options = options.withJournal(journal, resume);
        }
        Job<PerftService.EpdPosition, PerftService.Counted> job = perft.epdJob(file);
        JobResult<PerftService.Counted> result;
        try (CliProgress bar = CliProgress.open(progress, err, job.name())) {
            JobHandle<PerftService.EpdPosition, PerftService.Counted> handle = runner.submit(job, options, new JobObserver<>() {
                @Override
                public void progress(Progress p) {
                    bar.update(p);
                }

                @Override
                public void itemDone(PerftService.EpdPosition item, PerftService.Counted counted, boolean fromJournal) {
                    for (PerftService.Mismatch m : perft.mismatches(item, counted)) {
                        out.println(TEXT.text("epd.mismatch", String.valueOf(m.line()), m.depth(),
                                String.valueOf(m.expected()), String.valueOf(m.actual()), m.fen()));
                    }
                    out.flush();
                }

                @Override
                public void itemFailed(PerftService.EpdPosition item, Throwable error) {
                    synchronized (err) {
                        err.println(TEXT.text("epd.lineFailed", epd.toString(), String.valueOf(item.line()), String.valueOf(error)));
                        err.flush();
                    }
                }

                @Override
                public void notice(org.kibitz.api.i18n.Text message) {
                    synchronized (err) {
                        err.println("kibitz: " + Terminal.safe(message.render()));
                        err.flush();
                    }
                }
            });
            result = awaitInterruptibly(handle);
        }
        if (result.state() == JobState.FAILED) {
            Throwable e = result.error().orElseThrow();
            if (e instanceof JournalException j) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("journal.unusable", j.text().render()));
            }
            throw new IllegalStateException(e);
        }
        PerftService.EpdReport report = perft.report(file, result);
        boolean passed = report.passed() && result.complete();
        out.println(TEXT.text(passed ? "epd.passed" : "epd.failed", report.positions(), report.counts(),
                report.mismatches().size(), report.problems().size() + result.failures().size()));
        out.println(report.total().line());
        out.flush();
        return passed ? 0 : 1;
    }

    /** Waits for the job; an interrupt (the JVM shutting down) cancels it, and the journal keeps what was done. */
    private static <R> JobResult<R> awaitInterruptibly(JobHandle<?, R> handle) throws java.io.InterruptedIOException {
        try {
            return handle.await();
        } catch (InterruptedException e) {
            handle.cancel();
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted");
        }
    }
}

package org.kibitz.cli;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Games;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import org.kibitz.core.KibitzPaths;
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
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.jobs.Progress;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.EngineFingerprint;
import picocli.CommandLine;

/**
 * Plans and runs a batch for a command: the options checked in one order, the plan, the session pool,
 * progress on stderr, failed positions and broken games reported as they come (file, game, ply), each
 * finished game handed to the command's outputs, and the store flushed at the end. {@code evaluate} and
 * {@code compare} differ only in their selection, their number of engines and their outputs, so both
 * have this one, with the services a batch needs, from Guice.
 */
final class BatchRun {

    private static final Messages TEXT = Messages.of("batch");

    /** How a run ended: the job's result and the counts. */
    record Outcome(JobResult<?> result, EvaluationCounts counts) {
    }

    /** A command's batch once planned: the plan, the files it reads, and how many searches at once. */
    record Planned(BatchEvaluation.Plan plan, GameFiles gameFiles, int jobs) {
    }

    private final Games games;
    private final Formats formats;
    private final EngineRegistry registry;
    private final Provider<AnalysisStore> store;
    private final JobRunner runner;
    private final KibitzPaths paths;

    @Inject
    BatchRun(Games games, Formats formats, EngineRegistry registry, Provider<AnalysisStore> store, JobRunner runner,
             KibitzPaths paths) {
        this.games = games;
        this.formats = formats;
        this.registry = registry;
        this.store = store;
        this.runner = runner;
        this.paths = paths;
    }

    /** The data folders (for a tree named as {@code tree import --db} names it). */
    KibitzPaths paths() {
        return paths;
    }

    /** The part of a command that runs the batch and may throw what a run throws. */
    @FunctionalInterface
    interface Body {
        int run() throws EngineException, IOException, InterruptedException, ExecutionException;
    }

    /**
     * Plans what {@code batch} and the command's own options ask for, checked in this order: the files,
     * the limit with {@code multipv} lines, the games, the shard, the jobs, the engines. A bad option is a
     * usage error; empty after saying on stderr why a file cannot be read (exit 2).
     *
     * @param selection the command's selection of the games {@code --games} names; what it throws as
     *                  {@link IllegalArgumentException} is a usage error
     * @param engines   how many engines the command needs: without {@code --engine}, the first this many of
     *                  the list; fewer is the usage error {@code engines.few} of {@code text} (never when one
     *                  is needed: the built-in engine is always there)
     * @param text      the command's messages
     */
    Optional<Planned> plan(BatchArgs batch, List<Path> files, int multipv,
                           Function<List<GameSelection.Range>, GameSelection> selection, int engines, PrintWriter err,
                           Messages text) {
        if (!batch.requireFiles(files, err)) {
            return Optional.empty();
        }
        SearchLimits limits = batch.limits(multipv);
        GameSelection chosen;
        try {
            chosen = selection.apply(GameSelection.parseRanges(batch.gameRange));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(batch.spec.commandLine(), e.getMessage());
        }
        Shard.Resolved resolved = batch.shard(err);
        int j = batch.jobs();
        List<EngineRef> refs = batch.engineRefs(registry, err, engines);
        if (refs.size() < engines) {
            throw new CommandLine.ParameterException(batch.spec.commandLine(), text.text("engines.few"));
        }
        GameFiles gameFiles = new GameFiles(games, formats);
        EvaluationRequest request = new EvaluationRequest(files, refs, limits, chosen, resolved.shard(), batch.patience(limits), j,
                !batch.noStore, Optional.ofNullable(batch.runId));
        try {
            Planned planned = new Planned(BatchEvaluation.plan(request, gameFiles), gameFiles, j);
            warnings(planned.plan(), err);
            return Optional.of(planned);
        } catch (GameFiles.OpenException e) {
            err.println(text.text("file.unreadable", e.text().render()));
        } catch (IOException e) {
            err.println(text.text("io", e.getMessage()));
        }
        return Optional.empty();
    }

    /**
     * Says on stderr which files hold no game; when the plan has no game at all, says that nothing is
     * written, prints the empty summary line and gives exit 1: the outputs are then never opened, so an
     * existing one stays as it was. Empty when there are games to run.
     */
    static java.util.OptionalInt refuseEmpty(Planned planned, PrintWriter out, PrintWriter err) {
        BatchEvaluation.Plan plan = planned.plan();
        boolean anyGame = false;
        for (GameFiles.OpenedFile f : plan.opened()) {
            if (f.entries().isEmpty()) {
                err.println(TEXT.text("file.noGames", Terminal.safe(f.file().toString())));
            } else {
                anyGame = true;
            }
        }
        if (!plan.units().isEmpty()) {
            return java.util.OptionalInt.empty();
        }
        // Games listed but none that reads (garbage that looked like a game) count as none.
        java.util.List<GameSelection.Range> ranges = plan.request().selection().games();
        int most = plan.opened().stream().mapToInt(f -> f.entries().size()).max().orElse(0);
        if (plan.skipped().isEmpty() && anyGame && !ranges.isEmpty()
                && ranges.stream().allMatch(r -> r.first() > most)) {
            // --games past the end of every file: say how many games there are, not just "none selected".
            for (GameFiles.OpenedFile f : plan.opened()) {
                err.println(TEXT.text("nothing.pastEnd", ranges.stream().map(Object::toString)
                        .collect(java.util.stream.Collectors.joining(",")), Terminal.safe(f.file().toString()), f.entries().size()));
            }
        } else {
            err.println(!plan.skipped().isEmpty() ? TEXT.text("nothing.readable", plan.skipped().size())
                    : TEXT.text(anyGame ? "nothing.selected" : "nothing.written"));
        }
        err.flush();
        out.println(new EvaluationCounts().summaryLine());
        out.flush();
        return java.util.OptionalInt.of(1);
    }

    /**
     * The warnings of the files' listing, as {@code check} says them (a line read in another encoding
     * than the file's, a tag cut): they cost nothing, but the user should know what the reading guessed.
     * Errors are said as broken games when their turn comes.
     */
    private static void warnings(BatchEvaluation.Plan plan, PrintWriter err) {
        java.util.Locale locale = java.util.Locale.getDefault();
        for (GameFiles.OpenedFile f : plan.opened()) {
            for (org.kibitz.api.format.FormatProblem p : f.problems()) {
                if (p.severity() == org.kibitz.api.format.FormatProblem.Severity.WARNING) {
                    err.println(p.source() + ":game " + p.gameNumber() + ":" + p.location() + ": "
                            + TEXT.text("warning", p.message().render(locale)));
                }
            }
        }
    }

    /** Opens a command's outputs; may throw what opening them throws. */
    @FunctionalInterface
    interface Opener<T> {
        T open() throws IOException;
    }

    /**
     * The command's outputs as {@code opener} opens them: a target no format can write
     * ({@link IllegalArgumentException}) is a usage error; empty after saying on stderr why a part cannot
     * be created (exit 2).
     */
    static <T> Optional<T> outputs(BatchArgs batch, PrintWriter err, Messages text, Opener<T> opener) {
        try {
            return Optional.of(opener.open());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(batch.spec.commandLine(), e.getMessage());
        } catch (IOException e) {
            err.println(text.text("io", e.getMessage()));
            return Optional.empty();
        }
    }

    /**
     * Whether Kibitz is ending (Ctrl+C, SIGTERM): its engines were ended on purpose, so the failures
     * that follow are not the engines' faults and are not reported; what was finished is in the
     * run's journal and the store, and the same command goes on from there.
     */
    static boolean ending() {
        return org.kibitz.protocols.process.EngineProcess.programEnding();
    }

    /** The game of the first game of the planned files ({@code chess} when none has one), for the judgement model. */
    static String gameId(BatchEvaluation.Plan plan) {
        return plan.opened().stream().flatMap(f -> f.first().stream()).findFirst()
                .map(org.kibitz.api.tree.GameTree::gameId).orElse("chess");
    }

    /**
     * Runs {@code body}; what it throws drops the outputs ({@code abort}) and is said on stderr with the
     * command's messages, exit 2 (1 when interrupted).
     */
    static int guarded(PrintWriter err, Messages text, Runnable abort, Body body) {
        return guarded(null, err, text, abort, body);
    }

    /**
     * {@link #guarded(PrintWriter, Messages, Runnable, Body)}, and on a failure the summary line of nothing
     * done on {@code out} (when given): a run that stops still ends with its summary (docs/limits.md).
     */
    static int guarded(PrintWriter out, PrintWriter err, Messages text, Runnable abort, Body body) {
        int exit;
        try {
            return body.run();
        } catch (EngineException e) {
            abort.run();
            if (!ending()) {
                err.println(text.text("engine.failed", e.text().render()));
            }
            exit = 2;
        } catch (IOException e) {
            abort.run();
            err.println(text.text("io", FileErrors.describe(e, null)));
            exit = 2;
        } catch (InterruptedException e) {
            abort.run();
            Thread.currentThread().interrupt();
            exit = 1;
        } catch (ExecutionException e) {
            abort.run();
            if (!ending()) {
                err.println(text.text("failed", String.valueOf(e.getCause())));
            }
            exit = 2;
        }
        if (out != null) {
            err.flush();
            out.println(new EvaluationCounts().summaryLine());
            out.flush();
        }
        return exit;
    }

    /**
     * Runs {@code planned} to its end, with the analysis store unless {@code --no-store}.
     *
     * @param outputs      hears each game, in game order
     * @param fingerprints hears the engines' fingerprints once they are known
     * @param text         the command's messages ({@code position.failed}, {@code game.broken}, {@code progress.positions})
     */
    Outcome run(Planned planned, BatchArgs batch, PrintWriter err, Messages text, BatchEvaluation.Listener outputs,
                Consumer<List<EngineFingerprint>> fingerprints)
            throws EngineException, IOException, InterruptedException, ExecutionException {
        BatchEvaluation.Plan plan = planned.plan();
        Optional<AnalysisStore> kept = batch.noStore ? Optional.empty() : Optional.of(store.get());
        kept.flatMap(AnalysisStore::problem).ifPresent(p -> err.println(TEXT.text("store.problem", p.render())));
        try (SessionPool pool = SessionPool.of(registry, games, planned.jobs(), planned.jobs());
             CliProgress bar = CliProgress.open(batch.progress, err, plan.opened().get(0).file().getFileName().toString())) {
            pool.onRetry((engine, e) -> {
                if (ending()) {
                    return;
                }
                synchronized (err) {
                    err.println(TEXT.text("engine.retried", engine, e.text().render()));
                    err.flush();
                }
            });
            Reporter reporter = new Reporter(err, bar, plan, outputs, text);
            BatchEvaluation.Batch run = BatchEvaluation.start(plan, paths.data().resolve("runs"), batch.fresh, planned.gameFiles(),
                    pool, kept, runner, reporter);
            reporter.counts = run.counts();
            fingerprints.accept(run.job().fingerprints());
            JobResult<?> result = run.handle().result().get();
            if (ending()) {
                // Ctrl+C while the last games ran: they lost their engines on purpose. The outputs are
                // dropped rather than written with those games broken; the journal has the rest.
                throw new InterruptedException("Kibitz is ending");
            }
            kept.ifPresent(AnalysisStore::flush);
            bar.close();
            return new Outcome(result, run.counts());
        }
    }

    /** Prints failures as they come, feeds the progress display, and hands each game to the outputs. */
    private static final class Reporter implements BatchEvaluation.Listener {
        private final PrintWriter err;
        private final CliProgress bar;
        private final BatchEvaluation.Plan plan;
        private final BatchEvaluation.Listener outputs;
        private final Messages text;
        volatile EvaluationCounts counts;

        Reporter(PrintWriter err, CliProgress bar, BatchEvaluation.Plan plan, BatchEvaluation.Listener outputs, Messages text) {
            this.err = err;
            this.bar = bar;
            this.plan = plan;
            this.outputs = outputs;
            this.text = text;
        }

        @Override
        public void position(EvaluationJob.Unit unit, PositionEval eval) {
            if (eval.failed() && !ending()) {
                String file = plan.opened().get(unit.file()).file().getFileName().toString();
                synchronized (err) {
                    err.println(text.text("position.failed", file, unit.entry().gameNumber(), eval.ply(),
                            plan.request().engines().get(unit.engine()).name(), eval.error()));
                    err.flush();
                }
            }
        }

        @Override
        public void game(GameResults results) {
            outputs.game(results);
            results.broken().filter(reason -> !ending()).ifPresent(reason -> {
                synchronized (err) {
                    err.println(text.text("game.broken", reason));
                    err.flush();
                }
            });
        }

        @Override
        public void notice(org.kibitz.api.i18n.Text message) {
            synchronized (err) {
                err.println("kibitz: " + Terminal.safe(message.render()));
                err.flush();
            }
        }

        @Override
        public void progress(Progress p) {
            EvaluationCounts c = counts;
            bar.update(p, c == null ? "" : text.text("progress.positions", c.positions(),
                    String.format(Locale.ROOT, "%.0f", positionsPerSecond(c, p))));
        }

        private static double positionsPerSecond(EvaluationCounts c, Progress p) {
            double s = p.elapsed().toMillis() / 1000.0;
            return s <= 0 ? 0 : c.positions() / s;
        }
    }
}

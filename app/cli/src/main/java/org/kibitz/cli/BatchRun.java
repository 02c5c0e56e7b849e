package org.kibitz.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.game.Games;
import org.kibitz.core.GameFiles;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EvaluationCounts;
import org.kibitz.core.evaluate.EvaluationJob;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.jobs.Progress;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.EngineFingerprint;

/**
 * Runs a planned batch for a command: the session pool, progress on stderr, failed positions and broken
 * games reported as they come (file, game, ply), each finished game handed to the command's outputs,
 * and the store flushed at the end. {@code evaluate} and {@code compare} differ only in their outputs.
 */
final class BatchRun {

    private static final Messages TEXT = Messages.of("batch");

    /** How a run ended: the job's result and the counts. */
    record Outcome(JobResult<?> result, EvaluationCounts counts) {
    }

    private BatchRun() {
    }

    /** The part of a command that runs the batch and may throw what a run throws. */
    @FunctionalInterface
    interface Body {
        int run() throws EngineException, IOException, InterruptedException, ExecutionException;
    }

    /**
     * The plan of {@code request}, or empty after saying on stderr why there is none (a file that
     * cannot be read: exit 2).
     */
    static Optional<BatchEvaluation.Plan> plan(org.kibitz.core.evaluate.EvaluationRequest request, GameFiles gameFiles,
                                               PrintWriter err, Messages text) {
        try {
            return Optional.of(BatchEvaluation.plan(request, gameFiles));
        } catch (GameFiles.OpenException e) {
            err.println(text.text("file.unreadable", e.text().render()));
        } catch (IOException e) {
            err.println(text.text("io", e.getMessage()));
        }
        return Optional.empty();
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
        try {
            return body.run();
        } catch (EngineException e) {
            abort.run();
            err.println(text.text("engine.failed", e.text().render()));
            return 2;
        } catch (IOException e) {
            abort.run();
            err.println(text.text("io", e.getMessage()));
            return 2;
        } catch (InterruptedException e) {
            abort.run();
            Thread.currentThread().interrupt();
            return 1;
        } catch (ExecutionException e) {
            abort.run();
            err.println(text.text("failed", String.valueOf(e.getCause())));
            return 2;
        }
    }

    /**
     * Runs {@code plan} to its end.
     *
     * @param outputs      hears each game, in game order
     * @param fingerprints hears the engines' fingerprints once they are known
     * @param text         the command's messages ({@code position.failed}, {@code game.broken}, {@code progress.positions})
     */
    static Outcome run(BatchEvaluation.Plan plan, GameFiles gameFiles, EngineRegistry registry, Games games, int jobs,
                       Optional<AnalysisStore> kept, JobRunner runner, Path runs, boolean fresh, CliProgress.Mode progress,
                       PrintWriter err, Messages text, BatchEvaluation.Listener outputs,
                       Consumer<java.util.List<EngineFingerprint>> fingerprints)
            throws EngineException, IOException, InterruptedException, ExecutionException {
        kept.flatMap(AnalysisStore::problem).ifPresent(p -> err.println(TEXT.text("store.problem", p.render())));
        try (SessionPool pool = SessionPool.of(registry, games, jobs, jobs);
             CliProgress bar = CliProgress.open(progress, err, plan.opened().get(0).file().getFileName().toString())) {
            Reporter reporter = new Reporter(err, bar, plan, outputs, text);
            BatchEvaluation.Batch batch = BatchEvaluation.start(plan, runs, fresh, gameFiles, pool, kept, runner, reporter);
            reporter.counts = batch.counts();
            fingerprints.accept(batch.job().fingerprints());
            JobResult<?> result = batch.handle().result().get();
            kept.ifPresent(AnalysisStore::flush);
            bar.close();
            return new Outcome(result, batch.counts());
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
            if (eval.failed()) {
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
            results.broken().ifPresent(reason -> {
                synchronized (err) {
                    err.println(text.text("game.broken", reason));
                    err.flush();
                }
            });
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

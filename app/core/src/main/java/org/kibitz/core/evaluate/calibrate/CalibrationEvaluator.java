package org.kibitz.core.evaluate.calibrate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.analysis.AnalysisRun;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.jobs.JobState;
import org.kibitz.core.jobs.Progress;
import org.kibitz.core.jobs.ProgressMeter;

/**
 * Searches each sampled position with one engine on a {@link SessionPool}, {@code jobs} at a time,
 * and turns what it said into {@link Calibration.Observation}s: a centipawn score for the side to
 * move. A mate score is no centipawn value and is counted apart; a position whose search failed
 * (after the pool's one retry on a new engine) is counted as failed and left out. Each position is
 * its own unit of work, told {@code newGame} first: with a node limit and one search thread, a
 * position's score does not depend on the order or on {@code jobs}.
 */
public final class CalibrationEvaluator {

    /**
     * What the searches gave.
     *
     * @param observations positions with a centipawn score, in the sample's order
     * @param mates        positions the engine scored as a mate
     * @param noScore      positions it gave no score for (a finished game: no legal move)
     * @param failures     positions whose search failed, each with why
     */
    public record Outcome(List<Calibration.Observation> observations, int mates, int noScore, List<Failure> failures) {
        public Outcome {
            observations = List.copyOf(observations);
            failures = List.copyOf(failures);
        }
    }

    /** A position whose search failed. */
    public record Failure(SampledPosition position, EngineException cause) {
    }

    private sealed interface Found {
    }

    private record Cp(int cp) implements Found {
    }

    private record Mate() implements Found {
    }

    private record Nothing() implements Found {
    }

    private record Failed(EngineException e) implements Found {
    }

    private CalibrationEvaluator() {
    }

    /**
     * Searches every position.
     *
     * @param gameId   the positions' game, told to the engine with each new game
     * @param jobs     searches at once (the pool must allow as many sessions of the engine)
     * @param patience how long one search may run before it is stopped (its score so far is kept)
     * @param progress told after each position (from the searching threads)
     * @throws InterruptedException when interrupted while waiting for the searches
     */
    public static Outcome evaluate(SessionPool pool, EngineRef engine, String gameId, List<SampledPosition> positions,
                                   SearchLimits limits, int jobs, Duration patience, Consumer<Progress> progress)
            throws InterruptedException {
        Objects.requireNonNull(progress, "progress");
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be 1 or more: " + jobs);
        }
        int total = positions.size();
        long start = System.nanoTime();
        ProgressMeter meter = new ProgressMeter(start);
        int[] counts = new int[2]; // done, failed; guarded by meter
        List<CompletableFuture<Found>> futures = new ArrayList<>(total);
        ExecutorService executor = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "kibitz-calibrate");
            t.setDaemon(true);
            return t;
        });
        try {
            for (SampledPosition p : positions) {
                futures.add(CompletableFuture.supplyAsync(() -> {
                    Found f = search(pool, engine, gameId, p, limits, patience);
                    Progress now;
                    synchronized (meter) {
                        long t = System.nanoTime();
                        meter.finished(t);
                        counts[f instanceof Failed ? 1 : 0]++;
                        int remaining = total - counts[0] - counts[1];
                        now = new Progress(0, "calibrate", remaining == 0 ? JobState.COMPLETED : JobState.RUNNING, total,
                                counts[0], counts[1], 0, meter.rate(t), meter.eta(t, remaining), Duration.ofNanos(t - start));
                    }
                    progress.accept(now);
                    return f;
                }, executor));
            }
            List<Calibration.Observation> observations = new ArrayList<>();
            List<Failure> failures = new ArrayList<>();
            int mates = 0;
            int none = 0;
            for (int i = 0; i < total; i++) {
                SampledPosition p = positions.get(i);
                Found f;
                try {
                    f = futures.get(i).get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException(e.getCause());
                }
                switch (f) {
                    case Cp c -> observations.add(new Calibration.Observation(p.source(), p.gameNumber(), p.ply(), c.cp(), p.score()));
                    case Mate m -> mates++;
                    case Nothing x -> none++;
                    case Failed x -> failures.add(new Failure(p, x.e()));
                }
            }
            return new Outcome(observations, mates, none, failures);
        } finally {
            executor.shutdownNow();
        }
    }

    private static Found search(SessionPool pool, EngineRef engine, String gameId, SampledPosition p, SearchLimits limits,
                                Duration patience) {
        try {
            AnalysisRun.Result r = pool.withSession(engine, gameId,
                    session -> AnalysisRun.run(session, p.start(), p.moves(), limits, patience));
            Optional<Score> score = r.lines().stream().filter(u -> u.multipv() == 1).findFirst()
                    .or(() -> r.lines().stream().findFirst()).flatMap(AnalysisUpdate::score);
            if (score.isEmpty()) {
                return new Nothing();
            }
            return switch (score.get()) {
                case Score.Centipawns c -> new Cp(c.cp());
                case Score.Mate m -> new Mate();
            };
        } catch (EngineException e) {
            return new Failed(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(e);
        }
    }
}

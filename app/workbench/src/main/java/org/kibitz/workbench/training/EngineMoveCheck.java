package org.kibitz.workbench.training;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.analysis.AnalysisRun;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.EvaluationJob;
import org.kibitz.core.jobs.Background;
import org.kibitz.core.training.Mistakes;

/**
 * Checks a move the game has no score for with the first engine of the registry that plays the game: the
 * position after the move and the position after the engine's best are searched at the same small limit,
 * each from a cleared hash, and the move is good when it loses at most {@link Mistakes#MARGIN_CP} against the
 * best, as a scored move is judged. Each search waits as long as its limit asks ({@link AnalysisRun#patience}).
 */
public final class EngineMoveCheck implements TrainingUi.MoveChecker {

    private final EngineRegistry registry;
    private final SessionPool pool;
    private final Background background;
    private final Supplier<SearchLimits> limits;

    /** @param limits the limit of each search, read at each check (the window's evaluation's nodes) */
    public EngineMoveCheck(EngineRegistry registry, SessionPool pool, Background background, Supplier<SearchLimits> limits) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.pool = Objects.requireNonNull(pool, "pool");
        this.background = Objects.requireNonNull(background, "background");
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    @Override
    public CompletableFuture<TrainingUi.Checked> check(GamePlugin game, Position before, Move move, Optional<Move> best) {
        List<EngineEntry> engines = registry.playing(game.id());
        if (engines.isEmpty()) {
            return CompletableFuture.completedFuture(TrainingUi.Checked.NO_ENGINE);
        }
        SearchLimits limit = limits.get();
        Duration patience = AnalysisRun.patience(limit);
        EngineRef engine = EvaluationJob.searchRef(EngineRef.listed(engines.get(0)), limit);
        CompletableFuture<TrainingUi.Checked> out = new CompletableFuture<>();
        background.run("training-check", () -> {
            try {
                out.complete(pool.withSession(engine, game.id(), session -> {
                    Move b = best.orElse(null);
                    if (b == null) {
                        session.newGame(game.id());
                        AnalysisRun.Result r = AnalysisRun.run(session, before, List.of(), limit, patience);
                        b = r.best().move().orElse(null);
                        if (b == null) {
                            return TrainingUi.Checked.WORSE;
                        }
                    }
                    if (b.equals(move)) {
                        return TrainingUi.Checked.GOOD;
                    }
                    int bestValue = value(session, game, before, b, limit, patience);
                    int moveValue = value(session, game, before, move, limit, patience);
                    return (long) bestValue - moveValue <= Mistakes.MARGIN_CP ? TrainingUi.Checked.GOOD : TrainingUi.Checked.WORSE;
                }));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                out.completeExceptionally(e);
            } catch (Exception | Error e) {
                out.completeExceptionally(e);
            }
        });
        return out;
    }

    /** What {@code move} is worth to the side playing it, from a search of the position after it. */
    private static int value(EngineSession session, GamePlugin game, Position before, Move move, SearchLimits limit,
                             Duration patience) throws org.kibitz.api.engine.EngineException {
        Position after = before.play(move);
        var outcome = after.outcome();
        if (outcome.isPresent()) {
            // The game ends with the move: a win, or a draw (stalemate and the like), no search needed.
            return outcome.get().winner().map(w -> w == before.sideToMove() ? Score.MATE_VALUE : -Score.MATE_VALUE).orElse(0);
        }
        session.newGame(game.id());
        AnalysisRun.Result r = AnalysisRun.run(session, before, List.of(move), limit, patience);
        Optional<Score> score = Optional.empty();
        for (AnalysisUpdate u : r.lines()) {
            if (u.multipv() <= 1 && u.score().isPresent()) {
                score = u.score();
            }
        }
        // The score is the opponent's (the side to move after the move).
        return -score.orElseThrow(() -> new IllegalStateException("the engine gave no score")).order();
    }
}

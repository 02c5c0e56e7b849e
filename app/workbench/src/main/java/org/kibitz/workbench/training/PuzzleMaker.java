package org.kibitz.workbench.training;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.kibitz.api.game.Games;
import org.kibitz.core.jobs.Background;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobObserver;
import org.kibitz.core.jobs.JobOptions;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.puzzle.Candidate;
import org.kibitz.core.puzzle.Puzzle;
import org.kibitz.core.puzzle.PuzzleFormat;
import org.kibitz.core.puzzle.PuzzleJob;
import org.kibitz.core.puzzle.PuzzleRules;
import org.kibitz.workbench.JobKit;
import org.kibitz.workbench.evaluate.EvaluateUi;

/**
 * "Make puzzles from the last evaluation": the finished games of the window's latest batch evaluation made
 * into candidates as {@code kibitz puzzles} makes them ({@link Candidate#of}), solved by a {@link PuzzleJob}
 * on the app's job runner (a row of the Jobs pane, cancellable there) with the run's first engine at a deeper
 * limit ({@link PuzzleRules#deeper}), and the puzzles found opened in the Training pane, no file needed.
 * "Save puzzles…" writes them (atomically, by {@link org.kibitz.core.puzzle.PuzzleFiles}).
 */
public final class PuzzleMaker {

    /** What a make gave: the puzzles, in game and move order, out of how many candidates. */
    public record Made(List<Puzzle> puzzles, int candidates, String name) {
        public Made {
            puzzles = List.copyOf(puzzles);
        }
    }

    private final EvaluateUi evaluation;
    private final TrainingUi ui;
    private final Games games;
    private final Background background;
    private final PuzzleWriter writer;
    private final ReadOnlyObjectWrapper<Made> last = new ReadOnlyObjectWrapper<>(this, "last");
    private final ReadOnlyObjectWrapper<JobHandle<Candidate, PuzzleJob.Found>> running = new ReadOnlyObjectWrapper<>(this, "running");

    /** Writes puzzles to a file (atomically). */
    @FunctionalInterface
    public interface PuzzleWriter {
        void write(Path file, PuzzleFormat format, List<Puzzle> puzzles) throws IOException;
    }

    public PuzzleMaker(EvaluateUi evaluation, TrainingUi ui, Games games, Background background, PuzzleWriter writer) {
        this.evaluation = Objects.requireNonNull(evaluation, "evaluation");
        this.ui = Objects.requireNonNull(ui, "ui");
        this.games = Objects.requireNonNull(games, "games");
        this.background = Objects.requireNonNull(background, "background");
        this.writer = Objects.requireNonNull(writer, "writer");
    }

    public TrainingUi ui() {
        return ui;
    }

    /** True while no game of a batch evaluation has finished in this window, or puzzles are being made. */
    public BooleanBinding unavailable() {
        return Bindings.isEmpty(evaluation.summaries()).or(running.isNotNull());
    }

    /** The last puzzles made (null before any). */
    public ReadOnlyObjectProperty<Made> lastProperty() {
        return last.getReadOnlyProperty();
    }

    /**
     * Makes puzzles of the latest evaluation's finished games (call on the FX thread). The candidates are built
     * and solved off the FX thread; once done, the puzzles are opened in the pane, or it says none was found.
     *
     * @return completes on the FX thread with what was made, or fails with why not (said in the pane as well)
     */
    public CompletableFuture<Made> make() {
        Optional<EvaluateUi.Finished> finished = evaluation.finishedRun();
        if (finished.isEmpty() || running.get() != null) {
            ui.tell("training.make.none");
            return CompletableFuture.failedFuture(new IllegalStateException("no finished evaluation"));
        }
        EvaluateUi.Finished f = finished.get();
        ui.tell("training.make.running", f.name());
        CompletableFuture<Made> done = new CompletableFuture<>();
        Map<String, Puzzle> found = new ConcurrentHashMap<>();
        List<Candidate> candidates = new ArrayList<>();
        CompletableFuture<JobHandle<Candidate, PuzzleJob.Found>> started = JobKit.start(background, "puzzles-start", () -> {
            for (var r : f.results()) {
                try {
                    candidates.addAll(Candidate.of(r, f.model(), games, (entry, side) -> true));
                } catch (IllegalArgumentException e) {
                    // A game the judgement model cannot judge gives no candidates (as the command says per game).
                }
            }
            PuzzleRules rules = new PuzzleRules(PuzzleRules.deeper(f.limits()), f.model().win(), PuzzleRules.DEFAULT_MARGIN,
                    PuzzleRules.DEFAULT_DECISIVE, PuzzleRules.DEFAULT_MAX_PLIES, "");
            PuzzleJob job = new PuzzleJob(f.name(), candidates, games, evaluation.pool(), f.engine(), f.engine().name(), rules,
                    "workbench");
            JobObserver<Candidate, PuzzleJob.Found> observer = new JobObserver<>() {
                @Override
                public void itemDone(Candidate c, PuzzleJob.Found result, boolean fromJournal) {
                    if (result.puzzle() != null) {
                        found.put(c.id(), result.puzzle());
                    }
                }
            };
            return evaluation.runner().submit(job, JobOptions.DEFAULT, observer);
        }, running::set);
        started.whenComplete((handle, x) -> {
            if (x != null) {
                ui.tell("training.make.failed", JobKit.reason(x));
                done.completeExceptionally(x);
                return;
            }
            JobKit.whenOver(handle.result(), (JobResult<PuzzleJob.Found> result, Throwable error) -> {
                running.set(null);
                List<Puzzle> puzzles = new ArrayList<>();
                for (Candidate c : candidates) {
                    Puzzle p = found.get(c.id());
                    if (p != null) {
                        puzzles.add(p);
                    }
                }
                Made made = new Made(puzzles, candidates.size(), f.name());
                if (error != null || result.state() == org.kibitz.core.jobs.JobState.FAILED) {
                    Throwable why = error != null ? error
                            : result.error().orElseGet(() -> new IllegalStateException("the puzzle job failed"));
                    ui.tell("training.make.failed", JobKit.reason(why));
                    done.completeExceptionally(why);
                    return;
                }
                if (result.state() == org.kibitz.core.jobs.JobState.CANCELLED && puzzles.isEmpty()) {
                    ui.tell("training.make.cancelled");
                    done.complete(made);
                    return;
                }
                last.set(puzzles.isEmpty() ? null : made);
                if (puzzles.isEmpty()) {
                    ui.tell("training.make.empty", candidates.size());
                } else {
                    ui.openPuzzles(puzzles, ui.i18n().get("training.make.name", f.name()));
                }
                done.complete(made);
            });
        });
        return done;
    }

    /** Writes the last puzzles made to {@code file} (CSV, PGN or EPD by its extension), off the FX thread. */
    public CompletableFuture<Path> save(Path file) {
        Made made = last.get();
        if (made == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("no puzzles made"));
        }
        PuzzleFormat format = PuzzleFormat.of(file).orElse(PuzzleFormat.CSV);
        CompletableFuture<Path> saved = JobKit.start(background, "puzzles-save", () -> {
            writer.write(file, format, made.puzzles());
            return file;
        }, p -> ui.tell("training.save.done", p.getFileName(), made.puzzles().size()));
        saved.exceptionally(x -> {
            javafx.application.Platform.runLater(() -> ui.tell("training.save.failed", file.getFileName(), JobKit.reason(x)));
            return null;
        });
        return saved;
    }
}

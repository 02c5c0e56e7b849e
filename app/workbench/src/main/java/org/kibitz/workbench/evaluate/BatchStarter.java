package org.kibitz.workbench.evaluate;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import org.kibitz.core.jobs.Background;
import org.kibitz.workbench.JobKit;

/**
 * How the window starts a batch it shows, an evaluation or a comparison, as both do it, on the
 * {@link JobKit} every job pane uses: planned and started off the FX thread (planning reads the games, and an engine may be started to learn its
 * fingerprint); then, on the FX thread, made the window's latest run, with the panes that follow it
 * opened (the Jobs pane, where its progress shows); once its job is over, the pane of its results
 * opened, unless a newer run has taken its place meanwhile.
 *
 * @param <R> a run, as the window keeps it
 */
final class BatchStarter<R> {

    /** Plans and starts a run, off the FX thread. */
    interface Start<R> {
        R start() throws Exception;
    }

    private final Background background;
    private final ObjectProperty<R> current;
    private final Function<R, ? extends CompletionStage<?>> over;
    private final Consumer<String> open;

    /**
     * @param current the window's latest run of this kind
     * @param over    a run's end: its job's result
     * @param open    opens a pane of the window by its id (nothing while no window is open)
     */
    BatchStarter(Background background, ObjectProperty<R> current, Function<R, ? extends CompletionStage<?>> over,
                 Consumer<String> open) {
        this.background = Objects.requireNonNull(background, "background");
        this.current = Objects.requireNonNull(current, "current");
        this.over = Objects.requireNonNull(over, "over");
        this.open = Objects.requireNonNull(open, "open");
    }

    /**
     * Starts a run on a background task.
     *
     * @param task    the background task's name
     * @param start   plans and starts the run; what it throws fails the returned future
     * @param panes   opened, in order, once the run has started
     * @param ended   called off the FX thread once the run's job is over, before its results pane opens
     *                (what the run still holds open is closed there)
     * @param results the pane of the run's results
     * @return completes with the run on the FX thread, or fails there with why it could not start
     */
    CompletableFuture<R> start(String task, Start<R> start, List<String> panes, Consumer<R> ended, String results) {
        return JobKit.start(background, task, start::start, run -> {
            current.set(run);
            panes.forEach(open);
            // Once its job is over: what the run holds is closed (off the FX thread), then its results shown.
            over.apply(run).whenComplete((r, x) -> {
                ended.accept(run);
                Platform.runLater(() -> {
                    if (current.get() == run) {
                        open.accept(results);
                    }
                });
            });
        });
    }
}

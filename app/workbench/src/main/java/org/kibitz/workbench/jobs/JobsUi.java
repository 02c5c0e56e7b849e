package org.kibitz.workbench.jobs;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.jobs.Progress;
import org.kibitz.workbench.I18n;

/**
 * The job runner as the JavaFX thread sees it: one row per job (running and recent), updated at most
 * once a frame whatever the rate of the runner's reports, and the count and overall fraction of the
 * running jobs for the status bar.
 */
public final class JobsUi {

    /** Pane id, as saved in layouts. */
    public static final String PANE = "jobs";

    /** A job and its latest progress. */
    public static final class Row {
        private final JobHandle<?, ?> job;
        private final ReadOnlyObjectWrapper<Progress> progress;

        Row(JobHandle<?, ?> job, Progress p) {
            this.job = job;
            this.progress = new ReadOnlyObjectWrapper<>(this, "progress", p);
        }

        public JobHandle<?, ?> job() {
            return job;
        }

        public ReadOnlyObjectProperty<Progress> progressProperty() {
            return progress.getReadOnlyProperty();
        }

        public Progress progress() {
            return progress.get();
        }
    }

    private final JobRunner runner;
    private final I18n i18n;
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final Map<Long, Row> byNumber = new LinkedHashMap<>();
    private final Map<JobHandle<?, ?>, Progress> waiting = new ConcurrentHashMap<>();
    private final AtomicBoolean drainQueued = new AtomicBoolean();
    private final ReadOnlyIntegerWrapper running = new ReadOnlyIntegerWrapper(this, "running");
    private final ReadOnlyDoubleWrapper fraction = new ReadOnlyDoubleWrapper(this, "fraction");

    public JobsUi(JobRunner runner, I18n i18n) {
        this.runner = runner;
        this.i18n = i18n;
        runner.subscribe(this::heard);
        for (JobHandle<?, ?> j : runner.jobs()) {
            waiting.put(j, j.progress());
        }
        queueDrain();
    }

    public I18n i18n() {
        return i18n;
    }

    private java.util.function.Consumer<String> logOpener = job -> { };

    /** What "show log" of a job does: opens the engine log at that job's lines (given its label). */
    public void setLogOpener(java.util.function.Consumer<String> opener) {
        this.logOpener = java.util.Objects.requireNonNull(opener, "opener");
    }

    /** Opens the engine log at the lines of {@code row}'s job. */
    public void showLog(Row row) {
        logOpener.accept(row.job().label());
    }

    public JobRunner runner() {
        return runner;
    }

    /** The jobs, oldest first. */
    public ObservableList<Row> rows() {
        return rows;
    }

    /** How many jobs are running. */
    public ReadOnlyIntegerProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** Done items of the running jobs over all their items, 0 to 1. */
    public ReadOnlyDoubleProperty fractionProperty() {
        return fraction.getReadOnlyProperty();
    }

    /** From the runner's threads: keep the latest, and have the FX thread take them all at once. */
    private void heard(JobHandle<?, ?> job, Progress p) {
        waiting.merge(job, p, (a, b) -> b.state().finished() || !a.state().finished() ? b : a);
        queueDrain();
    }

    private void queueDrain() {
        if (drainQueued.compareAndSet(false, true)) {
            Platform.runLater(this::drain);
        }
    }

    private void drain() {
        drainQueued.set(false);
        for (var it = waiting.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            it.remove();
            Row row = byNumber.get(e.getKey().number());
            if (row == null) {
                row = new Row(e.getKey(), e.getValue());
                byNumber.put(e.getKey().number(), row);
                rows.add(row);
            } else {
                row.progress.set(e.getValue());
            }
        }
        int n = 0;
        long done = 0;
        long total = 0;
        for (Row r : rows) {
            Progress p = r.progress();
            if (!p.state().finished()) {
                n++;
                done += p.done() + p.failed();
                total += p.total();
            }
        }
        running.set(n);
        fraction.set(total == 0 ? 0 : (double) done / total);
    }

    /** Removes the finished jobs from the list. */
    public void clearFinished() {
        rows.removeIf(r -> r.progress().state().finished());
        byNumber.values().removeIf(r -> r.progress().state().finished());
    }
}

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
        private final javafx.beans.property.ReadOnlyStringWrapper note =
                new javafx.beans.property.ReadOnlyStringWrapper(this, "note", "");
        private final javafx.beans.property.ReadOnlyStringWrapper noteInFull =
                new javafx.beans.property.ReadOnlyStringWrapper(this, "noteInFull", "");

        Row(JobHandle<?, ?> job, Progress p) {
            this.job = job;
            this.progress = new ReadOnlyObjectWrapper<>(this, "progress", p);
        }

        /**
         * What the job's engines are doing while it waits for them ("Allocating 1 GB of hash… (12 s)"),
         * else why the job or its engine failed, in one line; "" when there is nothing to say.
         */
        public javafx.beans.property.ReadOnlyStringProperty noteProperty() {
            return note.getReadOnlyProperty();
        }

        public String note() {
            return note.get();
        }

        /** The note with all its lines (a dying engine's last words): the note cell's tooltip. */
        public javafx.beans.property.ReadOnlyStringProperty noteInFullProperty() {
            return noteInFull.getReadOnlyProperty();
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
        i18n.localeProperty().addListener((o, was, now) -> notes());
        for (JobHandle<?, ?> j : runner.jobs()) {
            waiting.put(j, j.progress());
        }
        queueDrain();
    }

    public I18n i18n() {
        return i18n;
    }

    // ------------------------------------------------------------------ what the jobs' engines are doing

    /** A session's current wait: what it says and since when (System.nanoTime). */
    private record Waiting(org.kibitz.api.i18n.Text text, long since) {
    }

    /** Per job label, each session's current wait, oldest first (FX thread). */
    private final Map<String, LinkedHashMap<Object, Waiting>> waits = new java.util.HashMap<>();
    /** Per job label, why its engine last failed (FX thread). */
    private final Map<String, org.kibitz.api.i18n.Text> failures = new java.util.HashMap<>();
    /** Counts the seconds of the waits shown (FX toolkit, made when first needed). */
    private javafx.animation.Timeline ticking;

    /**
     * From an engine's thread: a session of job {@code job} (its {@linkplain JobHandle#label() label})
     * waits for {@code status}, or no longer waits (empty). The row says so, with the seconds waited.
     */
    public void engineStatus(String job, Object session, java.util.Optional<org.kibitz.api.i18n.Text> status) {
        long now = System.nanoTime();
        Platform.runLater(() -> {
            if (status.isPresent()) {
                waits.computeIfAbsent(job, k -> new LinkedHashMap<>()).put(session, new Waiting(status.get(), now));
            } else {
                LinkedHashMap<Object, Waiting> m = waits.get(job);
                if (m != null) {
                    m.remove(session);
                    if (m.isEmpty()) {
                        waits.remove(job);
                    }
                }
            }
            notes();
        });
    }

    /** From an engine's thread: an engine of job {@code job} failed; the row says why until the job ends well. */
    public void engineFailed(String job, Object session, org.kibitz.api.i18n.Text why) {
        Platform.runLater(() -> {
            LinkedHashMap<Object, Waiting> m = waits.get(job);
            if (m != null) {
                m.remove(session);
                if (m.isEmpty()) {
                    waits.remove(job);
                }
            }
            failures.put(job, why);
            notes();
        });
    }

    /** Each row's note, from the waits, failures and results known now (FX thread). */
    private void notes() {
        long now = System.nanoTime();
        for (Row r : rows) {
            String label = r.job().label();
            Progress p = r.progress();
            String full;
            String secs = "";
            LinkedHashMap<Object, Waiting> m = p.state().finished() ? null : waits.get(label);
            if (m != null && !m.isEmpty()) {
                Waiting w = m.values().stream().reduce((a, b) -> b).orElseThrow();
                full = i18n.render(w.text());
                long s = (now - w.since()) / 1_000_000_000L;
                secs = s >= 1 ? i18n.get("jobs.note.seconds", s) : "";
            } else if (p.state() == org.kibitz.core.jobs.JobState.FAILED) {
                full = failure(r).or(() -> java.util.Optional.ofNullable(failures.get(label)).map(i18n::render)).orElse("");
            } else if (failures.containsKey(label)) {
                // Also once the job went on (its engine started again): a flaky engine is worth a word.
                full = i18n.render(failures.get(label));
            } else {
                full = "";
            }
            String first = full.lines().findFirst().orElse("").strip();
            r.note.set(first.isEmpty() ? "" : first + secs);
            r.noteInFull.set(full.strip());
        }
        boolean live = rows.stream().anyMatch(r -> !r.progress().state().finished() && waits.containsKey(r.job().label()));
        if (live && ticking == null) {
            ticking = new javafx.animation.Timeline(new javafx.animation.KeyFrame(javafx.util.Duration.seconds(1), e -> notes()));
            ticking.setCycleCount(javafx.animation.Animation.INDEFINITE);
        }
        if (ticking != null) {
            if (live) {
                ticking.play();
            } else {
                ticking.stop();
            }
        }
    }

    /** Why a failed job failed, as its result says (an engine that could not be started as it got ready). */
    private java.util.Optional<String> failure(Row r) {
        var result = r.job().result().getNow(null);
        if (result == null || result.error().isEmpty()) {
            return java.util.Optional.empty();
        }
        Throwable t = result.error().get();
        while (t instanceof java.util.concurrent.CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof org.kibitz.api.engine.EngineException e) {
            return java.util.Optional.of(i18n.render(e.text()));
        }
        String kind = t.getClass().getSimpleName();
        return java.util.Optional.ofNullable(t.getMessage()).or(() -> java.util.Optional.of(kind));
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
            if (e.getValue().state() == org.kibitz.core.jobs.JobState.FAILED) {
                // Why it failed is in its result, completed just after its last progress.
                e.getKey().result().thenRun(() -> Platform.runLater(this::notes));
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
        notes();
    }

    /** Removes the finished jobs from the list. */
    public void clearFinished() {
        rows.stream().filter(r -> r.progress().state().finished()).forEach(r -> {
            failures.remove(r.job().label());
            waits.remove(r.job().label());
        });
        rows.removeIf(r -> r.progress().state().finished());
        byNumber.values().removeIf(r -> r.progress().state().finished());
    }
}

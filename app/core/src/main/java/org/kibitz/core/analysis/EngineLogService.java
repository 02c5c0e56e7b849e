package org.kibitz.core.analysis;

import java.io.IOException;
import java.io.Writer;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.core.engines.SessionTap;

/**
 * The one engine log of the process: every engine session of every face (the analysis panels, batch
 * evaluations, comparisons, matches, games on the board, deep analysis, tree work) registers here
 * and its conversation goes, labelled with its job and engine, to the {@link EngineLog} the
 * workbench's log pane reads and to the writers the command line's {@code --log} adds. Headless and
 * thread-safe: engines' reader threads append.
 */
public final class EngineLogService implements SessionTap {

    private final EngineLog log;
    private final Supplier<Optional<String>> jobOfThread;
    private final List<Writer> writers = new CopyOnWriteArrayList<>();
    private final ZoneId zone;
    private volatile String defaultJob = "";

    /**
     * @param jobOfThread the job whose item the calling thread does, if any (the job runner's)
     */
    public EngineLogService(EngineLog log, Supplier<Optional<String>> jobOfThread, ZoneId zone) {
        this.log = Objects.requireNonNull(log, "log");
        this.jobOfThread = Objects.requireNonNull(jobOfThread, "jobOfThread");
        this.zone = Objects.requireNonNull(zone, "zone");
    }

    public EngineLogService(EngineLog log, Supplier<Optional<String>> jobOfThread) {
        this(log, jobOfThread, ZoneId.systemDefault());
    }

    /** The lines kept for the log pane. */
    public EngineLog log() {
        return log;
    }

    /** The label of sessions started outside a job's item (a command's own, {@code analyse}). */
    public void setDefaultJob(String job) {
        this.defaultJob = Objects.requireNonNull(job, "job");
    }

    @Override
    public String currentJob() {
        return jobOfThread.get().orElse(defaultJob);
    }

    @Override
    public Tap tap(String engine, String job) {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(job, "job");
        return new Tap() {
            private volatile String label = job;

            @Override
            public void job(String j) {
                label = Objects.requireNonNull(j, "job");
            }

            @Override
            public void onEvent(EngineEvent event) {
                switch (event) {
                    case EngineEvent.EngineLine l -> append(label, engine, l);
                    case EngineEvent.Status st -> {
                        for (StatusListener h : statusListeners) {
                            h.status(label, engine, this, st.text());
                        }
                    }
                    case EngineEvent.EngineFailure f -> {
                        for (StatusListener h : statusListeners) {
                            h.failed(label, engine, this, f.message());
                        }
                    }
                    default -> {
                    }
                }
            }
        };
    }

    /**
     * Hears what the engines of each job are doing while the job waits for them ("Allocating 1 GB of
     * hash…"), and why one failed: what the Jobs pane shows in the job's row. Called on the engines'
     * threads.
     */
    public interface StatusListener {
        /**
         * @param job     the job the session works for ({@link #currentJob()} when it was tapped or handed out)
         * @param session one engine session, the same object for all its news
         * @param status  what the session waits for; empty once the wait is over
         */
        void status(String job, String engine, Object session, Optional<org.kibitz.api.i18n.Text> status);

        /** The session's engine failed (died, did not answer in time): why, as the session says it. */
        void failed(String job, String engine, Object session, org.kibitz.api.i18n.Text why);
    }

    private final List<StatusListener> statusListeners = new CopyOnWriteArrayList<>();

    /** Adds {@code listener} until the returned handle is run. */
    public Runnable onStatus(StatusListener listener) {
        statusListeners.add(Objects.requireNonNull(listener, "listener"));
        return () -> statusListeners.remove(listener);
    }

    /** Adds a line to the log and to every writer. */
    public void append(String job, String engine, EngineEvent.EngineLine line) {
        EngineLog.Entry e = log.append(job, engine, line.time(), line.direction(), line.text());
        if (writers.isEmpty()) {
            return;
        }
        String text = EngineLog.format(e, zone) + System.lineSeparator();
        for (Writer w : writers) {
            synchronized (w) {
                try {
                    w.write(text);
                    w.flush();
                } catch (IOException ex) {
                    // A log that cannot be written (a full disk) must not stop the engines: it is dropped.
                    writers.remove(w);
                }
            }
        }
    }

    /**
     * Writes every line from now on to {@code out} as {@link EngineLog#format} writes it, one a line,
     * flushed as it comes; until the returned handle is closed (which does not close {@code out}).
     */
    public AutoCloseable writeTo(Writer out) {
        Objects.requireNonNull(out, "out");
        writers.add(out);
        return () -> writers.remove(out);
    }
}

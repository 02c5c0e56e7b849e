package org.kibitz.core.jobs;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Runs {@link Job}s: each on at most its parallelism of the runner's threads, with progress to its
 * observer and to the runner's listeners at a bounded rate, cancel, and an optional journal to resume
 * from. The one place long work gets threads: {@link #threaded(int)} for the program,
 * {@link #sameThread(LongSupplier, Duration)} for tests (each job done in {@code submit}, items in order).
 */
public final class JobRunner implements AutoCloseable {

    /** Progress goes out at most this often per job (besides a job's start and end). */
    public static final Duration PROGRESS_INTERVAL = Duration.ofMillis(200);

    /** The label ({@link JobHandle#label()}) of the job whose item the current thread is doing. */
    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    /**
     * The {@linkplain JobHandle#label() label} of the job whose item the calling thread is doing, empty
     * outside a job's item: what the engine log labels the sessions this thread takes with.
     */
    public static java.util.Optional<String> currentJob() {
        return java.util.Optional.ofNullable(CURRENT.get());
    }
    /** Finished jobs kept for {@link #jobs()}. */
    static final int HISTORY = 50;

    private static final System.Logger LOG = System.getLogger(JobRunner.class.getName());

    private final ExecutorService executor;
    /** Sends a job's last progress when it was held back by the interval and nothing came after it. */
    private final java.util.concurrent.ScheduledExecutorService trailing;
    private final int defaultParallelism;
    private final LongSupplier clock;
    private final long intervalNanos;
    private final AtomicLong numbers = new AtomicLong();
    private final List<JobsListener> listeners = new CopyOnWriteArrayList<>();
    private final ArrayDeque<Run<?, ?>> jobs = new ArrayDeque<>();

    private JobRunner(ExecutorService executor, int defaultParallelism, LongSupplier clock, Duration interval) {
        if (defaultParallelism < 1) {
            throw new IllegalArgumentException("parallelism " + defaultParallelism);
        }
        this.executor = executor;
        this.trailing = executor == null ? null : Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kibitz-job-progress");
            t.setDaemon(true);
            return t;
        });
        this.defaultParallelism = defaultParallelism;
        this.clock = clock;
        this.intervalNanos = interval.toNanos();
    }

    /**
     * A runner on daemon threads named {@code kibitz-job-N} (created as needed, so jobs do not queue
     * behind each other), each job doing {@code parallelism} items at once unless its options say otherwise.
     */
    public static JobRunner threaded(int parallelism) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory threads = r -> {
            Thread t = new Thread(r, "kibitz-job-" + n.incrementAndGet());
            // A job must not keep the program alive on its own: whoever waits for it keeps it alive,
            // and the journal covers a job cut off by the exit.
            t.setDaemon(true);
            return t;
        };
        return new JobRunner(Executors.newCachedThreadPool(threads), parallelism, System::nanoTime, PROGRESS_INTERVAL);
    }

    /** A runner that does each job inside {@code submit}, item after item, on the caller's thread. */
    public static JobRunner sameThread() {
        return sameThread(System::nanoTime, PROGRESS_INTERVAL);
    }

    /** {@link #sameThread()} with its own clock (nanoseconds) and progress interval, for tests. */
    public static JobRunner sameThread(LongSupplier clock, Duration progressInterval) {
        return new JobRunner(null, 1, clock, progressInterval);
    }

    public int defaultParallelism() {
        return defaultParallelism;
    }

    /** Hears about every job from now on; returns what stops it. */
    public Runnable subscribe(JobsListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** The running jobs and the latest finished ones, oldest first. */
    public List<JobHandle<?, ?>> jobs() {
        synchronized (jobs) {
            return List.copyOf(jobs);
        }
    }

    /** Jobs not finished yet. */
    public int running() {
        synchronized (jobs) {
            return (int) jobs.stream().filter(r -> !r.state.finished()).count();
        }
    }

    public <I, R> JobHandle<I, R> submit(Job<I, R> job) {
        return submit(job, JobOptions.DEFAULT, new JobObserver<>() { });
    }

    /**
     * Starts {@code job}. A threaded runner returns at once; a same-thread runner returns when the job
     * has ended. Errors of the job itself (its items, its journal) end it FAILED, they are not thrown.
     */
    public <I, R> JobHandle<I, R> submit(Job<I, R> job, JobOptions options, JobObserver<I, R> observer) {
        int parallelism = options.parallelism() == 0 ? defaultParallelism : options.parallelism();
        Run<I, R> run = new Run<>(numbers.incrementAndGet(), job, options, observer, parallelism);
        synchronized (jobs) {
            jobs.addLast(run);
            int finished = (int) jobs.stream().filter(r -> r.state.finished()).count();
            for (var it = jobs.iterator(); it.hasNext() && finished > HISTORY; ) {
                if (it.next().state.finished()) {
                    it.remove();
                    finished--;
                }
            }
        }
        if (executor == null) {
            run.start();
        } else {
            executor.execute(run::start);
        }
        return run;
    }

    /** Cancels the running jobs and lets the threads go. */
    @Override
    public void close() {
        for (JobHandle<?, ?> j : jobs()) {
            j.cancel();
        }
        if (executor != null) {
            executor.shutdown();
            trailing.shutdown();
        }
    }

    /** One job being run. Counters under {@code lock}; observer calls under {@code tell}, one at a time. */
    private final class Run<I, R> implements JobHandle<I, R>, JobContext {

        private final long number;
        private final Job<I, R> job;
        private final JobOptions options;
        private final JobObserver<I, R> observer;
        private final int parallelism;
        private final Object lock = new Object();
        private final Object tell = new Object();
        private final CompletableFuture<JobResult<R>> future = new CompletableFuture<>();
        private final Set<Thread> active = new HashSet<>();
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicInteger workers = new AtomicInteger();

        private volatile JobState state = JobState.STARTING;
        private volatile boolean cancelRequested;
        private volatile Progress latest;

        private List<I> items = List.of();
        private List<String> ids = List.of();
        private List<I> pending = List.of();
        private final Map<String, R> results = new HashMap<>();
        private final Map<String, String> failures = new HashMap<>();
        private int resumed;
        /** Whether the items were listed (under lock): a job stopped before that did none of them. */
        private boolean listed;
        private JobJournal journal;
        private Throwable fatal;
        private ProgressMeter meter;
        private long startNanos;
        private long endNanos = -1;
        private long lastTold = Long.MIN_VALUE;
        private boolean trailingQueued;

        Run(long number, Job<I, R> job, JobOptions options, JobObserver<I, R> observer, int parallelism) {
            this.number = number;
            this.job = job;
            this.options = options;
            this.observer = observer;
            this.parallelism = parallelism;
            this.startNanos = clock.getAsLong();
            this.meter = new ProgressMeter(startNanos);
            this.latest = snapshot(startNanos);
        }

        void start() {
            // Listed at once (the Jobs pane): getting ready may start engines, which can take a while on a
            // busy machine. The job's own observer hears from its first RUNNING report, as before.
            listed();
            try {
                readyJob();
                if (cancelRequested) {
                    finish();
                    return;
                }
                prepare();
            } catch (Exception | LinkageError e) {
                synchronized (lock) {
                    if (!(cancelRequested && givingUp(e))) {
                        fatal = e;
                    }
                }
                finish();
                return;
            }
            state = JobState.RUNNING;
            tell(true);
            int n = Math.min(parallelism, pending.size());
            if (n == 0 || cancelRequested) {
                finish();
                return;
            }
            workers.set(n);
            for (int i = 1; i < n; i++) {
                executor.execute(this::work);
            }
            work();
        }

        /** The job's own {@link Job#prepare}, labelled and interruptible as an item is. */
        private void readyJob() throws Exception {
            Thread me = Thread.currentThread();
            String was = CURRENT.get();
            CURRENT.set(label());
            synchronized (lock) {
                active.add(me);
            }
            try {
                job.prepare(this);
            } finally {
                synchronized (lock) {
                    active.remove(me);
                }
                Thread.interrupted();
                if (was == null) {
                    CURRENT.remove();
                } else {
                    CURRENT.set(was);
                }
            }
        }

        private void prepare() throws IOException {
            List<I> all = List.copyOf(job.items());
            List<String> names = new ArrayList<>(all.size());
            Set<String> seen = new HashSet<>();
            for (I item : all) {
                String id = job.id(item);
                if (!seen.add(id)) {
                    throw new IllegalArgumentException("job " + job.name() + ": two items have the id " + id);
                }
                names.add(id);
            }
            List<I> todo = new ArrayList<>();
            List<Map.Entry<I, R>> fromJournal = new ArrayList<>();
            if (options.journal().isPresent()) {
                JobJournal j = JobJournal.open(options.journal().get(), job, names, options.resume());
                synchronized (lock) {
                    journal = j;
                }
                j.notice().ifPresent(observer::notice);
                var recorded = j.recorded().results();
                for (int i = 0; i < all.size(); i++) {
                    var node = recorded.get(names.get(i));
                    if (node == null) {
                        todo.add(all.get(i));
                        continue;
                    }
                    R r = JobJournal.JSON.treeToValue(node, job.resultType());
                    fromJournal.add(new java.util.AbstractMap.SimpleImmutableEntry<>(all.get(i), r));
                }
            } else {
                todo.addAll(all);
            }
            synchronized (lock) {
                items = all;
                ids = names;
                pending = todo;
                for (var e : fromJournal) {
                    results.put(job.id(e.getKey()), e.getValue());
                }
                resumed = fromJournal.size();
                listed = true;
            }
            synchronized (tell) {
                for (var e : fromJournal) {
                    observer.itemDone(e.getKey(), e.getValue(), true);
                }
            }
        }

        private void work() {
            Thread me = Thread.currentThread();
            synchronized (lock) {
                active.add(me);
            }
            try {
                while (!cancelRequested) {
                    int k = next.getAndIncrement();
                    if (k >= pending.size()) {
                        break;
                    }
                    doItem(pending.get(k));
                }
            } finally {
                synchronized (lock) {
                    active.remove(me);
                }
                // An interrupt meant for this job's item must not reach the pool thread's next task.
                Thread.interrupted();
                if (workers.decrementAndGet() == 0) {
                    finish();
                }
            }
        }

        private void doItem(I item) {
            // The engine sessions the item uses are labelled with this job in the engine log.
            String was = CURRENT.get();
            CURRENT.set(label());
            try {
                runItem(item);
            } finally {
                if (was == null) {
                    CURRENT.remove();
                } else {
                    CURRENT.set(was);
                }
            }
        }

        private void runItem(I item) {
            String id = job.id(item);
            R result;
            try {
                result = job.run(item, this);
            } catch (Exception | LinkageError | StackOverflowError e) {
                if (cancelRequested && givingUp(e)) {
                    return; // not done: a resumed run does it again
                }
                String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                synchronized (lock) {
                    if (!record(() -> journal.failed(id, why, clock.getAsLong()))) {
                        return;
                    }
                    failures.put(id, why);
                    meter.finished(clock.getAsLong());
                }
                synchronized (tell) {
                    safely(() -> observer.itemFailed(item, e));
                }
                tell(false);
                return;
            }
            synchronized (lock) {
                if (!record(() -> journal.done(id, result, clock.getAsLong()))) {
                    return;
                }
                results.put(id, result);
                meter.finished(clock.getAsLong());
            }
            synchronized (tell) {
                safely(() -> observer.itemDone(item, result, false));
            }
            tell(false);
        }

        private interface Write {
            void write() throws IOException;
        }

        /** Journals under the lock; a journal that cannot be written stops the job (FAILED). */
        private boolean record(Write w) {
            if (journal == null) {
                return fatal == null;
            }
            if (fatal != null) {
                return false;
            }
            try {
                w.write();
                return true;
            } catch (IOException | RuntimeException e) {
                fatal = e;
                cancelRequested = true;
                return false;
            }
        }

        private static boolean givingUp(Throwable e) {
            return e instanceof InterruptedException || e instanceof CancellationException
                    || e.getCause() instanceof InterruptedException || e instanceof java.io.InterruptedIOException;
        }

        private void finish() {
            JobResult<R> result;
            synchronized (lock) {
                if (journal != null) {
                    try {
                        journal.close();
                    } catch (IOException e) {
                        if (fatal == null) {
                            fatal = e;
                        }
                    }
                }
                endNanos = clock.getAsLong();
                if (fatal != null) {
                    state = JobState.FAILED;
                } else if (!listed) {
                    state = JobState.CANCELLED; // stopped while it got ready
                } else if (results.size() + failures.size() == items.size()) {
                    state = JobState.COMPLETED;
                } else {
                    state = JobState.CANCELLED;
                }
                Map<String, R> ordered = new LinkedHashMap<>();
                Map<String, String> failed = new LinkedHashMap<>();
                for (String id : ids) {
                    if (results.containsKey(id)) {
                        ordered.put(id, results.get(id));
                    } else if (failures.containsKey(id)) {
                        failed.put(id, failures.get(id));
                    }
                }
                result = new JobResult<>(state, ordered, failed, resumed, Duration.ofNanos(endNanos - startNanos),
                        Optional.ofNullable(fatal));
            }
            tell(true);
            future.complete(result);
        }

        private void tell(boolean force) {
            long now = clock.getAsLong();
            synchronized (tell) {
                if (!force && now - lastTold < intervalNanos) {
                    if (trailing != null && !trailingQueued) {
                        trailingQueued = true;
                        try {
                            trailing.schedule(this::tellTrailing, intervalNanos - (now - lastTold), java.util.concurrent.TimeUnit.NANOSECONDS);
                        } catch (java.util.concurrent.RejectedExecutionException e) {
                            trailingQueued = false; // the runner is closing
                        }
                    }
                    return;
                }
                lastTold = now;
                Progress p = snapshot(now);
                latest = p;
                safely(() -> observer.progress(p));
                for (JobsListener l : listeners) {
                    safely(() -> l.changed(this, p));
                }
            }
        }

        /** Tells the runner's listeners of the job as it starts getting ready (STARTING, no items yet). */
        private void listed() {
            synchronized (tell) {
                Progress p = snapshot(clock.getAsLong());
                latest = p;
                for (JobsListener l : listeners) {
                    safely(() -> l.changed(this, p));
                }
            }
        }

        private void tellTrailing() {
            synchronized (tell) {
                trailingQueued = false;
            }
            if (!state.finished()) {
                tell(false);
            }
        }

        private Progress snapshot(long now) {
            synchronized (lock) {
                long at = endNanos >= 0 ? endNanos : now;
                int done = results.size();
                int failed = failures.size();
                int remaining = items.size() - done - failed;
                Optional<java.time.Duration> eta = state.finished()
                        ? (state == JobState.COMPLETED ? Optional.of(Duration.ZERO) : Optional.empty())
                        : (state == JobState.STARTING ? Optional.empty() : meter.eta(at, remaining));
                return new Progress(number, job.name(), state, items.size(), done, failed, resumed, meter.rate(at), eta,
                        Duration.ofNanos(at - startNanos));
            }
        }

        private static void safely(Runnable r) {
            try {
                r.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "a job listener failed", e);
            }
        }

        @Override
        public boolean cancelled() {
            return cancelRequested;
        }

        @Override
        public long number() {
            return number;
        }

        @Override
        public Job<I, R> job() {
            return job;
        }

        @Override
        public Progress progress() {
            return latest;
        }

        @Override
        public void cancel() {
            cancelRequested = true;
        }

        @Override
        public boolean cancelRequested() {
            return cancelRequested;
        }

        @Override
        public void cancelNow() {
            cancelRequested = true;
            synchronized (lock) {
                active.forEach(Thread::interrupt);
            }
        }

        @Override
        public CompletableFuture<JobResult<R>> result() {
            return future;
        }

        @Override
        public String toString() {
            return "job " + number + " " + job.name() + " " + state;
        }
    }
}

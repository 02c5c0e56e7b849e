package org.kibitz.workbench.engines;

import java.util.ArrayList;
import java.util.List;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import org.kibitz.core.analysis.ChangeSignal;

/**
 * Brings engine news to the panes at most once per frame. Engine threads only raise
 * {@link ChangeSignal}s; the first raise starts an {@link AnimationTimer}, which on each pulse takes
 * the signals and runs the readers of those that were raised, and stops itself after a few quiet
 * frames so an idle window does not pulse for nothing. FX thread only, except {@link #watch}'s
 * signals, which any thread may raise.
 *
 * <p>Throttled readers (the engine lines, the log, the curve) share <em>refreshes</em>: when news
 * comes after a quiet spell it is shown on the next pulse; while it keeps coming, every throttled
 * reader with news runs on the same pulse, at most once per {@link #REFRESH} (a reader with a longer
 * interval on every second or third refresh). The pulses between refreshes change no node, so
 * JavaFX draws nothing for them: under a flood the window is drawn about ten times a second instead
 * of on most pulses, and each drawn frame costs the renderer and the FX thread once
 * (docs/decisions/0043-engine-panes-refresh-together.md).
 */
public final class FrameTicker {

    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    /** Quiet frames before the timer stops. */
    private static final int IDLE_FRAMES = 30;

    /**
     * The shortest time between two refreshes of the throttled readers: ten a second, as analysis
     * GUIs refresh engine output; a bench may try another ({@code -Dkibitz.refreshMs}).
     */
    public static final java.time.Duration REFRESH = java.time.Duration.ofMillis(
            Long.getLong("kibitz.refreshMs", 100));

    private static final class Reader {
        final String name;
        final ChangeSignal signal;
        final Runnable read;
        final long minInterval;
        boolean pending;
        long lastRun;

        Reader(String name, ChangeSignal signal, Runnable read, long minInterval) {
            this.name = name;
            this.signal = signal;
            this.read = read;
            this.minInterval = minInterval;
        }
    }

    /** Time spent reading, by reader name, for the flood benchmark's report. */
    private final java.util.Map<String, long[]> spent = new java.util.LinkedHashMap<>();

    private final List<Reader> readers = new ArrayList<>();
    private final List<Runnable> everyFrame = new ArrayList<>();
    private final AnimationTimer timer;
    private boolean running;
    private int idle;
    /** When the throttled readers last ran together. */
    private long lastRefresh;
    /** When the last {@link #tick} began (for benchmarks that time whole pulses). */
    private long tickStarted;
    private final List<Reader> due = new ArrayList<>();

    public FrameTicker() {
        timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                tick();
            }
        };
    }

    /** Runs {@code read} on the FX thread, once per frame at most, after {@code signal} was raised. */
    public void watch(String name, ChangeSignal signal, Runnable read) {
        watch(name, signal, java.time.Duration.ZERO, read);
    }

    /**
     * Runs {@code read} on the FX thread after {@code signal} was raised, at most once per
     * {@code minInterval} and only on a refresh (see the class comment): people read engine figures a
     * few times a second, and each read costs the FX thread layout work and the renderer a frame that
     * a flood would otherwise ask for on every pulse. An interval shorter than {@link #REFRESH} is
     * the refresh's.
     */
    public void watch(String name, ChangeSignal signal, java.time.Duration minInterval, Runnable read) {
        readers.add(new Reader(name, signal, read, minInterval.toNanos()));
        signal.onRaise(this::wake);
        if (signal.isRaised()) {
            wake();
        }
    }

    /** Runs {@code r} on every frame while the ticker runs (after the readers). */
    public void onFrame(Runnable r) {
        everyFrame.add(r);
    }

    /** Makes sure the timer runs (callable from any thread). */
    public void wake() {
        if (Platform.isFxApplicationThread()) {
            start();
        } else {
            Platform.runLater(this::start);
        }
    }

    private void start() {
        idle = 0;
        if (!running) {
            running = true;
            timer.start();
        }
    }

    /**
     * Time spent in each reader since the last call, as {@code name: calls, total ms, ms per call},
     * and the counters reset (for benchmarks).
     */
    public String takeTimings() {
        StringBuilder b = new StringBuilder();
        spent.forEach((name, acc) -> {
            if (!b.isEmpty()) {
                b.append("; ");
            }
            b.append(String.format(java.util.Locale.ROOT, "%s %d reads, %.2f ms each (CPU %.2f ms each)", name, acc[1],
                    acc[1] == 0 ? 0 : acc[0] / 1e6 / acc[1], acc[1] == 0 ? 0 : acc[2] / 1e6 / acc[1]));
        });
        spent.clear();
        return b.toString();
    }

    /** Whether the timer runs (it stops once nothing is left to read). */
    public boolean running() {
        return running;
    }

    /** When the last frame's reading began, as {@link System#nanoTime()} (for benchmarks). */
    public long tickStarted() {
        return tickStarted;
    }

    /** One frame's reading; public for tests that drive frames by hand. */
    public void tick() {
        boolean any = false;
        long now = System.nanoTime();
        tickStarted = now;
        long refresh = REFRESH.toNanos();
        // A refresh is due when the last one is a period ago: news after a quiet spell shows at once,
        // a flood's news at most once per period, all readers together on one pulse.
        boolean refreshDue = now - lastRefresh >= refresh;
        // Each signal is taken once per frame; every reader of a raised signal is then due.
        java.util.IdentityHashMap<ChangeSignal, Boolean> taken = new java.util.IdentityHashMap<>();
        due.clear();
        for (int i = 0; i < readers.size(); i++) {
            Reader r = readers.get(i);
            Boolean raised = taken.get(r.signal);
            if (raised == null) {
                raised = r.signal.take();
                taken.put(r.signal, raised);
            }
            r.pending |= raised;
            if (!r.pending) {
                continue;
            }
            any = true;
            if (r.minInterval == 0) {
                run(r, now);
            } else if (refreshDue && now - r.lastRun >= r.minInterval - refresh / 2) {
                // A reader with a longer interval than the refresh keeps to whole refreshes (half a
                // period's slack), so it too runs on a pulse that draws anyway.
                due.add(r);
            }
        }
        if (!due.isEmpty()) {
            lastRefresh = now;
            for (Reader r : due) {
                run(r, now);
            }
            due.clear();
        }
        for (Runnable r : everyFrame) {
            r.run();
        }
        if (any) {
            idle = 0;
        } else if (++idle > IDLE_FRAMES) {
            timer.stop();
            running = false;
            // A raise between the takes above and this stop woke nobody (the timer was running):
            // look once more so it is not lost.
            for (Reader r : readers) {
                if (r.signal.isRaised() || r.pending) {
                    start();
                    break;
                }
            }
        }
    }

    private void run(Reader r, long now) {
        r.pending = false;
        r.lastRun = now;
        long t0 = System.nanoTime();
        long c0 = CPU.getCurrentThreadCpuTime();
        r.read.run();
        long[] acc = spent.computeIfAbsent(r.name, k -> new long[3]);
        acc[0] += System.nanoTime() - t0;
        acc[1]++;
        acc[2] += CPU.getCurrentThreadCpuTime() - c0;
    }
}

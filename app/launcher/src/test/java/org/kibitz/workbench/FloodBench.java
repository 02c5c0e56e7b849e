package org.kibitz.workbench;

import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.SplitPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.JsonStore;
import org.kibitz.core.Protocols;
import org.kibitz.core.engines.EngineDiscovery;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineListFile;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.testing.FakeUciEngine;
import org.kibitz.workbench.engines.CurvePane;
import org.kibitz.workbench.engines.EngineLogPane;
import org.kibitz.workbench.engines.EnginesUi;

/**
 * A bench, not run by the build ({@code mvn -B -o -pl app/launcher -am verify -Dtest=FloodBench
 * -Dsurefire.failIfNoSpecifiedTests=false}): four engine panels, each a fake engine flooding the
 * window with {@code info} lines (20,000 a second each, 80,000 together by default, {@code BENCH_FLOOD_RATE}
 * to change the total; three MultiPV lines each), with the lines, the log and the curve on screen. The
 * fakes write pre-built bytes ({@code BENCH_FLOODER=flood-lines} for the old per-line flooder, which
 * costs CPU of its own). Prints and writes to {@code target/flood-bench.txt} the frame times, p50, p95,
 * p99 and worst, idle and flooded: the interval between pulses (what the user sees; never under a
 * 60 Hz frame), the FX work in each pulse (wall time from its first animation timer, the engine
 * panes' ticker's when it runs first, to the last scene's layout: the figure issue 38's goal is
 * measured by), the whole pulse (to the end of the scenes' part, which includes waiting for the
 * renderer to finish the previous frame), the FX thread's CPU per frame (the part that does not
 * depend on what else the machine runs) and the frames the renderer drew (both windows together);
 * and where the CPU went during the flood.
 */
@ExtendWith(FxStages.class)
class FloodBench {

    private static final int ENGINES = 4;
    private static final int RATE = Integer.parseInt(System.getenv().getOrDefault("BENCH_FLOOD_RATE", "80000"));
    /** The fake engine's mode: {@code flood} writes pre-built bytes as a real engine would, {@code flood-lines} builds each line. */
    private static final String FLOODER = System.getenv().getOrDefault("BENCH_FLOODER", "flood");
    private static final int SECONDS = Integer.parseInt(System.getenv().getOrDefault("BENCH_SECONDS", "15"));

    @TempDir
    Path home;

    private EnginesUi ui;

    @AfterEach
    void close() {
        if (ui != null) {
            ui.close();
        }
    }

    @Test
    void fourEnginesFloodingTheWindow() throws Exception {
        EngineRegistry r = new EngineRegistry(new JsonStore<>(home.resolve("config").resolve("engines.json"),
                EngineListFile.class), new Protocols(ServiceLoader.load(ProtocolPlugin.class).stream()
                .map(ServiceLoader.Provider::get).toList()), new EngineDiscovery(List.of(), false));
        r.load();
        List<EngineEntry> floods = new ArrayList<>();
        for (int i = 1; i <= ENGINES; i++) {
            EngineEntry e = WorkbenchFixture.engine("flood" + i, "Fake flood " + i,
                    FakeUciEngine.command(FLOODER, Integer.toString(RATE / ENGINES)), "uci", java.util.Set.of("chess"));
            r.put(e);
            floods.add(e);
        }
        r.offersAnswered();
        WorkbenchFixture w = WorkbenchFixture.open(home);
        ui = w.injector.getInstance(EnginesUi.class);
        GamePlugin chess = w.game("chess");
        runFx(() -> w.document.newGame(chess, chess.startPosition()));
        Stage side = onFx(() -> {
            Stage s = new Stage();
            SplitPane split = new SplitPane(new EngineLogPane(ui), new CurvePane(ui));
            s.setScene(new Scene(split, 900, 500));
            s.show();
            return s;
        });
        List<String> panels = onFx(() -> {
            while (ui.panelIds().size() < ENGINES) {
                ui.addPanel().orElseThrow();
            }
            List<String> ids = List.copyOf(ui.panelIds());
            for (int i = 0; i < ENGINES; i++) {
                ui.chooseEngine(ids.get(i), floods.get(i));
                ui.setMultiPv(ids.get(i), 3);
            }
            return ids;
        });
        List<Scene> scenes = List.of(w.window.stage().getScene(), side.getScene());
        Frames idle = Frames.measure(scenes, 3, tickStart(ui));
        onFx(() -> ui.ticker().takeTimings());
        runFx(() -> panels.forEach(ui::start));
        WorkbenchFixture.waitUntil(() -> panels.stream().allMatch(p -> ui.service().slot(p).state().lines().size() == 3));
        Thread.sleep(2_000);
        long lines0 = ui.service().log().since(0).next();
        long t0 = System.nanoTime();
        CpuUse cpu = CpuUse.start();
        Frames flooded = Frames.measure(scenes, SECONDS, tickStart(ui));
        String where = cpu.stop();
        double linesPerSecond = (ui.service().log().since(0).next() - lines0) / ((System.nanoTime() - t0) / 1e9);
        String readers = onFx(() -> ui.ticker().takeTimings());
        runFx(() -> panels.forEach(ui::stop));
        String report = String.format(Locale.ROOT, """
                BENCH flood: %d engines (%s), %d info lines a second each, %d together (received %.0f/s), Java %s,
                  load average %.1f on %d cores at the end
                  idle:    %s
                  flooded: %s
                  CPU during the flood, ms per second: %s
                  panes' reading (incl. warm-up): %s
                """, ENGINES, FLOODER, RATE / ENGINES, RATE, linesPerSecond, System.getProperty("java.version"),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors(), idle.summary(), flooded.summary(), where, readers);
        System.out.println(report);
        Files.writeString(Path.of("target", "flood-bench.txt"), report);
    }

    /**
     * When the engine panes' ticker last began a pulse's reading, where it can say: its animation
     * timer may run before the bench's in a pulse, and its work belongs to that pulse's.
     */
    private static java.util.function.LongSupplier tickStart(EnginesUi ui) {
        try {
            java.lang.reflect.Method m = ui.ticker().getClass().getMethod("tickStarted");
            return () -> {
                try {
                    return (long) m.invoke(ui.ticker());
                } catch (ReflectiveOperationException e) {
                    return 0;
                }
            };
        } catch (NoSuchMethodException e) {
            return () -> 0;
        }
    }

    /**
     * Where the CPU goes over a while: this JVM's threads by kind (engine readers, the FX thread, the
     * garbage collector...), the child processes (the fake engines) and the whole machine, in ms of
     * CPU per second of wall time (2 cores give 2,000).
     */
    record CpuUse(long wall0, java.util.Map<Long, Long> threads0, java.util.Map<Long, String> names, long children0,
                  long process0, long[] machine0) {

        static CpuUse start() {
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            java.util.Map<Long, Long> t = new java.util.HashMap<>();
            java.util.Map<Long, String> n = new java.util.HashMap<>();
            for (java.lang.management.ThreadInfo ti : mx.getThreadInfo(mx.getAllThreadIds())) {
                if (ti != null) {
                    t.put(ti.getThreadId(), mx.getThreadCpuTime(ti.getThreadId()));
                    n.put(ti.getThreadId(), ti.getThreadName());
                }
            }
            return new CpuUse(System.nanoTime(), t, n, childrenCpu(), processCpu(), machine());
        }

        String stop() {
            double wallS = (System.nanoTime() - wall0) / 1e9;
            long children = childrenCpu() - children0;
            long process = processCpu() - process0;
            long[] m = machine();
            double busy = (m[0] - machine0[0]) * 10.0 / wallS; // jiffies of 10 ms
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            java.util.Map<String, Double> byKind = new java.util.TreeMap<>();
            double threadsSum = 0;
            for (java.lang.management.ThreadInfo ti : mx.getThreadInfo(mx.getAllThreadIds())) {
                if (ti == null) {
                    continue;
                }
                long used = mx.getThreadCpuTime(ti.getThreadId()) - threads0.getOrDefault(ti.getThreadId(), 0L);
                // Threads of a kind (the four engines' readers, the callbacks) summed under one name.
                String kind = ti.getThreadName().replaceAll("flood\\d+", "flood*").replaceAll("[-#]?\\d+$", "");
                byKind.merge(kind, used / 1e6 / wallS, Double::sum);
                threadsSum += used / 1e6 / wallS;
            }
            String top = byKind.entrySet().stream().filter(e -> e.getValue() >= 1)
                    .sorted(java.util.Map.Entry.<String, Double>comparingByValue().reversed())
                    .map(e -> String.format(Locale.ROOT, "%s %.0f", e.getKey(), e.getValue()))
                    .collect(java.util.stream.Collectors.joining(", "));
            return String.format(Locale.ROOT, "machine %.0f of %d; the fake engines %.0f; this JVM %.0f"
                            + " (its Java threads %.0f: %s; the rest, e.g. GC and JIT, %.0f)", busy,
                    Runtime.getRuntime().availableProcessors() * 1000, children / 1e6 / wallS, process / 1e6 / wallS,
                    threadsSum, top, process / 1e6 / wallS - threadsSum);
        }

        private static long childrenCpu() {
            return ProcessHandle.current().descendants()
                    .mapToLong(p -> p.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(0L)).sum();
        }

        private static long processCpu() {
            return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                    .getOperatingSystemMXBean()).getProcessCpuTime();
        }

        /** The machine's busy and total jiffies from /proc/stat (zeros where there is none). */
        private static long[] machine() {
            try {
                String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
                long total = 0;
                for (int i = 1; i < f.length; i++) {
                    total += Long.parseLong(f[i]);
                }
                long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
                return new long[] {total - idle, total};
            } catch (Exception e) {
                return new long[] {0, 0};
            }
        }
    }

    /** Pulse intervals and the FX thread's work per pulse over a while. */
    static final class Frames {
        final List<Double> intervals = Collections.synchronizedList(new ArrayList<>());
        final List<Double> work = Collections.synchronizedList(new ArrayList<>());
        /**
         * The whole pulse: from its start to the end of the scenes' part (bounds, waiting for the
         * renderer to finish the previous frame, handing the changed nodes over to it).
         */
        final List<Double> whole = Collections.synchronizedList(new ArrayList<>());
        /** The FX thread's CPU time from one pulse to the next: its work per frame, whatever else the machine runs. */
        final List<Double> cpu = Collections.synchronizedList(new ArrayList<>());
        /** Frames the renderer drew, all scenes together. */
        final java.util.concurrent.atomic.AtomicInteger drawn = new java.util.concurrent.atomic.AtomicInteger();
        double seconds;

        /**
         * @param tickStart when the engine panes' ticker began its reading ({@link System#nanoTime()}),
         *                  which may come before the bench's own timer in a pulse; 0 when unknown
         */
        static Frames measure(List<Scene> scenes, int seconds, java.util.function.LongSupplier tickStart) throws Exception {
            Frames f = new Frames();
            long[] pulseStart = {0};
            long[] lastLayout = {0};
            long[] lastEnd = {0};
            long[] last = {0};
            long[] lastCpu = {0};
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            AnimationTimer timer = new AnimationTimer() {
                @Override
                public void handle(long now) {
                    long t = System.nanoTime();
                    long c = mx.getCurrentThreadCpuTime();
                    if (lastCpu[0] != 0) {
                        f.cpu.add((c - lastCpu[0]) / 1e6);
                    }
                    lastCpu[0] = c;
                    if (last[0] != 0) {
                        f.intervals.add((t - last[0]) / 1e6);
                    }
                    last[0] = t;
                    // The pulse began with the first animation timer: the ticker's, when it ran in
                    // this pulse before this one (after the previous pulse's end).
                    long tick = tickStart.getAsLong();
                    pulseStart[0] = tick > lastEnd[0] && tick > lastLayout[0] && tick <= t ? tick : t;
                }
            };
            Runnable layoutDone = () -> lastLayout[0] = System.nanoTime();
            com.sun.javafx.tk.TKPulseListener pulseDone = () -> {
                long t = System.nanoTime();
                if (pulseStart[0] != 0 && lastLayout[0] > pulseStart[0]) {
                    f.work.add((lastLayout[0] - pulseStart[0]) / 1e6);
                    f.whole.add((t - pulseStart[0]) / 1e6);
                }
                lastEnd[0] = t;
                pulseStart[0] = 0;
            };
            List<com.sun.javafx.perf.PerformanceTracker> trackers = new ArrayList<>();
            long t0 = System.nanoTime();
            runFx(() -> {
                scenes.forEach(s -> s.addPostLayoutPulseListener(layoutDone));
                com.sun.javafx.tk.Toolkit.getToolkit().addPostSceneTkPulseListener(pulseDone);
                for (Scene s : scenes) {
                    com.sun.javafx.perf.PerformanceTracker pt = com.sun.javafx.perf.PerformanceTracker.getSceneTracker(s);
                    pt.setOnRenderedFrameTask(f.drawn::incrementAndGet);
                    trackers.add(pt);
                }
                timer.start();
            });
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < end) {
                CompletableFuture<Void> done = new CompletableFuture<>();
                Platform.runLater(() -> done.complete(null));
                done.get(30, TimeUnit.SECONDS);
                Thread.sleep(50);
            }
            runFx(() -> {
                timer.stop();
                scenes.forEach(s -> s.removePostLayoutPulseListener(layoutDone));
                com.sun.javafx.tk.Toolkit.getToolkit().removePostSceneTkPulseListener(pulseDone);
                trackers.forEach(pt -> pt.setOnRenderedFrameTask(null));
                scenes.forEach(com.sun.javafx.perf.PerformanceTracker::releaseSceneTracker);
            });
            f.seconds = (System.nanoTime() - t0) / 1e9;
            return f;
        }

        static double percentile(List<Double> xs, double pct) {
            List<Double> s;
            synchronized (xs) {
                s = new ArrayList<>(xs);
            }
            if (s.isEmpty()) {
                return 0;
            }
            Collections.sort(s);
            return s.get((int) Math.min(s.size() - 1, Math.round(pct / 100 * (s.size() - 1))));
        }

        String summary() {
            return String.format(Locale.ROOT, "frame (pulse interval) p50 %.1f ms, p95 %.1f, p99 %.1f, worst %.1f (%d frames);"
                            + " FX work per pulse p50 %.2f ms, p95 %.2f, p99 %.2f, worst %.2f;"
                            + " whole pulse p50 %.2f ms, p95 %.2f, p99 %.2f, worst %.2f;"
                            + " FX thread CPU per frame p50 %.2f ms, p95 %.2f, p99 %.2f, worst %.2f;"
                            + " frames drawn %.1f/s (%d)",
                    percentile(intervals, 50), percentile(intervals, 95), percentile(intervals, 99),
                    percentile(intervals, 100), intervals.size(),
                    percentile(work, 50), percentile(work, 95), percentile(work, 99), percentile(work, 100),
                    percentile(whole, 50), percentile(whole, 95), percentile(whole, 99), percentile(whole, 100),
                    percentile(cpu, 50), percentile(cpu, 95), percentile(cpu, 99), percentile(cpu, 100),
                    seconds == 0 ? 0 : drawn.get() / seconds, drawn.get());
        }
    }
}

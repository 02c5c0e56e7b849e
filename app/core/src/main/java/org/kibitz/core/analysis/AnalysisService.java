package org.kibitz.core.analysis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.core.engines.EngineEntry;

/**
 * The engines analysing alongside the user: one {@link AnalysisSlot} per engine shown, all
 * following the same position, all writing to one {@link EngineLog}. Headless, so the workbench's
 * panes stay thin and later batch jobs can drive engines the same way.
 */
public final class AnalysisService implements AutoCloseable {

    /** How many log lines are kept by default. */
    public static final int LOG_CAPACITY = 50_000;

    private final AnalysisSlot.SessionOpener opener;
    private final EngineLog log;
    private final ChangeSignal signal = new ChangeSignal();
    private final BiConsumer<EngineEntry, EngineInfo> learned;
    private final Map<String, AnalysisSlot> slots = new LinkedHashMap<>();
    private final AnalysisSink sink;

    public AnalysisService(AnalysisSlot.SessionOpener opener, EngineLog log, BiConsumer<EngineEntry, EngineInfo> learned) {
        this(opener, log, learned, AnalysisSink.NONE);
    }

    /** @param sink told what every slot's engine finds, as it arrives (the analysis store) */
    public AnalysisService(AnalysisSlot.SessionOpener opener, EngineLog log, BiConsumer<EngineEntry, EngineInfo> learned,
                           AnalysisSink sink) {
        this.opener = Objects.requireNonNull(opener, "opener");
        this.log = Objects.requireNonNull(log, "log");
        this.learned = learned;
        this.sink = sink == null ? AnalysisSink.NONE : sink;
    }

    /** Raised when any slot changes. */
    public ChangeSignal signal() {
        return signal;
    }

    public EngineLog log() {
        return log;
    }

    /** The slot with this id, created if there is none. */
    public synchronized AnalysisSlot slot(String id) {
        return slots.computeIfAbsent(id, k -> new AnalysisSlot(k, opener, log, signal, learned, sink));
    }

    public synchronized List<AnalysisSlot> slots() {
        return List.copyOf(slots.values());
    }

    /** Ends a slot's engine and forgets the slot. */
    public CompletableFuture<Void> remove(String id) {
        AnalysisSlot s;
        synchronized (this) {
            s = slots.remove(id);
        }
        signal.raise();
        return s == null ? CompletableFuture.completedFuture(null) : s.dispose();
    }

    /** Every running slot analyses {@code request} next. */
    public void followAll(AnalysisRequest request) {
        for (AnalysisSlot s : slots()) {
            s.follow(request);
        }
    }

    public void stopAll() {
        for (AnalysisSlot s : slots()) {
            s.stop();
        }
    }

    /** Whether any slot is analysing. */
    public boolean anyRunning() {
        return slots().stream().anyMatch(AnalysisSlot::running);
    }

    /**
     * Ends every engine, all at once, waiting at most {@code max} (each session is bounded by its
     * own stop and quit timeouts; this bounds the whole).
     */
    public void close(Duration max) {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        List<AnalysisSlot> toEnd;
        synchronized (this) {
            toEnd = List.copyOf(slots.values());
            slots.clear();
        }
        for (AnalysisSlot s : toEnd) {
            all.add(s.dispose());
        }
        try {
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(max.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // the sessions kill their processes themselves; the JVM's exit ends the rest
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(8));
    }
}

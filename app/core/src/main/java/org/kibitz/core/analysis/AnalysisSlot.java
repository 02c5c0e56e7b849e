package org.kibitz.core.analysis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineListener;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.i18n.Text;
import org.kibitz.core.analysis.AnalysisState.Status;
import org.kibitz.core.engines.EngineEntry;

/**
 * One engine analysing the position the user is at: the workbench's engine lines pane has one slot
 * per engine shown side by side.
 *
 * <p>Callers say what they want (which engine, running or not, which position, how many lines);
 * a worker thread of the slot's own brings the engine there: starts it, stops the search, waits
 * for its best move within the stop timeout, sets the new position and starts searching again.
 * Requests that arrive while the worker is busy are merged: only the latest position is searched.
 * No call blocks on the engine.
 *
 * <p>The engine's reports are kept as the latest line of each MultiPV rank ({@link LatestLines}),
 * under the slot's lock, by the session's reader thread; {@link #state()} takes an immutable snapshot
 * of them (the UI does so at most once per frame, whatever the engine's rate). Every change raises the slot's
 * {@link ChangeSignal}.
 */
public final class AnalysisSlot {

    /** The most lines a slot keeps. */
    public static final int MAX_PV = 64;

    /** Starts engines for the slot (the engine registry in the workbench, fakes in tests). */
    @FunctionalInterface
    public interface SessionOpener {
        /** Starts the engine with {@code listener} attached before its first line, so the log has the handshake. */
        EngineSession open(EngineEntry entry, EngineListener listener) throws EngineException;
    }

    private static final System.Logger LOG = System.getLogger(AnalysisSlot.class.getName());

    private final String id;
    private final SessionOpener opener;
    private final EngineLog log;
    private final ChangeSignal signal;
    private final BiConsumer<EngineEntry, EngineInfo> learned;
    private final ExecutorService worker;
    private final AtomicBoolean queued = new AtomicBoolean();
    private final SinkFeed feed;

    // What the callers want; guarded by this.
    private EngineEntry wantedEngine;
    private boolean wantRunning;
    private AnalysisRequest wantedRequest;
    private int wantedMultiPv = 1;
    private String label;

    // The engine as the worker left it; written by the worker only, under this.
    private EngineSession session;
    private EngineEntry sessionEntry;
    private long epoch;
    private Object sessionGame;
    private AnalysisRequest searching;
    private int searchingMultiPv;
    /** The request the lines shown are for: the last searched, kept after a stop. */
    private AnalysisRequest shown;
    private CompletableFuture<EngineEvent.BestMove> searchResult;

    // What is shown; guarded by this.
    private Status status = Status.IDLE;
    /** What the engine's session says it waits for (a start, a hash to allocate); null when nothing. */
    private Text waiting;
    private Text error;
    private EngineInfo info;
    private String message;
    private final LatestLines lines = new LatestLines(MAX_PV);
    private int depth = -1;
    private int seldepth = -1;
    private long nodes = -1;
    private long nps = -1;
    private Duration time;
    private int hashfull = -1;
    private long tbhits = -1;
    private Move currmove;
    private int currmoveNumber = -1;
    private long version;
    private AnalysisState snapshot;

    /**
     * @param learned told (on the worker thread) what an engine said about itself when it started, so
     *                the engine list can keep what a probe would have found
     */
    public AnalysisSlot(String id, SessionOpener opener, EngineLog log, ChangeSignal signal,
                        BiConsumer<EngineEntry, EngineInfo> learned) {
        this(id, opener, log, signal, learned, AnalysisSink.NONE);
    }

    /** @param sink told what the engine finds, as it arrives (the analysis store) */
    public AnalysisSlot(String id, SessionOpener opener, EngineLog log, ChangeSignal signal,
                        BiConsumer<EngineEntry, EngineInfo> learned, AnalysisSink sink) {
        this.feed = new SinkFeed(sink == null ? AnalysisSink.NONE : sink);
        this.id = Objects.requireNonNull(id, "id");
        this.opener = Objects.requireNonNull(opener, "opener");
        this.log = Objects.requireNonNull(log, "log");
        this.signal = Objects.requireNonNull(signal, "signal");
        this.learned = learned == null ? (e, i) -> { } : learned;
        this.label = id;
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "kibitz-analysis-" + id);
            t.setDaemon(true);
            return t;
        });
    }

    public String id() {
        return id;
    }

    // ------------------------------------------------------------------ what callers want

    /** Chooses the engine; a running analysis restarts with it. */
    public void setEngine(EngineEntry entry) {
        change(entry, null);
    }

    /**
     * Another game: the engine for it and the position to analyse change together. Set one after
     * the other, the worker could start the new engine on the old game's position (Stockfish handed
     * a xiangqi position when the user opened a chess game during xiangqi analysis) and fail.
     */
    public void switchGame(EngineEntry entry, AnalysisRequest request) {
        change(entry, Objects.requireNonNull(request, "request"));
    }

    /** The engine, and the position when {@code request} is not null, under one lock, then one kick. */
    private void change(EngineEntry entry, AnalysisRequest request) {
        synchronized (this) {
            boolean newEngine = !Objects.equals(entry, wantedEngine);
            if (!newEngine && request == null) {
                return;
            }
            if (request != null) {
                wantedRequest = request;
            }
            if (newEngine) {
                wantedEngine = entry;
                if (!wantRunning && status == Status.FAILED) {
                    status = Status.IDLE;
                    error = null;
                }
                if (!wantRunning && (sessionEntry == null || entry == null || !sessionEntry.id().equals(entry.id()))) {
                    // An idle slot given another engine: the name, lines and figures of the one that
                    // ran last are not this engine's (a running slot restarts and clears them itself).
                    info = null;
                    shown = null;
                    clearFigures();
                }
                changed();
            }
        }
        kick();
    }

    public synchronized Optional<EngineEntry> engine() {
        return Optional.ofNullable(wantedEngine);
    }

    /** Starts analysing {@code request} with the chosen engine (starting the engine if needed). */
    public void start(AnalysisRequest request) {
        synchronized (this) {
            if (wantedEngine == null) {
                throw new IllegalStateException("no engine chosen for slot " + id);
            }
            wantRunning = true;
            wantedRequest = Objects.requireNonNull(request, "request");
            error = null;
            if (status != Status.RUNNING) {
                status = Status.STARTING;
            }
            changed();
        }
        kick();
    }

    /** The user is at another position: analyse that one if running, else remember it for the next start. */
    public void follow(AnalysisRequest request) {
        boolean run;
        synchronized (this) {
            wantedRequest = Objects.requireNonNull(request, "request");
            run = wantRunning;
        }
        if (run) {
            kick();
        }
    }

    /** How many lines to ask for; a running search restarts with the new count. */
    public void setMultiPv(int k) {
        boolean run;
        synchronized (this) {
            int v = Math.max(1, Math.min(MAX_PV, k));
            if (v == wantedMultiPv) {
                return;
            }
            wantedMultiPv = v;
            run = wantRunning;
            changed();
        }
        if (run) {
            kick();
        }
    }

    public synchronized int multiPv() {
        return wantedMultiPv;
    }

    /** Stops analysing; the engine stays loaded for the next start. */
    public void stop() {
        synchronized (this) {
            if (!wantRunning) {
                return;
            }
            wantRunning = false;
            if (status == Status.RUNNING || status == Status.STARTING) {
                status = Status.STOPPING;
            }
            changed();
        }
        kick();
    }

    /** Whether the slot is meant to be analysing (what a Start/Stop control shows). */
    public synchronized boolean running() {
        return wantRunning;
    }

    /**
     * Presses an engine's button option ({@code Clear Hash}) on the running engine: the search is
     * stopped, the option sent, and the search resumed.
     */
    public void press(String buttonName) {
        worker.execute(() -> {
            EngineSession s = session;
            if (s == null) {
                return;
            }
            try {
                stopSearch(s);
                s.setOption(buttonName, "");
                synchronized (this) {
                    searching = null;
                }
            } catch (EngineException e) {
                fail(e.text());
            }
            reconcile();
        });
    }

    /** Ends the engine, within its stop and quit timeouts; the slot can start again later. */
    public CompletableFuture<Void> shutdown() {
        synchronized (this) {
            wantRunning = false;
            wantedEngine = null;
            changed();
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        worker.execute(() -> {
            try {
                reconcile();
            } finally {
                done.complete(null);
            }
        });
        return done;
    }

    /** Ends the engine and the slot's worker for good. */
    public CompletableFuture<Void> dispose() {
        CompletableFuture<Void> done = shutdown();
        return done.whenComplete((v, t) -> worker.shutdown());
    }

    // ------------------------------------------------------------------ what is shown

    /** A snapshot of the slot: cheap when nothing changed since the last one. */
    public synchronized AnalysisState state() {
        if (snapshot != null && snapshot.version() == version) {
            return snapshot;
        }
        List<AnalysisUpdate> shownLines = shown != null ? lines.lines(wantedMultiPv) : List.of();
        AnalysisState.Stats stats = new AnalysisState.Stats(
                depth >= 0 ? OptionalInt.of(depth) : OptionalInt.empty(),
                seldepth >= 0 ? OptionalInt.of(seldepth) : OptionalInt.empty(),
                nodes >= 0 ? OptionalLong.of(nodes) : OptionalLong.empty(),
                nps >= 0 ? OptionalLong.of(nps) : OptionalLong.empty(),
                Optional.ofNullable(time),
                hashfull >= 0 ? OptionalInt.of(hashfull) : OptionalInt.empty(),
                tbhits >= 0 ? OptionalLong.of(tbhits) : OptionalLong.empty(),
                Optional.ofNullable(currmove),
                currmoveNumber >= 0 ? OptionalInt.of(currmoveNumber) : OptionalInt.empty());
        snapshot = new AnalysisState(id, Optional.ofNullable(wantedEngine), status, Optional.ofNullable(error),
                Optional.ofNullable(info), Optional.ofNullable(shown), shownLines, stats, wantedMultiPv,
                Optional.ofNullable(message), version, Optional.ofNullable(waiting));
        return snapshot;
    }

    /** The name this slot's engine has in the log. */
    public synchronized String label() {
        return label;
    }

    public ChangeSignal signal() {
        return signal;
    }

    // ------------------------------------------------------------------ the worker

    private void changed() {
        version++;
        signal.raise();
    }

    private void kick() {
        if (queued.compareAndSet(false, true)) {
            try {
                worker.execute(() -> {
                    queued.set(false);
                    reconcile();
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                queued.set(false);
            }
        }
    }

    /** Brings the engine to what the callers want now (on the worker thread). */
    private void reconcile() {
        EngineEntry e;
        boolean run;
        AnalysisRequest r;
        int k;
        synchronized (this) {
            e = wantedEngine;
            run = wantRunning;
            r = wantedRequest;
            k = wantedMultiPv;
        }
        EngineSession s = session;
        if (s != null && (s.state() == SessionState.TERMINATED || e == null || !sameRun(e, sessionEntry))) {
            closeSession();
            s = null;
        }
        if (!run || e == null || r == null) {
            if (s != null) {
                stopSearch(s);
            }
            synchronized (this) {
                if (status != Status.FAILED) {
                    status = s != null ? Status.STOPPED : Status.IDLE;
                }
                changed();
            }
            return;
        }
        if (s == null) {
            s = openSession(e);
            if (s == null) {
                return;
            }
        }
        if (r == searching && k == searchingMultiPv && searchResult != null && !searchResult.isDone()) {
            return;
        }
        try {
            if (sessionGame != r.game()) {
                stopSearch(s);
                s.newGame(r.gameId());
                sessionGame = r.game();
            }
            synchronized (this) {
                searching = r;
                shown = r;
                searchingMultiPv = k;
                clearFigures();
                lines.reset(r.position(), k);
                status = Status.RUNNING;
                changed();
            }
            SearchLimits limits = SearchLimits.infiniteAnalysis().withMultiPv(k);
            if (!r.banned().isEmpty() && !s.info().protocol().equals("xboard")) {
                // Moves that would lose by repetition are left out of the search (UCCI: banmoves).
                // CECP has no such command its engines keep to (exclude is WinBoard's, rarely spoken).
                List<Move> allowed = new ArrayList<>(r.position().legalMoves());
                allowed.removeAll(r.banned());
                if (!allowed.isEmpty()) {
                    limits = limits.withSearchMoves(allowed);
                }
            }
            feed.begin(r, sessionEntry, s.info(), limits);
            searchResult = s.search(r.start(), r.moves(), limits);
        } catch (EngineException ex) {
            fail(ex.text());
            closeSession();
        } catch (RuntimeException ex) {
            LOG.log(System.Logger.Level.WARNING, "analysis slot " + id, ex);
            fail(Text.of(AnalysisSlot.class, "analysis.internal", String.valueOf(ex)));
            closeSession();
        }
    }

    /**
     * Whether a session started for {@code running} serves {@code wanted} as well: the same command,
     * options, conventions and timeouts. A protocol learned since (the entry had none) changes nothing.
     */
    static boolean sameRun(EngineEntry wanted, EngineEntry running) {
        if (running == null || !wanted.id().equals(running.id())) {
            return false;
        }
        var a = wanted.toConfig();
        var b = running.toConfig();
        boolean protocolOk = a.protocol().isEmpty() || b.protocol().isEmpty() || a.protocol().equals(b.protocol());
        return protocolOk && a.command().equals(b.command()) && a.workingDirectory().equals(b.workingDirectory())
                && a.conventions().equals(b.conventions()) && a.options().equals(b.options())
                && a.timeouts().equals(b.timeouts());
    }

    private EngineSession openSession(EngineEntry e) {
        synchronized (this) {
            status = Status.STARTING;
            info = null;
            message = null;
            waiting = null;
            shown = null;
            clearFigures();
            label = id + ": " + e.name();
            changed();
        }
        long myEpoch;
        synchronized (this) {
            myEpoch = ++epoch;
        }
        String logName = label();
        EngineListener listener = ev -> onEvent(myEpoch, logName, ev);
        EngineSession s;
        try {
            s = opener.open(e, listener);
        } catch (EngineException ex) {
            fail(ex.text());
            return null;
        } catch (RuntimeException ex) {
            LOG.log(System.Logger.Level.WARNING, "engine " + e.name() + " could not be started", ex);
            fail(Text.of(AnalysisSlot.class, "analysis.internal", String.valueOf(ex)));
            return null;
        }
        showWdl(s, e);
        EngineInfo i = s.info();
        synchronized (this) {
            session = s;
            sessionEntry = e;
            sessionGame = null;
            searching = null;
            searchResult = null;
            info = i;
            changed();
        }
        try {
            learned.accept(e, i);
        } catch (RuntimeException ex) {
            LOG.log(System.Logger.Level.WARNING, "engine list not updated", ex);
        }
        return s;
    }

    /**
     * Asks for win/draw/loss figures where the engine can give them and the user did not say
     * otherwise (Stockfish's {@code UCI_ShowWDL} is off by default).
     */
    private void showWdl(EngineSession s, EngineEntry e) {
        boolean userSet = e.options().keySet().stream().anyMatch(k -> k.equalsIgnoreCase("UCI_ShowWDL"));
        if (!userSet && s.info().option("UCI_ShowWDL").isPresent()) {
            try {
                s.setOption("UCI_ShowWDL", "true");
            } catch (EngineException ex) {
                // the engine refused: the lines come without WDL
            }
        }
    }

    /** Stops a running search and waits (bounded by the stop timeout) for its best move. */
    private void stopSearch(EngineSession s) {
        CompletableFuture<EngineEvent.BestMove> f = searchResult;
        if (f == null || f.isDone()) {
            return;
        }
        try {
            s.stop().get(s.info().timeouts().stop().toMillis() + 2_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException ex) {
            if (ex.getCause() instanceof EngineException ee) {
                fail(ee.text());
            }
        } catch (TimeoutException ex) {
            fail(Text.of(AnalysisSlot.class, "analysis.stopTimeout", s.info().name()));
            s.close();
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        } finally {
            searchResult = null;
            synchronized (this) {
                searching = null;
            }
        }
    }

    private void closeSession() {
        EngineSession s;
        synchronized (this) {
            s = session;
            session = null;
            sessionEntry = null;
            sessionGame = null;
            searching = null;
            searchResult = null;
            epoch++;
            changed();
        }
        feed.end();
        if (s != null) {
            s.close();
        }
    }

    private void fail(Text why) {
        synchronized (this) {
            status = Status.FAILED;
            error = why;
            wantRunning = false;
            changed();
        }
    }

    /** Forgets the lines and figures of the last search (under this). */
    private void clearFigures() {
        lines.clear();
        depth = -1;
        seldepth = -1;
        nodes = -1;
        nps = -1;
        time = null;
        hashfull = -1;
        tbhits = -1;
        currmove = null;
        currmoveNumber = -1;
    }

    // ------------------------------------------------------------------ the engine's reports

    /** Called on the engine's reader thread: records and returns at once. */
    private void onEvent(long myEpoch, String logName, EngineEvent ev) {
        switch (ev) {
            case EngineEvent.EngineLine l -> log.append(logName, l);
            case AnalysisUpdate u -> {
                synchronized (this) {
                    if (myEpoch != epoch || !accepts(u.position())) {
                        return;
                    }
                    record(u);
                    changed();
                }
                feed.offer(u);
            }
            case EngineEvent.EngineFailure f -> {
                feed.end();
                synchronized (this) {
                    if (myEpoch != epoch) {
                        return;
                    }
                    status = Status.FAILED;
                    error = f.message();
                    wantRunning = false;
                    changed();
                }
                kick();
            }
            case EngineEvent.EngineMessage m -> {
                synchronized (this) {
                    if (myEpoch == epoch) {
                        message = m.text();
                        changed();
                    }
                }
            }
            case EngineEvent.BestMove b -> {
                // An analysis ends only when stopped; the lines already say what it found.
                if (myEpoch == epochNow()) {
                    feed.end();
                }
            }
            case EngineEvent.StateChanged c -> {
                // the slot's own status says more
            }
            case EngineEvent.Status st -> {
                synchronized (this) {
                    if (myEpoch == epoch) {
                        waiting = st.text().orElse(null);
                        changed();
                    }
                }
            }
        }
    }

    private synchronized long epochNow() {
        return epoch;
    }

    /** Whether a report is about the position being analysed now (not a late one about the last). */
    private boolean accepts(Position p) {
        return searching != null && lines.isAbout(p);
    }

    private void record(AnalysisUpdate u) {
        if (lines.offer(u) && u.multipv() == 1) {
            u.depth().ifPresent(d -> depth = d);
            u.seldepth().ifPresent(d -> seldepth = d);
        }
        u.nodes().ifPresent(n -> nodes = n);
        u.nps().ifPresent(n -> nps = n);
        u.time().ifPresent(t -> time = t);
        u.hashfull().ifPresent(h -> hashfull = h);
        u.tbhits().ifPresent(t -> tbhits = t);
        u.currmove().ifPresent(m -> currmove = m);
        u.currmoveNumber().ifPresent(n -> currmoveNumber = n);
    }
}

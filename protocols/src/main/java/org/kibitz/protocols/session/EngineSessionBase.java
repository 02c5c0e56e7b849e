package org.kibitz.protocols.session;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.kibitz.api.analysis.Wdl;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.DeferredMoves;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineEvent.Direction;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineException.Kind;
import org.kibitz.api.engine.EngineExit;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineListener;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.EngineTimeouts;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.i18n.Text;
import org.kibitz.protocols.ProtocolMessages;
import org.kibitz.protocols.process.LineChannel;
import org.kibitz.protocols.process.LineReceiver;

/**
 * What every protocol's session shares: the state machine, listeners, the named waits, the search
 * in progress, and what happens when the engine dies.
 *
 * <p>All state is guarded by {@link #lock}. Engine lines arrive on the channel's reader thread and
 * are handled under the lock by {@link #handleLine(String)}; public calls take the lock to change
 * state and send, and wait for answers outside it, on futures with one of the named timeouts.
 * Every wait is registered so that an engine that dies fails it at once with the exit code and
 * last lines rather than letting it run into its timeout. A timeout is fatal: the engine is ended
 * and the session is {@link SessionState#TERMINATED}, because an engine that misses one is in an
 * unknown state.
 */
public abstract class EngineSessionBase implements EngineSession {

    /** Shared timer for every session's timeouts and search-limit stops. */
    protected static final ScheduledExecutorService TIMER;
    /** Where futures handed to callers complete, so their callbacks never run on a reader thread. */
    private static final Executor CALLBACKS;

    static {
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, daemon("kibitz-engine-timer"));
        t.setRemoveOnCancelPolicy(true);
        TIMER = t;
        CALLBACKS = Executors.newCachedThreadPool(daemon("kibitz-engine-callback"));
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread th = new Thread(r, name + "-" + n.incrementAndGet());
            th.setDaemon(true);
            return th;
        };
    }

    protected final Object lock = new Object();
    protected final EventBus events = new EventBus();
    /** The engine's lines; replaced only when a session starts its engine anew ({@link #replaceChannel}). */
    protected volatile LineChannel channel;
    private ChannelFactory channelFactory;
    protected final EngineConfig config;
    protected final Games games;
    protected final EngineTimeouts timeouts;
    protected final String protocolId;

    // Guarded by lock.
    private SessionState state = SessionState.STARTING;
    private EngineException failure;
    private EngineExit exit;
    /** Waits that the engine's death fails at once; a concurrent set, so that a wait ends without the lock. */
    private final Set<CompletableFuture<?>> waits = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final CompletableFuture<Void> handshake = new CompletableFuture<>();
    protected final Map<String, EngineOption> options = new LinkedHashMap<>();
    protected String engineName;
    protected Optional<String> author = Optional.empty();
    protected final List<String> variants = new ArrayList<>();
    protected GamePlugin game;
    protected Conventions conventions;
    protected MoveCodec codec;
    protected Position start;
    protected List<Move> moves = List.of();
    protected Position position;
    protected Search search;
    protected BestMove lastBestMove = BestMove.none();
    private boolean closing;

    @Override
    public Optional<Duration> roundTrip() {
        LineChannel ch = channel;
        return ch == null ? Optional.empty() : ch.roundTrip();
    }

    protected EngineSessionBase(String protocolId, EngineConfig config, Games games, LineChannel channel) {
        this.protocolId = protocolId;
        this.config = config;
        this.games = games == null ? Games.of(List.of()) : games;
        this.channel = channel;
        this.timeouts = config.timeouts();
        this.engineName = config.name();
    }

    // ---------------------------------------------------------------- protocol hooks

    /** Sends the protocol's first lines (under the lock). */
    protected abstract void beginHandshake();

    /** Handles one line from the engine (under the lock). */
    protected abstract void handleLine(String line);

    /** The games the engine plays, once the handshake is over. */
    protected abstract Set<String> playedGames();

    /** The conventions the engine uses for {@code gameId}, before configuration overrides them. */
    protected abstract Conventions detectedConventions(String gameId);

    /** Sends what stops the running search (under the lock). */
    protected abstract void sendStop(Search s);

    /** Sends what ends the engine (under the lock). */
    protected abstract void sendQuit();

    /**
     * Whether {@code line}, seen during the handshake, says the engine speaks another protocol: null
     * when it does not; else the id of the protocol whose words the line is ({@code "xboard"} for
     * {@code Illegal move: uci}), or an empty string when the line rejects ours without telling which.
     */
    protected String rejectsProtocol(String line) {
        return null;
    }

    /** Set (under the lock) when the engine rejected the protocol in another protocol's words: that protocol's id. */
    private String spokeInstead;

    /**
     * The protocol the engine showed it speaks instead when it rejected this one's handshake
     * ({@code Illegal move: uci} is xboard's answer): a probe tries that one next.
     */
    public Optional<String> spokeInstead() {
        synchronized (lock) {
            return Optional.ofNullable(spokeInstead);
        }
    }

    // ---------------------------------------------------------------- opening

    /**
     * Starts reading the engine, sends the handshake and waits for its end.
     *
     * @param timeout  how long the whole handshake may take; when probing, how long the engine may
     *                 take to say something that shows it speaks the protocol (it then gets the
     *                 configured handshake timeout to finish)
     * @param probing  whether this is only a probe: then an engine that rejects the protocol or
     *                 stays silent is not an error but an empty answer
     * @return false when probing and the engine does not speak this protocol
     */
    public boolean handshake(Duration timeout, boolean probing) throws EngineException {
        startHandshake();
        ScheduledFuture<?> nudger = scheduleNudges(probing);
        long began = System.nanoTime();
        Duration whole = probing ? timeouts.handshake() : timeout;
        String what = protocolId.toUpperCase(java.util.Locale.ROOT);
        try {
            if (!probing) {
                // A big network to load, a JVM on a loaded machine: waits on while the engine works.
                patiently(handshake, timeout, protocolId);
                return true;
            }
            try {
                handshake.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
                return true;
            } catch (TimeoutException e) {
                boolean started;
                synchronized (lock) {
                    // It answered in this protocol, or has started writing at all (a slow start on a busy
                    // machine, a banner before the answer) without rejecting the protocol: not silent.
                    started = recognised || ownWords;
                }
                if (!started) {
                    throw e;
                }
                // It takes its time (a big network to load, a JVM on a loaded machine): give it the whole
                // handshake timeout, and more while it works.
                long left = whole.toNanos() - (System.nanoTime() - began);
                patiently(handshake, Duration.ofNanos(Math.max(1, left)), protocolId);
                return true;
            }
        } catch (TimeoutException e) {
            if (probing && !recognised()) {
                return false;
            }
            Patience p = lastPatience;
            Duration said = p.extended() ? p.waited() : whole;
            EngineException ex = new EngineException(Kind.TIMEOUT, ProtocolMessages.text(
                    p.capped() ? "timeout.handshake.capped" : "timeout.handshake", displayName(), what, seconds(said)));
            synchronized (lock) {
                die(ex);
            }
            events.flush();
            throw ex;
        } catch (ExecutionException e) {
            if (probing && e.getCause() instanceof EngineException ee
                    && (ee.kind() == Kind.PROTOCOL || ee.kind() == Kind.DIED)) {
                // Another protocol's engine, or one that quits on a command it does not know.
                return false;
            }
            throw asEngineException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(Kind.STATE, ProtocolMessages.text("interrupted"), e);
        } finally {
            nudger.cancel(false);
            synchronized (lock) {
                waits.remove(handshake);
                if (statusShown) {
                    statusShown = false;
                    events.post(EngineEvent.Status.idle());
                }
            }
            events.flush();
        }
    }

    /**
     * Starts reading the engine and sends the handshake without waiting for its end (which comes
     * with the engine's lines): for callers that feed the lines themselves, such as the benchmark.
     */
    public void startHandshake() {
        LineChannel first = channel;
        first.start(receiverFor(first));
        synchronized (lock) {
            statusShown = true;
            events.post(new EngineEvent.Status(Optional.of(ProtocolMessages.text("status.starting", displayName()))));
            waits.add(handshake);
            beginHandshake();
        }
        events.flush();
    }

    /** Set (under the lock) once the engine has said something only this protocol's engines say. */
    protected boolean recognised;

    private boolean recognised() {
        synchronized (lock) {
            return recognised;
        }
    }

    /** Whether the engine said something only this protocol's engines say (for probes). */
    public boolean recognisedProtocol() {
        return recognised();
    }

    /** Whether the engine has written anything on its standard output yet. */
    public boolean saidAnything() {
        synchronized (lock) {
            return heardAnything;
        }
    }

    private boolean heardAnything;
    /** Whether it wrote something other than an echo of what it was sent (a program like cat echoes). */
    private boolean ownWords;
    /** The last lines sent, to tell an echo from the engine's own words. */
    private final java.util.ArrayDeque<String> sent = new java.util.ArrayDeque<>();

    private boolean sentLately(String line) {
        synchronized (sent) {
            return sent.contains(line);
        }
    }

    /** {@link #saidAnything()} for callers that hold the lock. */
    protected boolean saidAnythingLocked() {
        return heardAnything;
    }

    /**
     * Asks the engine which games it plays when it did not say (a probe calls it after the
     * handshake); by default nothing to ask.
     */
    public void askWhatItPlays() throws EngineException {
    }

    /** What the session does between the handshake and being handed out: detection, configured options. */
    public void afterHandshake() throws EngineException {
        applyConfiguredOptions();
    }

    /**
     * Some engines (GNU Chess 6's xboard front end) leave the second of two lines that arrive
     * together unread until more input comes. While the handshake waits and the engine has said
     * nothing for a while, an empty line gets it going again, for the engines that need it
     * ({@link #nudgesHandshake}); others are left alone (Fairy-Stockfish answers each empty line
     * with {@code Unknown command:}).
     */
    private ScheduledFuture<?> scheduleNudges(boolean probing) {
        long period = nudgeInterval().toMillis();
        return TIMER.scheduleWithFixedDelay(() -> {
            synchronized (lock) {
                if (!handshake.isDone() && state == SessionState.STARTING && nudgesHandshake(probing)
                        && Duration.between(lastHeard, Instant.now()).toMillis() >= period) {
                    send("");
                    lastHeard = Instant.now();
                }
            }
            events.flush();
        }, period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * Whether the handshake's silences get an empty line now (under the lock). By default only a
     * probe's, and only while the program has said nothing at all: it may be GNU Chess, which
     * answers a foreign handshake only once nudged, and so shows which protocol it speaks. A session
     * of a known protocol's engine is not nudged; xboard's are (GNU Chess needs it).
     */
    protected boolean nudgesHandshake(boolean probing) {
        return probing && !heardAnything;
    }

    private Instant lastHeard = Instant.now();

    /** How long the engine has said nothing (under the lock). */
    protected Duration silentFor() {
        return Duration.between(lastHeard, Instant.now());
    }

    /** How long an engine may stay silent during the handshake before it gets an empty line. */
    protected Duration nudgeInterval() {
        return Duration.ofMillis(250);
    }

    /** Ends the handshake (under the lock): the session becomes idle. */
    protected void handshakeDone() {
        if (!handshake.isDone()) {
            transition(SessionState.IDLE);
            handshake.complete(null);
        }
    }

    /** Ends the handshake with a failure (under the lock). */
    protected void handshakeFailed(EngineException e) {
        handshake.completeExceptionally(e);
    }

    protected boolean handshakeOver() {
        return handshake.isDone();
    }

    /** Sets the options of the configuration, after the handshake. */
    public void applyConfiguredOptions() throws EngineException {
        for (Map.Entry<String, String> e : config.options().entrySet()) {
            setOption(e.getKey(), e.getValue());
        }
    }

    // ---------------------------------------------------------------- line handling

    /** Starts a process of the same engine again, for sessions that replace an engine that cannot be stopped. */
    @FunctionalInterface
    public interface ChannelFactory {
        LineChannel start() throws EngineException;
    }

    /** Lets the session start its engine again when it must (see {@link #replaceChannel}). */
    public void restartWith(ChannelFactory factory) {
        synchronized (lock) {
            channelFactory = factory;
        }
    }

    protected boolean canRestart() {
        return channelFactory != null;
    }

    /**
     * Starts a new process of the engine and makes it the session's (not under the lock: starting a
     * process takes time); the old one is killed, and whatever it still writes or how it ends is
     * ignored. Returns the new channel, already reading.
     */
    protected LineChannel replaceChannel() throws EngineException {
        ChannelFactory f;
        synchronized (lock) {
            f = channelFactory;
        }
        if (f == null) {
            throw new EngineException(Kind.STATE, ProtocolMessages.text("state.ended", displayName()));
        }
        LineChannel fresh = f.start();
        LineChannel old;
        synchronized (lock) {
            old = channel;
            channel = fresh;
            fresh.start(receiverFor(fresh));
        }
        old.expectExit();
        old.terminate(Duration.ZERO);
        return fresh;
    }

    /** What a channel's reader threads call: lines and the end of this channel, ignored once it was replaced. */
    private LineReceiver receiverFor(LineChannel ch) {
        return new LineReceiver() {
            @Override
            public void onLine(Direction direction, String text, Instant time) {
                if (channel == ch) {
                    lineFromEngine(direction, text, time);
                }
            }

            @Override
            public void onBatchStart() {
                if (channel == ch) {
                    synchronized (lock) {
                        batchOpen = true;
                    }
                }
            }

            @Override
            public void onBatchEnd() {
                Runnable[] after = null;
                synchronized (lock) {
                    if (!batchOpen) {
                        return;
                    }
                    batchOpen = false;
                    // Held lines are handled as lines: what they complete waits for the lock's release.
                    after = handleAsLine(() -> endOfBatch(channel == ch));
                }
                runAll(after);
                events.flush();
            }

            @Override
            public void onEnd(EngineExit e) {
                if (channel == ch) {
                    engineEnded(e);
                }
            }
        };
    }

    // Guarded by lock: whether the reader is handling a line, and what it completes once it let go of the lock.
    private boolean handlingLine;
    private final List<Runnable> afterLine = new ArrayList<>();

    /**
     * Completes {@code f} with {@code value} (under the lock): while the reader handles a line, only
     * once it has let go of the lock, so that the caller it wakes (a batch waits on one answer after
     * another) does not at once wait for the lock the reader still holds.
     */
    protected <T> void completeSoon(CompletableFuture<T> f, T value) {
        if (handlingLine) {
            afterLine.add(() -> f.complete(value));
        } else {
            f.complete(value);
        }
    }

    /** Whether the engine's stdout reader is inside one read's lines (under the lock); see {@link #moreLinesComing}. */
    private boolean batchOpen;

    /**
     * Whether the line being handled came with others in one read of the engine's output and the
     * read's end will be signalled by {@link #endOfBatch}: a session may then hold a line back that a
     * later one of the same read would replace (under the lock, from {@link #handleLine}).
     */
    protected final boolean moreLinesComing() {
        return batchOpen;
    }

    /**
     * The lines of one read of the engine's output were all handled: what {@link #handleLine} held
     * back is handled now (under the lock), or dropped when {@code current} is false (the channel was
     * replaced meanwhile: its lines are no longer this session's). Does nothing unless a session holds lines back.
     */
    protected void endOfBatch(boolean current) {
    }

    private void lineFromEngine(Direction direction, String text, Instant time) {
        events.post(new EngineEvent.EngineLine(time, direction, text));
        remember(text);
        if (direction == Direction.FROM_ENGINE) {
            Runnable[] after = null;
            synchronized (lock) {
                lastHeard = time;
                if (!text.isBlank()) {
                    heardAnything = true;
                    if (!ownWords && !sentLately(text.strip())) { // once true, it stays so: no look at every line
                        ownWords = true;
                    }
                }
                String other = handshake.isDone() ? null : rejectsProtocol(text);
                if (other != null) {
                    if (!other.isEmpty() && spokeInstead == null) {
                        spokeInstead = other;
                    }
                    handshake.completeExceptionally(new EngineException(Kind.PROTOCOL,
                            ProtocolMessages.text("protocol.rejected", displayName(), protocolId, text)));
                } else {
                    after = handleAsLine(() -> handleLine(text));
                }
            }
            runAll(after);
        }
        events.flush();
    }

    /**
     * Runs {@code work} (under the lock) as the handling of an engine's line: what it completes
     * ({@link #completeSoon}) is returned to run once the lock is let go, null when nothing. A line we
     * cannot make sense of is the engine's problem, not a reason to stop reading it; it is in the log as it came.
     */
    private Runnable[] handleAsLine(Runnable work) {
        handlingLine = true;
        try {
            work.run();
        } catch (RuntimeException e) {
            // the engine's problem, see above
        } finally {
            handlingLine = false;
        }
        if (afterLine.isEmpty()) {
            return null;
        }
        Runnable[] after = afterLine.toArray(new Runnable[0]);
        afterLine.clear();
        return after;
    }

    private static void runAll(Runnable[] after) {
        if (after != null) {
            for (Runnable r : after) {
                r.run();
            }
        }
    }

    private void engineEnded(EngineExit e) {
        synchronized (lock) {
            exit = e;
            if (!closing && !e.requested() && failure == null) {
                die(new EngineException(Kind.DIED, diedText(e)));
            } else {
                failAll(failure != null ? failure : new EngineException(Kind.DIED, diedText(e)));
            }
            transition(SessionState.TERMINATED);
        }
        events.flush();
    }

    // ---------------------------------------------------------------- sending and state

    /** Sends a line and logs it (under the lock, or not: the channel is thread-safe). */
    protected void send(String line) {
        synchronized (sent) {
            if (sent.size() == 16) {
                sent.removeFirst();
            }
            sent.addLast(line.strip());
        }
        if (corkedBy == Thread.currentThread() && !org.kibitz.protocols.process.LineSafety.breaksLine(line)) {
            corked.add(line);
        } else {
            uncork(); // what was held goes first (a line that is not one line fails in the channel, as before)
            channel.send(line);
        }
        events.post(new EngineEvent.EngineLine(Instant.now(), Direction.TO_ENGINE, line));
    }

    // The lines the thread corkedBy sends between cork() and uncork(), held to go to the engine in one
    // write: a batch's every search is two such groups (ucinewgame and isready; position and go), as a
    // bare loop writes them, instead of four writes each waking the engine (issue 39).
    private volatile Thread corkedBy;
    private final List<String> corked = new ArrayList<>(4);

    /**
     * Holds the lines this thread sends from now on (under the lock) until {@link #uncork}, which writes
     * them in one go. Call {@code uncork} in a {@code finally} before the lock is let go.
     */
    protected void cork() {
        uncork();
        corkedBy = Thread.currentThread();
    }

    /** Writes the lines held since {@link #cork} in one go, and sends from now on at once (under the lock). */
    protected void uncork() {
        if (corkedBy != Thread.currentThread()) {
            return;
        }
        corkedBy = null;
        if (corked.size() == 1) {
            channel.send(corked.get(0));
        } else if (!corked.isEmpty()) {
            channel.send(List.copyOf(corked));
        }
        corked.clear();
    }

    protected void transition(SessionState to) {
        SessionState from = state;
        if (from == to || from == SessionState.TERMINATED) {
            return;
        }
        state = to;
        events.post(new EngineEvent.StateChanged(from, to));
    }

    @Override
    public SessionState state() {
        synchronized (lock) {
            return state;
        }
    }

    protected SessionState stateLocked() {
        return state;
    }

    /** Throws unless the session is idle (under the lock). */
    protected void requireIdle() throws EngineException {
        requireAlive();
        if (state != SessionState.IDLE) {
            throw new EngineException(Kind.STATE, ProtocolMessages.text("state.notIdle", displayName(), state));
        }
    }

    /** Throws when the engine has ended or failed (under the lock). */
    protected void requireAlive() throws EngineException {
        if (failure != null) {
            throw new EngineException(failure.kind(), failure.text());
        }
        if (state == SessionState.TERMINATED || state == SessionState.QUITTING || closing) {
            throw new EngineException(Kind.STATE, ProtocolMessages.text("state.ended", displayName()));
        }
    }

    /**
     * The engine failed for good (under the lock): every wait fails with {@code e}, listeners hear an
     * {@link EngineEvent.EngineFailure}, and the process is ended.
     */
    protected void die(EngineException e) {
        if (failure == null) {
            failure = e;
            events.post(new EngineEvent.EngineFailure(e.kind(), e.text(), Optional.ofNullable(exit)));
        }
        failAll(e);
        if (exit == null) {
            channel.terminate(timeouts.kill());
        }
    }

    private void failAll(EngineException e) {
        for (CompletableFuture<?> f : List.copyOf(waits)) {
            f.completeExceptionally(e);
        }
        waits.clear();
        if (search != null) {
            Search s = search;
            search = null;
            s.cancelTimers();
            s.result.completeExceptionally(e);
        }
    }

    /** Registers a wait (under the lock) so that the engine's death fails it at once. */
    protected <T> CompletableFuture<T> newWait() {
        CompletableFuture<T> f = new CompletableFuture<>();
        if (failure != null) {
            f.completeExceptionally(failure);
        } else if (exit != null) {
            f.completeExceptionally(new EngineException(Kind.DIED, diedText(exit)));
        } else {
            waits.add(f);
            f.whenComplete((v, t) -> waits.remove(f));
        }
        return f;
    }

    /**
     * Waits for an answer (not under the lock). A timeout is fatal to the session.
     *
     * <p>The wait is {@code timeout} plus whatever the commands sent since the last wait are known
     * to cost ({@link #expectSlowAnswer}: a large hash to allocate, a network to load), and it goes on
     * past that while the engine's process is alive and using the processor, up to
     * {@link #hardLimit}: a slow start on a busy machine is a start, a silent idle engine is not.
     *
     * @param what    what was asked, for the message ({@code isready}, {@code ping})
     */
    protected <T> T await(CompletableFuture<T> f, Duration timeout, String what) throws EngineException {
        Duration extra;
        Text why;
        synchronized (lock) {
            extra = allowance;
            why = allowanceReason;
            allowance = Duration.ZERO;
            allowanceReason = null;
        }
        events.flush();
        try {
            return patiently(f, timeout.plus(extra), what);
        } catch (TimeoutException e) {
            Patience p = lastPatience;
            EngineException ex = new EngineException(Kind.TIMEOUT, waitedText(what, why, p));
            synchronized (lock) {
                die(ex);
            }
            events.flush();
            throw ex;
        } catch (ExecutionException e) {
            throw asEngineException(e.getCause());
        } catch (CancellationException e) {
            throw new EngineException(Kind.STATE, ProtocolMessages.text("state.ended", displayName()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(Kind.STATE, ProtocolMessages.text("interrupted"), e);
        } finally {
            synchronized (lock) {
                if (statusShown) {
                    statusShown = false;
                    events.post(EngineEvent.Status.idle());
                }
            }
            events.flush();
        }
    }

    /** How a patient wait went: how long it waited, and whether the engine was still working at its end. */
    protected record Patience(Duration waited, Duration granted, boolean working, boolean capped, boolean extended) {
    }

    /** The last patient wait's account (for its failure message); written by the waiting thread. */
    private volatile Patience lastPatience = new Patience(Duration.ZERO, Duration.ZERO, false, false, false);

    /**
     * How much longer than its granted time a wait may last while the engine works: the granted time
     * six times over, and never less than two minutes. A start that needs more is one a person
     * should hear about (and can allow with longer timeouts in the engine's settings).
     */
    public static Duration hardLimit(Duration granted) {
        // Not multipliedBy: it goes through BigDecimal, and a batch waits twice a position.
        Duration six = Duration.ofSeconds(Math.multiplyExact(granted.getSeconds(), 6L), 6L * granted.getNano());
        Duration floor = Duration.ofMinutes(2);
        return six.compareTo(floor) > 0 ? six : floor;
    }

    /**
     * Waits for {@code f} for {@code granted}, then on while the engine uses the processor (measured
     * over the last second), up to {@link #hardLimit}. Says so in a {@link EngineEvent.Status} once it
     * waits past its time.
     */
    protected <T> T patiently(CompletableFuture<T> f, Duration granted, String what)
            throws TimeoutException, ExecutionException, InterruptedException {
        long began = System.nanoTime();
        long grantedNanos = granted.toNanos();
        long hard = -1; // hardLimit(granted), worked out once the granted time has passed (most answers come before)
        long step = Math.max(50_000_000L, Math.min(1_000_000_000L, grantedNanos / 5));
        java.util.ArrayDeque<long[]> samples = null; // {time, cpu}, from the first look on
        boolean working = false;
        boolean extended = false;
        while (true) {
            long now = System.nanoTime();
            long elapsed = now - began;
            long until = elapsed < grantedNanos ? Math.min(step, grantedNanos - elapsed) : step;
            try {
                T v = f.get(Math.max(1, until), TimeUnit.NANOSECONDS);
                lastPatience = new Patience(Duration.ofNanos(System.nanoTime() - began), granted, working, false, extended);
                return v;
            } catch (TimeoutException e) {
                // look again below
            }
            now = System.nanoTime();
            elapsed = now - began;
            Optional<Duration> cpu = channel.cpuTime();
            if (samples == null) {
                samples = new java.util.ArrayDeque<>();
            }
            if (cpu.isPresent()) {
                samples.addLast(new long[] {now, cpu.get().toNanos()});
                while (samples.size() > 2 && now - samples.peekFirst()[0] > 1_500_000_000L) {
                    samples.removeFirst();
                }
            }
            working = isWorking(samples);
            if (elapsed < grantedNanos) {
                continue;
            }
            if (hard < 0) {
                hard = hardLimit(granted).toNanos();
            }
            boolean alive;
            synchronized (lock) {
                alive = exit == null && failure == null;
            }
            if (!alive || !working || elapsed >= hard) {
                lastPatience = new Patience(Duration.ofNanos(elapsed), granted, working && alive, elapsed >= hard, extended);
                throw new TimeoutException();
            }
            extended = true;
            synchronized (lock) {
                statusShown = true;
                events.post(new EngineEvent.Status(Optional.of(ProtocolMessages.text("status.stillWorking",
                        displayName(), what, Math.round(elapsed / 1e9)))));
            }
            events.flush();
        }
    }

    /**
     * Whether the processor time rose by at least 3 % of the wall time over the last second or so of
     * samples: an engine allocating or loading, not one asleep (an idle engine uses next to nothing;
     * a working one on a 2-core machine with a load of 20 still gets a tenth of a core).
     */
    private static boolean isWorking(java.util.ArrayDeque<long[]> samples) {
        if (samples.size() < 2) {
            return false;
        }
        long[] first = samples.peekFirst();
        long[] last = samples.peekLast();
        long wall = last[0] - first[0];
        return wall > 0 && (last[1] - first[1]) * 100 >= wall * 3;
    }

    /** The failure of a wait that ran out: what was asked, how long was waited, and why it gave up. */
    private Text waitedText(String what, Text why, Patience p) {
        String secs = seconds(p.extended() ? p.waited() : p.granted());
        if (p.capped()) {
            return ProtocolMessages.text(why == null ? "timeout.answer.capped" : "timeout.answer.capped.after",
                    displayName(), what, secs, why == null ? "" : why);
        }
        return ProtocolMessages.text(why == null ? "timeout.answer" : "timeout.answer.after",
                displayName(), what, secs, why == null ? "" : why);
    }

    // Guarded by lock: extra time the next wait gets for what was sent since the last one.
    private Duration allowance = Duration.ZERO;
    private Text allowanceReason;
    private boolean statusShown;

    /**
     * Notes (under the lock) that a command just sent makes the next answer slow ({@code setoption
     * name Hash value 2048} allocates and clears 2 GB): the next wait gets {@code extra} more, and
     * listeners see {@code status} while it lasts.
     */
    protected void expectSlowAnswer(Duration extra, Text status, Text asked) {
        allowance = allowance.plus(extra);
        allowanceReason = asked;
        statusShown = true;
        events.post(new EngineEvent.Status(Optional.of(status)));
    }

    protected static EngineException asEngineException(Throwable t) {
        if (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof EngineException ee) {
            return new EngineException(ee.kind(), ee.text(), ee);
        }
        return new EngineException(Kind.PROTOCOL, ProtocolMessages.text("internal", String.valueOf(t)), t);
    }

    /**
     * A future for callers: never completes on the engine's reader thread, and only once listeners
     * have heard every event that came before (the last {@code info}, the {@link BestMove}). A
     * caller that waits on it ({@code get}, {@code join}) is woken by the reader directly and
     * completes it on its own thread; one that does not wait has it completed on a callback thread.
     */
    protected <T> CompletableFuture<T> forCaller(CompletableFuture<T> internal) {
        return new CallerFuture<>(internal);
    }

    /**
     * {@link #forCaller}'s future. The reader thread only completes {@code internal}; what depends on
     * the caller's future runs on the thread that completes it: the waiting caller's (woken by the
     * reader, without a hop through a callback thread: a batch waits on one search after another) or,
     * when nobody waits at that moment, a callback thread. Either way, after {@link EventBus#drain()}.
     */
    private final class CallerFuture<T> extends CompletableFuture<T> {
        private final CompletableFuture<T> internal;
        // Guarded by this: callers waiting on internal now, and whether a callback thread was asked to deliver.
        private int waiting;
        private boolean dispatched;

        CallerFuture(CompletableFuture<T> internal) {
            this.internal = internal;
            internal.whenComplete((v, t) -> {
                synchronized (this) {
                    if (waiting > 0 || dispatched) {
                        return; // a waiting caller delivers it on its own thread
                    }
                    dispatched = true;
                }
                CALLBACKS.execute(this::deliver);
            });
        }

        /** Completes this future as {@code internal} ended, once listeners heard what came before; idempotent. */
        private void deliver() {
            if (isDone()) {
                return;
            }
            events.drain();
            try {
                complete(internal.join());
            } catch (CompletionException e) {
                completeExceptionally(e.getCause() != null ? e.getCause() : e);
            } catch (CancellationException e) {
                completeExceptionally(e);
            }
        }

        private void enter() {
            synchronized (this) {
                waiting++;
            }
        }

        /** After a caller's wait on {@code internal}: it delivers when the search ended meanwhile. */
        private void leave() {
            synchronized (this) {
                waiting--;
            }
            if (internal.isDone()) {
                deliver();
            }
        }

        @Override
        public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            if (!isDone()) {
                enter();
                try {
                    internal.get(timeout, unit);
                } catch (ExecutionException | CancellationException e) {
                    // this future fails with its cause below
                } finally {
                    leave();
                }
            }
            // Done, or being delivered by a callback thread (it only drains the events first).
            return internal.isDone() ? super.get() : super.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }

        @Override
        public T get() throws InterruptedException, ExecutionException {
            if (!isDone()) {
                enter();
                try {
                    internal.get();
                } catch (ExecutionException | CancellationException e) {
                    // this future fails with its cause below
                } finally {
                    leave();
                }
            }
            return super.get();
        }

        @Override
        public T join() {
            if (!isDone()) {
                enter();
                try {
                    internal.join();
                } catch (CompletionException | CancellationException e) {
                    // this future fails with its cause below
                } finally {
                    leave();
                }
            }
            return super.join();
        }
    }

    // ---------------------------------------------------------------- messages

    /** The engine's name for messages: its own once known, else the configured one. */
    protected String displayName() {
        return engineName == null || engineName.isBlank() ? config.name() : engineName;
    }

    protected static String seconds(Duration d) {
        double s = d.toMillis() / 1000.0;
        return s == Math.rint(s) ? Long.toString((long) s) : String.format(java.util.Locale.ROOT, "%.1f", s);
    }

    /** A message with the engine's name first and its last lines appended when there are any. */
    protected Text withLastLines(String key, Object... args) {
        List<String> last = recentLines();
        Object[] all = new Object[args.length + 2];
        all[0] = displayName();
        System.arraycopy(args, 0, all, 1, args.length);
        all[all.length - 1] = formatLines(last);
        return ProtocolMessages.text(last.isEmpty() ? key : key + ".output", all);
    }

    private final java.util.ArrayDeque<String> recent = new java.util.ArrayDeque<>();

    /** The engine's last lines, for messages (kept by the session, as the channel may have none). */
    private List<String> recentLines() {
        synchronized (recent) {
            return List.copyOf(recent);
        }
    }

    /** Keeps a line for error messages; called for every line from the engine. */
    protected void remember(String line) {
        synchronized (recent) {
            if (recent.size() == 8) {
                recent.removeFirst();
            }
            recent.addLast(line.length() > 200 ? line.substring(0, 200) + " …" : line);
        }
    }

    static String formatLines(List<String> lines) {
        StringBuilder b = new StringBuilder();
        for (String l : lines) {
            if (!b.isEmpty()) {
                b.append('\n');
            }
            b.append("    ").append(l);
        }
        return b.toString();
    }

    /** Why the engine's process ended, in words a user understands. */
    protected Text diedText(EngineExit e) {
        String name = displayName();
        List<String> last = e.lastLines().isEmpty() ? recentLines() : e.lastLines();
        String lines = formatLines(last);
        String suffix = last.isEmpty() ? "" : ".output";
        if (e.endedByUs()) {
            // Its exit code is our kill's: say what it did, not that it crashed.
            return ProtocolMessages.text("engine.died.closed" + suffix, name, lines);
        }
        if (e.exitCode().isEmpty()) {
            return ProtocolMessages.text("engine.died.unknown" + suffix, name, lines);
        }
        int code = e.exitCode().getAsInt();
        if (code > 128 && code < 160) {
            int signal = code - 128;
            return ProtocolMessages.text("engine.died.signal" + suffix, name, signal, signalName(signal), lines);
        }
        return ProtocolMessages.text("engine.died.code" + suffix, name, code, lines);
    }

    private static String signalName(int signal) {
        return switch (signal) {
            case 4 -> "SIGILL";
            case 6 -> "SIGABRT";
            case 7 -> "SIGBUS";
            case 8 -> "SIGFPE";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 13 -> "SIGPIPE";
            case 15 -> "SIGTERM";
            default -> "signal " + signal;
        };
    }

    // ---------------------------------------------------------------- games and positions

    /** Makes {@code gameId} the current game (under the lock); false when the engine does not play it. */
    protected GamePlugin gamePlugin(String gameId) throws EngineException {
        Optional<GamePlugin> g = games.byId(gameId);
        if (g.isEmpty()) {
            throw new EngineException(Kind.UNSUPPORTED, ProtocolMessages.text("game.unknown", gameId));
        }
        return g.get();
    }

    /** Sets the current game and its conventions (under the lock). */
    protected void useGame(GamePlugin g, Conventions detected) {
        Conventions c = detected.overriddenBy(config.conventions());
        if (g == game && c.equals(conventions) && codec != null) {
            return; // the same game again (a batch starts a new one before every search): the codec and its caches stay
        }
        game = g;
        conventions = c;
        codec = new MoveCodec(g, conventions.rankBase(), notationFallback());
    }

    /** Whether engine moves may come in notations other than coordinates (xboard SAN). */
    protected boolean notationFallback() {
        return false;
    }

    /** The last line replayed, from which start, and its positions: a batch sends a game's lines again and again. */
    private final Object replayLock = new Object();
    private Position replayedFrom;
    private List<Move> replayedLine = List.of();
    private List<Position> replayedPositions = List.of();

    /**
     * Plays {@code moves} from {@code from}, checking each; the positions after each move. The moves
     * the last call already checked from the same start (the same object) are not checked again: a
     * batch evaluation sends every prefix of a game's line, one after the other.
     */
    protected List<Position> replay(Position from, List<Move> line) throws EngineException {
        int known = 0;
        List<Move> lastLine;
        List<Position> lastPositions;
        synchronized (replayLock) {
            lastLine = from == replayedFrom ? replayedLine : List.of();
            lastPositions = replayedPositions;
        }
        int n = Math.min(line.size(), lastLine.size());
        while (known < n && line.get(known).equals(lastLine.get(known))) {
            known++;
        }
        List<Position> out = new ArrayList<>(line.size());
        out.addAll(lastPositions.subList(0, known));
        Position p = known == 0 ? from : out.get(known - 1);
        for (int i = known; i < line.size(); i++) {
            Move m = line.get(i);
            if (!p.isLegal(m)) {
                throw new EngineException(Kind.UNSUPPORTED, ProtocolMessages.text("position.illegalMove",
                        m.coordinates(game == null ? 1 : Conventions.standard(p.gameId()).rankBase()), i + 1));
            }
            p = p.play(m);
            out.add(p);
        }
        List<Position> result = List.copyOf(out);
        synchronized (replayLock) {
            replayedFrom = from;
            replayedLine = List.copyOf(line);
            replayedPositions = result;
        }
        return result;
    }

    // ---------------------------------------------------------------- searches

    /** One search: its root, limits and result. */
    protected final class Search {
        public final Position root;
        public final SearchLimits limits;
        public final CompletableFuture<BestMove> result = new CompletableFuture<>();
        public final CompletableFuture<BestMove> callerResult;
        public boolean stopSent;
        public boolean pondering;
        public List<Move> bestPv = List.of();
        public int lastDepth = Integer.MIN_VALUE;
        public long lastNodes = -1;
        /** Stop when the engine reports this many nodes (a limit the protocol could not pass on). */
        public OptionalLong enforceNodes = OptionalLong.empty();
        /** Stop when the engine reports this depth (a limit the protocol could not pass on). */
        public OptionalInt enforceDepth = OptionalInt.empty();
        /** Keep the best move's text as written instead of reading it (rank-base detection). */
        public boolean rawBestMove;
        public String rawBest;
        private ScheduledFuture<?> stopTimer;
        private ScheduledFuture<?> limitTimer;

        public Search(Position root, SearchLimits limits) {
            this.root = root;
            this.limits = limits;
            this.pondering = limits.ponder();
            this.callerResult = forCaller(result);
        }

        void cancelTimers() {
            if (stopTimer != null) {
                stopTimer.cancel(false);
            }
            if (limitTimer != null) {
                limitTimer.cancel(false);
            }
        }

        /** Stops this search after {@code delay} (for limits the engine cannot be told). */
        public void stopAfter(Duration delay) {
            limitTimer = TIMER.schedule(() -> {
                synchronized (lock) {
                    if (search == this && !stopSent) {
                        requestStop(this);
                    }
                }
                events.flush();
            }, Math.max(1, delay.toMillis()), TimeUnit.MILLISECONDS);
        }
    }

    /** Starts tracking a search (under the lock); the caller sends the protocol's go. */
    protected Search beginSearch(SearchLimits limits) {
        Search s = new Search(position, limits);
        search = s;
        transition(limits.ponder() ? SessionState.PONDERING : SessionState.SEARCHING);
        return s;
    }

    /** The search ended with a best move (under the lock). */
    protected void finishSearch(BestMove best) {
        Search s = search;
        if (s == null) {
            return;
        }
        search = null;
        s.cancelTimers();
        lastBestMove = best;
        events.post(best);
        transition(SessionState.IDLE);
        completeSoon(s.result, best);
    }

    /** The search ended without a usable answer (under the lock); the session stays usable. */
    protected void failSearch(EngineException e) {
        Search s = search;
        if (s == null) {
            return;
        }
        search = null;
        s.cancelTimers();
        transition(SessionState.IDLE);
        s.result.completeExceptionally(e);
    }

    /** Sends stop for {@code s} and arms the stop timeout (under the lock). */
    protected void requestStop(Search s) {
        if (s.stopSent) {
            return;
        }
        s.stopSent = true;
        transition(SessionState.STOPPING);
        sendStop(s);
        s.stopTimer = TIMER.schedule(() -> {
            synchronized (lock) {
                if (search == s) {
                    die(new EngineException(Kind.TIMEOUT, withLastLines("timeout.stop", seconds(timeouts.stop()))));
                }
            }
            events.flush();
        }, Math.max(1, timeouts.stop().toMillis()), TimeUnit.MILLISECONDS);
    }

    @Override
    public CompletableFuture<BestMove> stop() {
        CompletableFuture<BestMove> out;
        synchronized (lock) {
            Search s = search;
            if (s == null) {
                return CompletableFuture.completedFuture(lastBestMove);
            }
            requestStop(s);
            out = s.callerResult;
        }
        events.flush();
        return out;
    }

    /**
     * Turns one parsed report into an {@link AnalysisUpdate} for the running search (under the lock),
     * and keeps the best line for engines whose searches end without naming a move.
     */
    protected void report(InfoLine line) {
        Search s = search;
        if (s == null || !line.hasSearchData()) {
            return;
        }
        int multipv = line.multipv > 0 ? line.multipv : 1;
        List<Move> pv;
        if (multipv == 1 && keepsBestPv()) {
            pv = decodePv(s.root, line, multipv);
            if (!pv.isEmpty()) {
                s.bestPv = pv;
            }
        } else if (!events.hasListeners() || (line.pvMoves.isEmpty() && line.pv.isEmpty())) {
            pv = List.of();
        } else {
            // Checked against the rules only if a listener reads it: a match runner keeps the
            // score and depth alone, and ten lines or so come per move.
            // Read on the listener's thread (a window's, say): the codec guards its own PV cache,
            // so no session lock is taken there.
            Position root = s.root;
            MoveCodec c = codec;
            List<?> raw = List.copyOf(line.pvMoves.isEmpty() ? line.pv : line.pvMoves);
            pv = new DeferredMoves(() -> decodeRawPv(c, root, raw, multipv));
        }
        if (line.depth != InfoLine.ABSENT_DEPTH) {
            s.lastDepth = line.depth;
        }
        if (line.nodes >= 0) {
            s.lastNodes = line.nodes;
        }
        if (!events.hasListeners()) {
            return;
        }
        Optional<Move> currmove = line.currmove == null ? Optional.empty() : codec.decode(s.root, line.currmove);
        Optional<Wdl> wdl = Optional.empty();
        if (line.wdlWin >= 0) {
            wdl = Optional.of(new Wdl(line.wdlWin, line.wdlDraw, line.wdlLoss));
        }
        events.post(new AnalysisUpdate(s.root, multipv,
                line.depth == InfoLine.ABSENT_DEPTH ? OptionalInt.empty() : OptionalInt.of(line.depth),
                line.seldepth >= 0 ? OptionalInt.of(line.seldepth) : OptionalInt.empty(),
                Optional.ofNullable(line.score), wdl,
                line.nodes >= 0 ? OptionalLong.of(line.nodes) : OptionalLong.empty(),
                line.nps >= 0 ? OptionalLong.of(line.nps) : OptionalLong.empty(),
                line.timeMs >= 0 ? Optional.of(Duration.ofMillis(line.timeMs)) : Optional.empty(),
                line.hashfull >= 0 ? OptionalInt.of(line.hashfull) : OptionalInt.empty(),
                line.tbhits >= 0 ? OptionalLong.of(line.tbhits) : OptionalLong.empty(),
                currmove, line.currmoveNumber >= 0 ? OptionalInt.of(line.currmoveNumber) : OptionalInt.empty(),
                pv));
    }

    /**
     * Whether this protocol reads the best line's PV itself ({@link Search#bestPv}: xboard's
     * engines may end a search without naming a move, or report a ponder move only in the PV);
     * its best lines are then checked as they come rather than when a listener reads them.
     */
    protected boolean keepsBestPv() {
        return false;
    }

    /** {@code line}'s PV checked from {@code root} (under the lock). */
    private List<Move> decodePv(Position root, InfoLine line, int multipv) {
        return !line.pvMoves.isEmpty() ? codec.checkPv(root, line.pvMoves, multipv)
                : line.pv.isEmpty() ? List.of() : codec.decodePv(root, line.pv, multipv);
    }

    /** A PV kept as read (coordinate moves or the engine's words) checked from {@code root}; any thread. */
    @SuppressWarnings("unchecked")
    private static List<Move> decodeRawPv(MoveCodec codec, Position root, List<?> raw, int multipv) {
        if (raw.isEmpty()) {
            return List.of();
        }
        return raw.get(0) instanceof Move ? codec.checkPv(root, (List<Move>) raw, multipv)
                : codec.decodePv(root, (List<String>) raw, multipv);
    }

    /** Posts a message for a person (under the lock). */
    protected void message(EngineEvent.MessageKind kind, String text) {
        events.post(new EngineEvent.EngineMessage(kind, text));
    }

    // ---------------------------------------------------------------- the rest of the API

    @Override
    public EngineInfo info() {
        synchronized (lock) {
            Set<String> played = playedGames();
            // Before a game is chosen, the conventions of the first game it plays.
            org.kibitz.api.engine.EngineConventions c = conventions != null ? conventions.toApi()
                    : played.isEmpty() ? config.conventions()
                    : detectedConventions(played.iterator().next()).overriddenBy(config.conventions()).toApi();
            return new EngineInfo(displayName(), author, protocolId, played, variants,
                    List.copyOf(declaredOptions()), c, timeouts);
        }
    }

    /** The options as the engine declared them (defaults), for {@link EngineInfo}. */
    protected List<EngineOption> declaredOptions() {
        return List.copyOf(declared.values());
    }

    /** The options as declared, by name; {@link #options} holds the values set since. */
    protected final Map<String, EngineOption> declared = new LinkedHashMap<>();

    /** Records a declared option (under the lock). */
    protected void declare(EngineOption o) {
        declared.put(o.name(), o);
        options.put(o.name(), o);
    }

    @Override
    public List<EngineOption> options() {
        synchronized (lock) {
            return List.copyOf(options.values());
        }
    }

    /** The declared option called {@code name}, ignoring case (under the lock). */
    protected EngineOption option(String name) throws EngineException {
        EngineOption o = options.get(name);
        if (o == null) {
            for (EngineOption c : options.values()) {
                if (c.name().equalsIgnoreCase(name)) {
                    return c;
                }
            }
            throw new EngineException(Kind.UNSUPPORTED, ProtocolMessages.text("option.unknown", displayName(), name));
        }
        return o;
    }

    /** {@code o} with {@code value}, or an error that says what the option takes. */
    protected EngineOption withValue(EngineOption o, String value) throws EngineException {
        try {
            return o.withValue(value);
        } catch (IllegalArgumentException e) {
            Text what = switch (o) {
                case EngineOption.Spin sp -> ProtocolMessages.text("option.takesNumber", o.name(), sp.min(), sp.max(), value);
                case EngineOption.Check c -> ProtocolMessages.text("option.takesBoolean", o.name(), value);
                case EngineOption.Combo c -> ProtocolMessages.text("option.takesChoice", o.name(), String.join(", ", c.choices()), value);
                default -> ProtocolMessages.text("option.badValue", o.name(), value);
            };
            throw new EngineException(Kind.UNSUPPORTED, what);
        }
    }

    @Override
    public void addListener(EngineListener listener) {
        events.add(listener);
    }

    @Override
    public void removeListener(EngineListener listener) {
        events.remove(listener);
    }

    @Override
    public Optional<EngineExit> exit() {
        synchronized (lock) {
            return Optional.ofNullable(exit);
        }
    }

    /** Ends the engine at once, without asking it: for probes that found another protocol and for failed opens. */
    public void abort() {
        synchronized (lock) {
            closing = true;
            channel.expectExit();
            if (exit == null) {
                channel.terminate(Duration.ZERO);
            }
        }
        try {
            channel.exit().get(timeouts.kill().toMillis() + 500, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException | CancellationException e) {
            // nothing more can be done from here; the shutdown hook ends it with the JVM
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (lock) {
            failAll(new EngineException(Kind.STATE, ProtocolMessages.text("state.ended", displayName())));
            transition(SessionState.TERMINATED);
        }
        events.flush();
    }

    @Override
    public void close() {
        Search running;
        synchronized (lock) {
            if (closing || state == SessionState.TERMINATED) {
                closing = true;
                if (exit == null) {
                    channel.terminate(timeouts.kill());
                }
                return;
            }
            running = search;
            if (running != null && failure == null) {
                requestStop(running);
            }
        }
        events.flush();
        if (running != null) {
            try {
                running.result.get(timeouts.stop().toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException | CancellationException e) {
                // it is being ended anyway
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (lock) {
            closing = true;
            channel.expectExit();
            if (exit == null && failure == null) {
                transition(SessionState.QUITTING);
                sendQuit();
            }
        }
        events.flush();
        try {
            channel.exit().get(timeouts.quit().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            channel.terminate(timeouts.kill());
            try {
                channel.exit().get(timeouts.kill().toMillis() + 500, TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException | InterruptedException ignored) {
                if (ignored instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
            }
        } catch (ExecutionException | CancellationException e) {
            // ended anyway
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            channel.terminate(Duration.ZERO);
        }
        synchronized (lock) {
            failAll(new EngineException(Kind.STATE, ProtocolMessages.text("state.ended", displayName())));
            transition(SessionState.TERMINATED);
        }
        events.flush();
    }
}

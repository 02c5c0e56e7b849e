package org.kibitz.core.engines;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.Games;
import org.kibitz.api.i18n.Text;

/**
 * Engine sessions shared by units of work: what the CLI's {@code analyse}, batch evaluation,
 * comparisons and matches run their searches on.
 *
 * <p>{@link #withSession} gives a unit of work a session of the engine it names: an idle one of that
 * engine when there is one (told {@code newGame} first, so no state leaks from the last use), else a
 * new start. At most {@code perEngine} sessions of one engine and {@code total} in all are open; an
 * idle session of another engine is ended to make room, else the caller waits. A session that ended
 * (found dead when taken, or during the work) is started again; work during which the engine ended is
 * retried once on a new session, and if the engine ends again the failure is reported as an
 * {@link EngineFailedException} naming the engine. Work that fails otherwise (an option the engine
 * refuses, a timeout) is not retried. {@link #close} ends every engine, all at once, each within its
 * own stop and quit timeouts.
 *
 * <p>Thread-safe. A session is used by one unit of work at a time.
 */
public final class SessionPool implements AutoCloseable {

    /** Starts an engine and completes its handshake (the engine registry's {@code open}, fakes in tests). */
    @FunctionalInterface
    public interface Opener {
        EngineSession open(EngineRef engine) throws EngineException;
    }

    /** Starts an engine with {@code listener} hearing it from its first line, and completes its handshake. */
    @FunctionalInterface
    public interface ListeningOpener {
        EngineSession open(EngineRef engine, org.kibitz.api.engine.EngineListener listener) throws EngineException;
    }

    /** A unit of work on one session: set a position, search, read what it found. */
    @FunctionalInterface
    public interface Work<T> {
        T run(EngineSession session) throws EngineException;
    }

    /**
     * The pool at one moment.
     *
     * @param open     sessions open (idle and busy)
     * @param idle     sessions waiting for work
     * @param started  engine processes started since the pool was made
     * @param retries  units of work retried after their engine ended
     */
    public record Stats(int open, int idle, long started, long retries) {
    }

    private record Pooled(EngineRef engine, EngineSession session, SessionTap.Tap tap) {
    }

    private final ListeningOpener opener;
    private final SessionTap log;
    private final int perEngine;
    private final int total;

    // All guarded by this.
    private final Deque<Pooled> idle = new ArrayDeque<>();
    private final Set<Pooled> busy = new HashSet<>();
    /** Sessions open or being started, per engine. */
    private final Map<EngineRef, Integer> counts = new HashMap<>();
    private int open;
    private long started;
    private long retries;
    private boolean closed;

    /**
     * @param perEngine the most sessions of one engine at once
     * @param total     the most sessions of all engines at once
     */
    public SessionPool(Opener opener, int perEngine, int total) {
        this((ref, listener) -> opener.open(ref), SessionTap.NONE, perEngine, total);
    }

    /**
     * A pool whose sessions {@code log} hears from their first line, each labelled with the job that
     * holds it ({@link SessionTap#currentJob()} of the thread that takes it).
     */
    public SessionPool(ListeningOpener opener, SessionTap log, int perEngine, int total) {
        if (perEngine < 1 || total < 1) {
            throw new IllegalArgumentException("pool bounds must be 1 or more: " + perEngine + ", " + total);
        }
        this.opener = Objects.requireNonNull(opener, "opener");
        this.log = Objects.requireNonNull(log, "log");
        this.perEngine = perEngine;
        this.total = total;
    }

    /**
     * A pool that opens the engines of {@code registry} (their options and conventions applied), its
     * sessions heard by the registry's {@linkplain EngineRegistry#sessionTap() tap} (the engine log).
     */
    public static SessionPool of(EngineRegistry registry, Games games, int perEngine, int total) {
        return of(registry, games, perEngine, total, registry.sessionTap());
    }

    /** As {@link #of(EngineRegistry, Games, int, int)}, every session heard by {@code log} (the engine log). */
    public static SessionPool of(EngineRegistry registry, Games games, int perEngine, int total, SessionTap log) {
        return new SessionPool((ref, listener) -> registry.open(ref.entry(), games, listener), log, perEngine, total);
    }

    /**
     * Runs {@code work} on a session of {@code engine}, told first that a new game of {@code gameId}
     * begins. Waits while the pool is full. If the engine ends during the work, the work runs once more
     * on a new start.
     *
     * @return what the work returned
     * @throws EngineFailedException when the engine ended during the work and again during its retry
     * @throws EngineException       when the engine cannot be started, or the work failed otherwise
     * @throws InterruptedException  when interrupted while waiting for a session
     */
    public <T> T withSession(EngineRef engine, String gameId, Work<T> work) throws EngineException, InterruptedException {
        Objects.requireNonNull(gameId, "gameId");
        Objects.requireNonNull(work, "work");
        EngineException first = null;
        while (true) {
            Pooled p = acquire(engine);
            try {
                p.session().newGame(gameId);
                T result = work.run(p.session());
                release(p);
                return result;
            } catch (EngineException e) {
                boolean ended = p.session().state() == SessionState.TERMINATED;
                release(p);
                if (!ended || isClosed() || org.kibitz.protocols.process.EngineProcess.programEnding()) {
                    // Not an engine that died: one that refused or hung, a closed pool, or Kibitz ending
                    // (Ctrl+C), whose engines were ended on purpose and must not be started again.
                    throw e;
                }
                if (first != null) {
                    throw new EngineFailedException(engine.name(), e, first);
                }
                first = e;
                synchronized (this) {
                    retries++;
                }
                java.util.function.BiConsumer<String, EngineException> hear = onRetry;
                if (hear != null) {
                    hear.accept(engine.name(), e);
                }
            } catch (RuntimeException | Error e) {
                release(p);
                throw e;
            }
        }
    }

    /** {@link #withSession} on {@code executor}; the future fails with what it throws. */
    public <T> CompletableFuture<T> submit(EngineRef engine, String gameId, Work<T> work, Executor executor) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return withSession(engine, gameId, work);
            } catch (EngineException e) {
                throw new CompletionException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CompletionException(e);
            }
        }, executor);
    }

    /** Told (engine name, what ended it) each time an engine that ended or hung is started again for a retry. */
    private volatile java.util.function.BiConsumer<String, EngineException> onRetry;

    /**
     * Hears each retry: an engine that died or hung during a piece of work, started again and the work
     * run once more. A recovered fault is still worth a word to the user (a flaky engine, a slow machine).
     */
    public void onRetry(java.util.function.BiConsumer<String, EngineException> listener) {
        this.onRetry = listener;
    }

    public synchronized Stats stats() {
        return new Stats(open, idle.size(), started, retries);
    }

    /** How many sessions of {@code engine} are open or starting. */
    public synchronized int open(EngineRef engine) {
        return counts.getOrDefault(engine, 0);
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /** An idle session of {@code engine}, or a new one when the bounds allow, else waits. */
    private Pooled acquire(EngineRef engine) throws EngineException, InterruptedException {
        List<EngineSession> toEnd = new ArrayList<>();
        try {
            synchronized (this) {
                while (true) {
                    if (closed) {
                        throw new EngineException(EngineException.Kind.STATE, Text.of(SessionPool.class, "pool.closed"));
                    }
                    Pooled reuse = takeIdle(engine, toEnd);
                    if (reuse != null) {
                        busy.add(reuse);
                        reuse.tap().job(log.currentJob());
                        return reuse;
                    }
                    int mine = counts.getOrDefault(engine, 0);
                    if (mine < perEngine && open >= total) {
                        evictIdle(toEnd);
                    }
                    if (mine < perEngine && open < total) {
                        counts.merge(engine, 1, Integer::sum);
                        open++;
                        break;
                    }
                    wait();
                }
            }
        } finally {
            endAll(toEnd);
        }
        EngineSession s;
        SessionTap.Tap tap = log.tap(engine.name());
        try {
            s = opener.open(engine, tap);
        } catch (EngineException | RuntimeException | Error e) {
            synchronized (this) {
                forget(engine);
            }
            throw e;
        }
        Pooled p = new Pooled(engine, s, tap);
        boolean lateClose;
        synchronized (this) {
            started++;
            lateClose = closed;
            if (lateClose) {
                forget(engine);
            } else {
                busy.add(p);
            }
        }
        if (lateClose) {
            s.close();
            throw new EngineException(EngineException.Kind.STATE, Text.of(SessionPool.class, "pool.closed"));
        }
        return p;
    }

    /** The most recently used idle session of {@code engine} that still runs; dead ones are dropped (under this). */
    private Pooled takeIdle(EngineRef engine, List<EngineSession> toEnd) {
        Iterator<Pooled> it = idle.descendingIterator();
        while (it.hasNext()) {
            Pooled p = it.next();
            if (!p.engine().equals(engine)) {
                continue;
            }
            it.remove();
            if (p.session().state() == SessionState.IDLE) {
                return p;
            }
            forget(engine);
            toEnd.add(p.session());
        }
        return null;
    }

    /** Ends the least recently used idle session, of whichever engine, to make room (under this). */
    private void evictIdle(List<EngineSession> toEnd) {
        Pooled p = idle.pollFirst();
        if (p != null) {
            forget(p.engine());
            toEnd.add(p.session());
        }
    }

    /** A session no longer counted (under this). */
    private void forget(EngineRef engine) {
        counts.computeIfPresent(engine, (k, n) -> n <= 1 ? null : n - 1);
        open--;
        notifyAll();
    }

    /** Back to the idle sessions if the engine is ready for more; else ended. */
    private void release(Pooled p) {
        boolean keep;
        synchronized (this) {
            busy.remove(p);
            keep = !closed && p.session().state() == SessionState.IDLE;
            if (keep) {
                idle.addLast(p);
                notifyAll();
            } else {
                forget(p.engine());
            }
        }
        if (!keep) {
            p.session().close();
        }
    }

    /**
     * Ends every engine, idle or busy, all at once: returns within the longest stop, quit and kill
     * timeouts of them. Work still running fails; later calls fail at once.
     */
    @Override
    public void close() {
        List<EngineSession> toEnd = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            for (Pooled p : idle) {
                forget(p.engine());
                toEnd.add(p.session());
            }
            idle.clear();
            for (Pooled p : busy) {
                toEnd.add(p.session());
            }
            notifyAll();
        }
        endAll(toEnd);
    }

    /** Ends sessions in parallel, each bounded by its own timeouts. */
    private static void endAll(List<EngineSession> sessions) {
        if (sessions.isEmpty()) {
            return;
        }
        if (sessions.size() == 1) {
            sessions.get(0).close();
            return;
        }
        List<Thread> threads = new ArrayList<>();
        for (EngineSession s : sessions) {
            threads.add(Thread.ofVirtual().name("kibitz-pool-close").start(s::close));
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}

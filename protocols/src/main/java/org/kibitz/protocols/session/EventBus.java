package org.kibitz.protocols.session;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineListener;

/**
 * A session's listeners and the order they hear events in.
 *
 * <p>Events are queued where they happen (often under the session's lock) and handed to listeners
 * after the lock is released, one at a time and in the order they were queued, by whichever thread
 * flushes first: the reader thread for what the engine writes, the caller's thread for what the
 * caller caused. A listener that throws is skipped for that event; the others still hear it.
 */
public final class EventBus {

    private final CopyOnWriteArrayList<EngineListener> listeners = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<EngineEvent> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock dispatching = new ReentrantLock();

    public void add(EngineListener l) {
        listeners.addIfAbsent(l);
    }

    public void remove(EngineListener l) {
        listeners.remove(l);
    }

    public boolean hasListeners() {
        return !listeners.isEmpty();
    }

    /** Queues an event; it reaches listeners at the next {@link #flush()}. */
    public void post(EngineEvent e) {
        if (!listeners.isEmpty()) {
            queue.add(e);
        }
    }

    /**
     * Hands every event queued so far to listeners before returning, waiting (a little) for a thread
     * that is dispatching: so that a caller's future completes only after listeners heard what led
     * to it.
     */
    public void drain() {
        if (dispatching.isHeldByCurrentThread()) {
            return;
        }
        try {
            if (dispatching.tryLock(1, java.util.concurrent.TimeUnit.SECONDS)) {
                dispatching.unlock();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flush();
    }

    /** Hands queued events to listeners, unless another thread is doing so (it will take ours too). */
    public void flush() {
        while (!queue.isEmpty()) {
            if (dispatching.isHeldByCurrentThread() || !dispatching.tryLock()) {
                // A listener posted from inside dispatch, or another thread is dispatching: it
                // re-checks the queue after it finishes, so nothing is left behind.
                return;
            }
            try {
                EngineEvent e;
                while ((e = queue.poll()) != null) {
                    for (EngineListener l : listeners) {
                        try {
                            l.onEvent(e);
                        } catch (RuntimeException ignored) {
                            // One faulty listener must not stop the others or the reader thread.
                        }
                    }
                }
            } finally {
                dispatching.unlock();
            }
        }
    }
}

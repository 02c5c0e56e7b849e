package org.kibitz.engine.protocol;

import java.util.function.Consumer;
import org.kibitz.engine.search.Limits;
import org.kibitz.engine.search.SearchBoard;
import org.kibitz.engine.search.SearchControl;
import org.kibitz.engine.search.SearchObserver;
import org.kibitz.engine.search.SearchResult;
import org.kibitz.engine.search.Searcher;
import org.kibitz.engine.search.TranspositionTable;

/**
 * What the three protocols share: the transposition table, the searcher and the one search thread.
 * The command thread calls {@link #start}, {@link #stop}, {@link #ponderHit} and never blocks on the
 * search except where it must wait for it to end ({@link #stopAndWait}); the search thread reports
 * through the observer and the completion callback.
 *
 * <p>A search that is told to search until stopped (infinite analysis, pondering) and runs out of
 * depth first waits for {@code stop} or {@code ponderhit} before it reports its move, as the
 * protocols require.
 */
public final class EngineCore {

    /** The default and the bounds of the Hash option, in megabytes. */
    public static final int DEFAULT_HASH_MB = 16;
    public static final int MAX_HASH_MB = 2048;

    private final TranspositionTable table = new TranspositionTable(DEFAULT_HASH_MB);
    private final Searcher searcher = new Searcher(table);
    private final Object lock = new Object();
    private Thread thread;
    private SearchControl control;
    private int hashMb = DEFAULT_HASH_MB;

    /** Heap kept for everything but the table: the search, the game, the protocol. */
    private static final long HEAP_RESERVE = 64L << 20;

    /**
     * The largest table this JVM's heap allows, in megabytes ({@link #MAX_HASH_MB} at most): half of what
     * the heap has beyond a reserve, so that a resize never runs out of memory.
     */
    public static int maxHashMb() {
        long heap = Runtime.getRuntime().maxMemory();
        if (heap == Long.MAX_VALUE) {
            return MAX_HASH_MB;
        }
        long usable = Math.max(0, heap - HEAP_RESERVE) / 2;
        return (int) Math.max(1, Math.min(MAX_HASH_MB, usable >> 20));
    }

    /**
     * Sets the table's size (after stopping any search), at most what the heap allows, and clears it.
     *
     * @return the size set, in megabytes: less than asked when the heap does not allow it
     */
    public int setHash(int megabytes) {
        stopAndWait();
        hashMb = Math.max(1, Math.min(maxHashMb(), megabytes));
        try {
            table.resize(hashMb);
        } catch (OutOfMemoryError e) {
            // The heap is fuller than it looked: the default size, which it had room for at start.
            hashMb = DEFAULT_HASH_MB;
            table.resize(hashMb);
        }
        return hashMb;
    }

    public int hashMb() {
        return hashMb;
    }

    /** A new game: forget the table and the move-ordering history. */
    public void newGame() {
        stopAndWait();
        table.clear();
        searcher.clearHistory();
    }

    public void clearHash() {
        stopAndWait();
        table.clear();
    }

    /** The table, for probes ({@code probe} in UCCI). */
    public TranspositionTable table() {
        return table;
    }

    /**
     * Starts searching a copy of {@code root}. A search still running is stopped first (its result is
     * still reported). {@code done} runs on the search thread with the result.
     */
    public void start(SearchBoard root, Limits limits, SearchObserver observer, Consumer<SearchResult> done) {
        Warmup.skip();
        stopAndWait();
        SearchBoard board = root.copy();
        SearchControl c = new SearchControl(limits);
        Thread t = new Thread(null, () -> run(board, c, observer, done), "kibitz-search", 64L << 20);
        t.setDaemon(true);
        synchronized (lock) {
            control = c;
            thread = t;
        }
        t.start();
    }

    private void run(SearchBoard board, SearchControl c, SearchObserver observer, Consumer<SearchResult> done) {
        SearchResult result = searcher.search(board, c, observer);
        synchronized (lock) {
            // Analysis and pondering answer only when told: wait for stop or ponderhit.
            while (!c.stopRequested() && (c.limits().infinite() || c.pondering())) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        done.accept(result);
    }

    /** Asks the running search, if any, to stop; returns at once (the result comes through its callback). */
    public void stop() {
        synchronized (lock) {
            if (control != null) {
                control.requestStop();
            }
            lock.notifyAll();
        }
    }

    /** The pondered move was played: the running search's clock starts now. */
    public void ponderHit() {
        synchronized (lock) {
            if (control != null) {
                control.ponderHit();
            }
            lock.notifyAll();
        }
    }

    /** Whether a search is running (its result not yet reported). */
    public boolean searching() {
        Thread t;
        synchronized (lock) {
            t = thread;
        }
        return t != null && t.isAlive();
    }

    /** Whether the running search is pondering (has not had its ponderhit yet). */
    public boolean pondering() {
        synchronized (lock) {
            return control != null && thread != null && thread.isAlive() && control.pondering();
        }
    }

    /**
     * Waits (at most {@code timeoutMs}) for a search that has been told to stop, so that its best move
     * goes out before what the caller answers next ({@code readyok} after {@code stop}); a search that
     * runs on is not waited for.
     */
    public void awaitStopping(long timeoutMs) {
        Thread t;
        synchronized (lock) {
            if (control == null || !control.stopRequested()) {
                return;
            }
            t = thread;
        }
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(timeoutMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Stops the running search and waits until it has reported its result. */
    public void stopAndWait() {
        awaitEnd(true, 0);
    }

    /**
     * Waits for the running search to end on its own (its limits), at most {@code timeoutMs}
     * (0: no limit).
     */
    public void awaitSearch(long timeoutMs) {
        awaitEnd(false, timeoutMs);
    }

    /** Stops the search and waits at most {@code timeoutMs} for it (the process is about to end). */
    public void shutdown(long timeoutMs) {
        awaitEnd(true, timeoutMs);
    }

    private void awaitEnd(boolean stop, long timeoutMs) {
        Thread t;
        synchronized (lock) {
            t = thread;
            if (stop && control != null) {
                control.requestStop();
                lock.notifyAll();
            }
        }
        if (t == null || t == Thread.currentThread()) {
            return;
        }
        try {
            t.join(timeoutMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

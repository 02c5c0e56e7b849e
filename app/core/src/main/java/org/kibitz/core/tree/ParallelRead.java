package org.kibitz.core.tree;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Reads games on every core, in the file's order (decision 0038, third round). One thread cuts the
 * file into games (the scanner must run in order: game numbers and lines depend on what came before)
 * and hands them on in chunks of {@link #CHUNK}; {@code workers} threads prepare the chunks' games
 * (the light replay, the identity digest, or a full read), each with a preparer of its own; the caller
 * takes the prepared games chunk by chunk in the order they were cut, so what it sees (and the game
 * ids it hands out) is exactly what one thread reading the file would give.
 *
 * <p>Up to {@link #AHEAD} chunks are cut ahead of the caller: enough that reading goes on while the
 * caller writes a batch to the database, bounded so memory stays flat on a file of any size. A failure
 * of the cutting thread or of a preparer is thrown by {@link #next()} where the game it failed on
 * would have come, as {@link ReadAhead} does.
 *
 * @param <C> a game as cut
 * @param <T> a game as prepared
 */
final class ParallelRead<C, T> implements AutoCloseable {

    /** Games a chunk holds: enough that threads hand on work seldom, few enough to spread a small file. */
    static final int CHUNK = 64;
    private final int chunkSize;
    /** Chunks cut ahead of the caller. */
    static final int AHEAD = 16;

    /** What the cutting thread calls for each game: the next game as cut, {@code null} after the last. */
    interface Cutter<C> {
        C next() throws IOException;
    }

    /** Threads that prepare games: one per core (the cutting and importing threads share them). */
    static int defaultWorkers() {
        return Math.max(1, Math.min(8, Runtime.getRuntime().availableProcessors()));
    }

    /** Cut games and, once a worker has been at them, the prepared ones (or what failed). */
    private static final class Chunk {
        final List<Object> cut = new ArrayList<>();
        /** What preparing gave, index by index; a failure stands in for its game and ends the chunk. */
        Object[] prepared;
        /** A failure of the cutting thread after the chunk's games. */
        Throwable cutFailure;
        boolean end;
        private boolean done;

        synchronized void finish() {
            done = true;
            notifyAll();
        }

        synchronized void await() throws InterruptedException {
            while (!done) {
                wait();
            }
        }
    }

    private final BlockingQueue<Chunk> ordered = new ArrayBlockingQueue<>(AHEAD);
    private final BlockingQueue<Chunk> work = new LinkedBlockingQueue<>();
    private final Thread cutting;
    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean closed;
    private Chunk current;
    private int at;
    private boolean ended;

    /**
     * @param cutter  called on the cutting thread for each game in turn
     * @param workers how many threads prepare games
     * @param chunk   games to a chunk ({@link #CHUNK}; small numbers for tests)
     * @param prepare makes one preparer per worker thread (preparers keep scratch space and need not
     *                be thread-safe)
     */
    ParallelRead(Cutter<C> cutter, int workers, int chunk, Supplier<Function<C, T>> prepare, String name) {
        if (workers < 1 || chunk < 1) {
            throw new IllegalArgumentException("workers or chunk < 1");
        }
        this.chunkSize = chunk;
        for (int i = 0; i < workers; i++) {
            Function<C, T> p = prepare.get();
            Thread t = new Thread(() -> work(p), "kibitz-prepare-" + name + "-" + i);
            t.setDaemon(true);
            this.workers.add(t);
        }
        cutting = new Thread(() -> cut(cutter), "kibitz-read-" + name);
        cutting.setDaemon(true);
        this.workers.forEach(Thread::start);
        cutting.start();
    }

    private void cut(Cutter<C> cutter) {
        Chunk chunk = new Chunk();
        try {
            for (C c; !closed && (c = cutter.next()) != null; ) {
                chunk.cut.add(c);
                if (chunk.cut.size() == chunkSize) {
                    hand(chunk);
                    chunk = new Chunk();
                }
            }
            chunk.end = true;
            hand(chunk);
        } catch (InterruptedException e) {
            // closed by the caller: nobody takes from the queues any more
        } catch (IOException | RuntimeException | Error e) {
            chunk.cutFailure = e;
            chunk.end = true;
            try {
                hand(chunk);
            } catch (InterruptedException ignored) {
                // closed by the caller
            }
        }
    }

    /** Queues a chunk for the caller (in order; waits while too many are ahead) and for a worker. */
    private void hand(Chunk chunk) throws InterruptedException {
        ordered.put(chunk);
        work.put(chunk);
    }

    private void work(Function<C, T> prepare) {
        try {
            while (!closed) {
                Chunk chunk = work.take();
                Object[] out = new Object[chunk.cut.size()];
                for (int i = 0; i < out.length; i++) {
                    @SuppressWarnings("unchecked")
                    C c = (C) chunk.cut.get(i);
                    try {
                        out[i] = new Prepared<>(prepare.apply(c));
                    } catch (RuntimeException | Error e) {
                        out[i] = e;
                        break;
                    }
                    chunk.cut.set(i, null); // the cut game is not needed any more
                }
                chunk.prepared = out;
                chunk.finish();
            }
        } catch (InterruptedException e) {
            // closed by the caller
        }
    }

    /** One game as prepared (a box, so that whatever the preparation gives is told from a failure). */
    private record Prepared<T>(T value) {
    }

    /** The next game, {@code null} after the last; throws what reading threw, where it threw it. */
    @SuppressWarnings("unchecked")
    T next() throws IOException {
        while (current == null || at == current.prepared.length) {
            if (current != null && current.end) {
                ended = true;
                current = null;
                Throwable f = failure;
                failure = null;
                if (f != null) {
                    throw rethrow(f);
                }
            }
            if (ended) {
                return null;
            }
            try {
                Chunk c = ordered.take();
                c.await();
                current = c;
                at = 0;
                failure = c.cutFailure;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading");
            }
        }
        Object o = current.prepared[at++];
        if (o instanceof Prepared<?> p) {
            return (T) p.value();
        }
        // A preparer failed on this game: nothing after it is read.
        ended = true;
        current = null;
        failure = null;
        throw rethrow((Throwable) o);
    }

    /** The cutting thread's failure after the current chunk, thrown once its games are taken. */
    private Throwable failure;

    private static IOException rethrow(Throwable t) {
        if (t instanceof IOException e) {
            return e;
        }
        if (t instanceof UncheckedIOException e) {
            throw e;
        }
        if (t instanceof RuntimeException e) {
            throw e;
        }
        throw (Error) t;
    }

    /** Stops the cutting and preparing threads (the caller still closes the reader) and waits for them. */
    @Override
    public void close() throws IOException {
        closed = true;
        cutting.interrupt();
        workers.forEach(Thread::interrupt);
        try {
            cutting.join();
            for (Thread t : workers) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while closing a reader");
        }
    }
}

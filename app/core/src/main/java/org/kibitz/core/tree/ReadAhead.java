package org.kibitz.core.tree;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadResult;

/**
 * Reads games on a thread of its own, a bounded number ahead of the caller: an import spends about
 * as long parsing games (moves checked against the rules) as counting them and writing SQLite, and
 * the two now overlap on two cores. Games travel in small batches, so the threads do not wake each
 * other for every game. The order of games is the reader's. Each game is prepared for the caller on
 * the reading thread (an import takes its counted pairs out of it there).
 */
final class ReadAhead<T> implements AutoCloseable {

    static final int BATCH = 16;
    static final int BATCHES = 8;

    private static final List<Object> END = List.of();

    private final BlockingQueue<List<Object>> queue = new ArrayBlockingQueue<>(BATCHES);
    private final Thread thread;
    private volatile boolean closed;
    private Iterator<Object> current = List.of().iterator();
    private boolean ended;

    /**
     * @param prepare run on the reading thread on each game read, while its nodes are in that core's
     *                cache; what it returns is what {@link #next()} gives
     */
    ReadAhead(GameReader reader, String name, java.util.function.Function<ReadResult, T> prepare) {
        this(() -> {
            ReadResult r = reader.next();
            return r == null ? null : prepare.apply(r);
        }, name);
    }

    /** What the reading thread calls for each game: the game prepared, {@code null} after the last. */
    interface Source<T> {
        T next() throws IOException;
    }

    /** @param source called on the reading thread for each game in turn */
    ReadAhead(Source<T> source, String name) {
        thread = new Thread(() -> run(source), "kibitz-read-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    private void run(Source<T> source) {
        List<Object> batch = new ArrayList<>(BATCH);
        try {
            for (T r; !closed && (r = source.next()) != null; ) {
                batch.add(new Prepared<>(r));
                if (batch.size() == BATCH) {
                    queue.put(batch);
                    batch = new ArrayList<>(BATCH);
                }
            }
            if (!batch.isEmpty()) {
                queue.put(batch);
            }
            queue.put(END);
        } catch (InterruptedException e) {
            // closed by the caller: nobody takes from the queue any more
        } catch (IOException | RuntimeException | Error e) {
            batch.add(e);
            try {
                queue.put(batch);
                queue.put(END);
            } catch (InterruptedException ignored) {
                // closed by the caller
            }
        }
    }

    /** One game as prepared (a box, so that whatever the preparation gives is told from a failure). */
    private record Prepared<T>(T value) {
    }

    /** The next game, {@code null} after the last; throws what reading threw, where it threw it. */
    @SuppressWarnings("unchecked")
    T next() throws IOException {
        while (!current.hasNext()) {
            if (ended) {
                return null;
            }
            List<Object> batch;
            try {
                batch = queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading");
            }
            if (batch == END) {
                ended = true;
                return null;
            }
            current = batch.iterator();
        }
        Object o = current.next();
        if (o instanceof Prepared<?> p) {
            return (T) p.value();
        }
        ended = true;
        current = List.of().iterator();
        if (o instanceof IOException e) {
            throw e;
        }
        if (o instanceof UncheckedIOException e) {
            throw e;
        }
        if (o instanceof RuntimeException e) {
            throw e;
        }
        throw (Error) o;
    }

    /** Stops the reading thread (the caller still closes the reader) and waits for it. */
    @Override
    public void close() throws IOException {
        closed = true;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while closing a reader");
        }
    }
}

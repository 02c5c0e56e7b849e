package org.kibitz.workbench.convert;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.tree.GameTree;

/**
 * Hands games to a writer on a thread of its own, a bounded number at a time, so that writing
 * (formatting moves goes through the rules, as reading does) overlaps reading on another core.
 * The games passed in must not be touched afterwards.
 */
final class WriterPipeline implements AutoCloseable {

    private static final int CAPACITY = 16;

    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final Object end = new Object();
    private final Thread thread;
    private final java.util.function.Consumer<GameTree> written;
    private volatile Throwable failure;

    /**
     * @param written told of each game once it is written, on the writer's thread; what it records
     *                is visible to the caller after {@link #close()}
     */
    WriterPipeline(GameWriter writer, java.util.function.Consumer<GameTree> written) {
        this.written = written;
        thread = new Thread(() -> run(writer), "kibitz-convert-writer");
        thread.setDaemon(true);
        thread.start();
    }

    private void run(GameWriter writer) {
        try {
            for (;;) {
                Object o = queue.take();
                if (o == end) {
                    return;
                }
                if (failure == null) {
                    try {
                        writer.write((GameTree) o);
                        written.accept((GameTree) o);
                    } catch (IOException | RuntimeException | Error e) {
                        // Keep taking games so the reader never blocks on a full queue.
                        failure = e;
                    }
                }
            }
        } catch (InterruptedException e) {
            failure = e;
        }
    }

    /** Queues a game; throws what writing has thrown so far. */
    void put(GameTree game) throws IOException {
        rethrow();
        try {
            queue.put(game);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing");
        }
    }

    /** Waits until every queued game is written; throws what writing threw. */
    @Override
    public void close() throws IOException {
        try {
            queue.put(end);
            thread.join();
        } catch (InterruptedException e) {
            thread.interrupt();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing");
        }
        rethrow();
    }

    private void rethrow() throws IOException {
        Throwable f = failure;
        if (f instanceof IOException e) {
            throw e;
        }
        if (f instanceof RuntimeException e) {
            throw e;
        }
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null) {
            throw new InterruptedIOException("interrupted while writing");
        }
    }
}

package org.kibitz.core.convert;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.tree.GameTree;

/**
 * Hands games to a writer on a thread of its own, a bounded number at a time, so that writing
 * (formatting moves goes through the rules, as reading does) overlaps reading on another core.
 * The games passed in must not be touched afterwards.
 *
 * <p>Games travel in batches: handing over one game at a time woke the writer (or the reader)
 * for every game, tens of thousands of wake-ups for a big file. At most {@link #BATCHES} full
 * batches wait, plus the one being filled and the one being written, so memory stays bounded.
 */
final class WriterPipeline implements AutoCloseable {

    static final int BATCH = 4;
    static final int BATCHES = 4;

    private static final List<GameTree> END = List.of();

    private final BlockingQueue<List<GameTree>> queue = new ArrayBlockingQueue<>(BATCHES);
    private final Thread thread;
    private final Consumer<GameTree> written;
    private List<GameTree> filling = new ArrayList<>(BATCH);
    private volatile Throwable failure;
    /** Whether {@link #failure} has been thrown to the caller: it is thrown once, not again by close. */
    private boolean failureThrown;

    /**
     * @param written told of each game once it is written, on the writer's thread; what it records
     *                is visible to the caller after {@link #close()}
     */
    WriterPipeline(GameWriter writer, Consumer<GameTree> written) {
        this.written = written;
        thread = new Thread(() -> run(writer), "kibitz-convert-writer");
        thread.setDaemon(true);
        thread.start();
    }

    private void run(GameWriter writer) {
        try {
            for (;;) {
                List<GameTree> batch = queue.take();
                if (batch == END) {
                    return;
                }
                for (GameTree g : batch) {
                    if (failure != null) {
                        break; // keep taking batches so the reader never blocks on a full queue
                    }
                    try {
                        writer.write(g);
                        written.accept(g);
                    } catch (IOException | RuntimeException | Error e) {
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
        filling.add(game);
        if (filling.size() == BATCH) {
            rethrow();
            hand(filling);
            filling = new ArrayList<>(BATCH);
        }
    }

    private void hand(List<GameTree> batch) throws InterruptedIOException {
        try {
            queue.put(batch);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing");
        }
    }

    /** Waits until every queued game is written; throws what writing threw. */
    @Override
    public void close() throws IOException {
        try {
            if (!filling.isEmpty()) {
                hand(filling);
                filling = new ArrayList<>(0);
            }
            hand(END);
            thread.join();
        } catch (InterruptedException e) {
            thread.interrupt();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing");
        } catch (InterruptedIOException e) {
            thread.interrupt();
            throw e;
        }
        rethrow();
    }

    private void rethrow() throws IOException {
        Throwable f = failure;
        if (f == null || failureThrown) {
            return;
        }
        // Thrown once: a try-with-resources whose body got it from put() would otherwise be given
        // the same exception again by close(), and Throwable.addSuppressed refuses itself.
        failureThrown = true;
        if (f instanceof IOException e) {
            throw e;
        }
        if (f instanceof RuntimeException e) {
            throw e;
        }
        if (f instanceof Error e) {
            throw e;
        }
        throw new InterruptedIOException("interrupted while writing");
    }
}

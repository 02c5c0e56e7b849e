package org.kibitz.workbench.evaluate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.application.Platform;

/**
 * Hands what worker threads report to the FX thread in batches: one {@code runLater} for however many
 * items arrive before the FX thread gets to them, so a fast batch cannot flood the event queue.
 */
final class FxInbox<T> {

    private final ConcurrentLinkedQueue<T> items = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean queued = new AtomicBoolean();
    private final Consumer<List<T>> drain;

    /** @param drain takes each batch, in arrival order, on the FX thread */
    FxInbox(Consumer<List<T>> drain) {
        this.drain = drain;
    }

    /** Adds an item (any thread). */
    void add(T item) {
        items.add(item);
        if (queued.compareAndSet(false, true)) {
            Platform.runLater(this::drain);
        }
    }

    private void drain() {
        queued.set(false);
        List<T> batch = new ArrayList<>();
        for (T t; (t = items.poll()) != null; ) {
            batch.add(t);
        }
        if (!batch.isEmpty()) {
            drain.accept(batch);
        }
    }
}

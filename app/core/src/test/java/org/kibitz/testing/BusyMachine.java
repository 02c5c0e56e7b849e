package org.kibitz.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Two CPU-bound loops beside a test, as a user's machine has other work running: waits on engines
 * must hold on a busy machine too (the project's rule for anything with a timeout).
 */
public final class BusyMachine implements AutoCloseable {

    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> loops = new ArrayList<>();
    /** Read by nobody; keeps the loops from being optimised away. */
    public static volatile long sink;

    private BusyMachine(int loops) {
        for (int i = 0; i < loops; i++) {
            Thread t = new Thread(() -> {
                long x = 0;
                while (running.get()) {
                    for (int k = 0; k < 100_000; k++) {
                        x = x * 31 + k;
                    }
                }
                sink = x;
            }, "busy-loop-" + i);
            t.setDaemon(true);
            t.setPriority(Thread.NORM_PRIORITY);
            this.loops.add(t);
            t.start();
        }
    }

    /** Starts two busy loops. */
    public static BusyMachine start() {
        return new BusyMachine(2);
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        for (Thread t : loops) {
            t.join();
        }
    }
}

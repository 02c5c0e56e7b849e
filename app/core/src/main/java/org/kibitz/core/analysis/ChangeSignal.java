package org.kibitz.core.analysis;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A "something changed" flag that many threads raise and one reader takes, so a flood of engine
 * events reaches the reader as one wake-up per read. The reader is woken only when the flag goes
 * from clear to raised; raising it again before the reader took it costs one atomic read.
 */
public final class ChangeSignal {

    private final AtomicBoolean raised = new AtomicBoolean();
    private volatile Runnable wake = () -> { };

    /** What to run (on the raising thread, so: quick) when the flag goes up. */
    public void onRaise(Runnable r) {
        wake = r == null ? () -> { } : r;
    }

    /** Marks a change; wakes the reader if it had taken every earlier change. */
    public void raise() {
        if (!raised.get() && raised.compareAndSet(false, true)) {
            wake.run();
        }
    }

    /** Takes the flag: whether anything changed since the last take. */
    public boolean take() {
        return raised.getAndSet(false);
    }

    /** Whether a change waits to be taken. */
    public boolean isRaised() {
        return raised.get();
    }
}

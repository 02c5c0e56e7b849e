package org.kibitz.core.engines;

import org.kibitz.api.engine.EngineException;
import org.kibitz.api.i18n.Text;

/**
 * An engine ended during a unit of work twice: once on the session it was given, once more on the
 * new start the {@link SessionPool} retried the work on. Says which engine and what happened the
 * second time; the first failure is among the suppressed exceptions.
 */
public final class EngineFailedException extends EngineException {

    private static final long serialVersionUID = 1L;

    private final String engine;
    private final transient EngineException last;

    public EngineFailedException(String engine, EngineException last, EngineException first) {
        super(last.kind(), Text.of(EngineFailedException.class, "pool.diedTwice", engine, last.text()), last);
        this.engine = engine;
        this.last = last;
        if (first != null) {
            addSuppressed(first);
        }
    }

    /** The engine's name. */
    public String engine() {
        return engine;
    }

    /** What the engine did the second time (its own message: the exit code and its last lines). */
    public EngineException last() {
        return last;
    }

    /** How many times the work was tried: always two. */
    public int attempts() {
        return 2;
    }
}

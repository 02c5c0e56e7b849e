package org.kibitz.core.jobs;

import java.util.concurrent.CancellationException;

/** What an item being done can ask of its job. */
public interface JobContext {

    /** Whether the job was asked to stop; an item that sees it may give up (its result is then not kept). */
    boolean cancelled();

    /** Throws {@link CancellationException} when the job was asked to stop. */
    default void checkCancelled() {
        if (cancelled()) {
            throw new CancellationException("job cancelled");
        }
    }
}

package org.kibitz.core.jobs;

/** Hears about every job of a runner (a Jobs pane, a status bar). Called from the runner's threads. */
@FunctionalInterface
public interface JobsListener {

    /** A job was submitted or made progress; {@code progress} is its state now. */
    void changed(JobHandle<?, ?> job, Progress progress);
}

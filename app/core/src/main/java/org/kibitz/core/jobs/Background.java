package org.kibitz.core.jobs;

import java.util.Objects;

/**
 * Short work a face starts and does not wait for (probe an engine, look for engines on the
 * computer, add them): one place that makes the threads, named and daemon, so none keeps the
 * process alive and a thread dump says what each is. Long work with progress, cancel and a journal
 * is a {@link Job} on the {@link JobRunner} instead.
 */
@FunctionalInterface
public interface Background {

    /** Runs {@code task} away from the caller's thread; its thread is called {@code kibitz-<name>}. */
    void run(String name, Runnable task);

    /** A daemon platform thread per task (the tasks block on engine processes and files). */
    static Background threads() {
        return (name, task) -> {
            Thread t = new Thread(Objects.requireNonNull(task, "task"), "kibitz-" + name);
            t.setDaemon(true);
            t.start();
        };
    }

    /** The task runs at once on the caller's thread (tests). */
    static Background sameThread() {
        return (name, task) -> task.run();
    }
}

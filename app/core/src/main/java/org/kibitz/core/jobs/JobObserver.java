package org.kibitz.core.jobs;

/**
 * Hears about one job as it goes. Calls come from the runner's threads, one at a time for a job; they
 * should be quick (hand work to a UI thread rather than do it here).
 */
public interface JobObserver<I, R> {

    /** The job's progress; at a bounded rate while it runs, and always at its start and end. */
    default void progress(Progress progress) {
    }

    /**
     * An item is done: just now, or in an earlier run ({@code fromJournal}; those come first, in item
     * order, before any item is done in this run).
     */
    default void itemDone(I item, R result, boolean fromJournal) {
    }

    /** An item failed; the job goes on with the others. */
    default void itemFailed(I item, Throwable error) {
    }

    /** Something the user should hear about the job's bookkeeping (a damaged journal set aside and repaired). */
    default void notice(org.kibitz.api.i18n.Text message) {
    }
}

package org.kibitz.core.jobs;

/** Where a job is in its life. */
public enum JobState {
    /** Submitted; its items and journal are being read. */
    STARTING,
    /** Items are being done. */
    RUNNING,
    /** Every item was done (some may have failed: see {@link Progress#failed()}). */
    COMPLETED,
    /** Stopped on request before every item was done; the journal keeps those that were. */
    CANCELLED,
    /** Stopped by an error of the job itself (its items could not be listed, its journal not written). */
    FAILED;

    public boolean finished() {
        return this == COMPLETED || this == CANCELLED || this == FAILED;
    }
}

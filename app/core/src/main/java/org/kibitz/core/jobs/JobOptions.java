package org.kibitz.core.jobs;

import java.nio.file.Path;
import java.util.Optional;

/**
 * How to run one job.
 *
 * @param journal     where to record finished items, so that an interrupted run can be resumed; empty for none
 * @param resume      continue the journal if it exists (a missing one is started); without it an existing
 *                    journal is refused rather than overwritten
 * @param parallelism how many items at once at most; 0 for the runner's default
 */
public record JobOptions(Optional<Path> journal, boolean resume, int parallelism) {

    public static final JobOptions DEFAULT = new JobOptions(Optional.empty(), false, 0);

    public JobOptions {
        if (parallelism < 0) {
            throw new IllegalArgumentException("parallelism " + parallelism);
        }
    }

    public JobOptions withJournal(Path file, boolean resume) {
        return new JobOptions(Optional.of(file), resume, parallelism);
    }

    public JobOptions withParallelism(int n) {
        return new JobOptions(journal, resume, n);
    }
}

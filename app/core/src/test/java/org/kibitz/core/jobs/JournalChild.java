package org.kibitz.core.jobs;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The child JVM of {@link JobResumeAfterKillTest}: runs a {@link SquaresJob} of slow items on a
 * threaded runner with a journal, logging each item it does, and writes the results when it ends.
 * Arguments: journal, run log, results file, {@code new} or {@code resume}.
 */
public final class JournalChild {

    static final int ITEMS = 120;
    static final long SEED = 20261123L;

    public static void main(String[] args) throws Exception {
        Path journal = Path.of(args[0]);
        Path runLog = Path.of(args[1]);
        Path out = Path.of(args[2]);
        boolean resume = args[3].equals("resume");
        SquaresJob job = new SquaresJob(ITEMS, SEED, 40, Set.of(), Optional.of(runLog), i -> { });
        try (JobRunner runner = JobRunner.threaded(2)) {
            JobResult<SquaresJob.Value> r = runner.submit(job, JobOptions.DEFAULT.withJournal(journal, resume),
                    new JobObserver<>() { }).await();
            String text = r.state() + "\n" + r.results().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("\n"));
            Files.writeString(out, text, StandardCharsets.UTF_8);
            System.exit(r.state() == JobState.COMPLETED ? 0 : 1);
        }
    }
}

package org.kibitz.core.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job killed with SIGKILL halfway resumes from its journal and ends as if it had never stopped. */
class JobResumeAfterKillTest {

    @Test
    void aJobKilledMidwayResumesToTheSameResultWithoutRedoingFinishedItems(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("squares.journal");
        Process first = child(journal, dir.resolve("ran-1.log"), dir.resolve("out-1.txt"), "new");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (completeLines(journal).size() < 21 && first.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        first.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no flush
        first.waitFor(30, TimeUnit.SECONDS);
        assertEquals(137, first.exitValue(), "killed by SIGKILL, not ended on its own");

        Set<String> doneAtKill = completeLines(journal).stream().skip(1)
                .map(l -> l.replaceAll("^\\{\"id\":\"([^\"]+)\".*$", "$1")).collect(Collectors.toSet());
        assertTrue(doneAtKill.size() >= 20 && doneAtKill.size() < JournalChild.ITEMS, "killed midway: " + doneAtKill.size());

        Process second = child(journal, dir.resolve("ran-2.log"), dir.resolve("out-2.txt"), "resume");
        assertTrue(second.waitFor(120, TimeUnit.SECONDS), "the resumed run ends");
        assertEquals(0, second.exitValue(), new String(second.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));

        Set<String> redone = Files.readAllLines(dir.resolve("ran-2.log")).stream().map(s -> "item-" + s).collect(Collectors.toSet());
        Set<String> overlap = new HashSet<>(redone);
        overlap.retainAll(doneAtKill);
        assertEquals(Set.of(), overlap, "items in the journal are not done again");
        Set<String> all = new HashSet<>(redone);
        all.addAll(doneAtKill);
        assertEquals(JournalChild.ITEMS, all.size(), "every item done in one run or the other");

        String uninterrupted;
        try (JobRunner runner = JobRunner.sameThread()) {
            JobResult<SquaresJob.Value> r = runner.submit(new SquaresJob(JournalChild.ITEMS, JournalChild.SEED)).await();
            uninterrupted = r.state() + "\n" + r.results().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("\n"));
        }
        assertEquals(uninterrupted, Files.readString(dir.resolve("out-2.txt")));
        assertEquals(JournalChild.ITEMS + 1, completeLines(journal).size(), "header and one line an item, no torn line left");
    }

    private static Process child(Path journal, Path runLog, Path out, String mode) throws IOException {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), JournalChild.class.getName(),
                journal.toString(), runLog.toString(), out.toString(), mode);
        return new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** The journal's lines ended by a newline (a torn last line left out). */
    private static List<String> completeLines(Path journal) throws IOException {
        if (!Files.exists(journal)) {
            return List.of();
        }
        String text = Files.readString(journal, StandardCharsets.UTF_8);
        int end = text.lastIndexOf('\n');
        return end < 0 ? List.of() : List.of(text.substring(0, end).split("\n"));
    }

    static List<Integer> range(int n) {
        return IntStream.range(0, n).boxed().toList();
    }
}

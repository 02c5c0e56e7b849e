package org.kibitz.core.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobJournalTest {

    private static JobResult<SquaresJob.Value> run(Job<Integer, SquaresJob.Value> job, Path journal, boolean resume) throws Exception {
        try (JobRunner runner = JobRunner.sameThread()) {
            return runner.submit(job, JobOptions.DEFAULT.withJournal(journal, resume), new JobObserver<>() { }).await();
        }
    }

    /**
     * A result is written straight to the journal, not through a tree first: its line is the same text
     * the tree gave (nested records, lists, an empty string, a non-ASCII move name), and reads back so.
     */
    @Test
    void aDoneLineIsTheTextOfItsResultsTree(@TempDir Path dir) throws Exception {
        org.kibitz.core.evaluate.PositionEval p = new org.kibitz.core.evaluate.PositionEval(3,
                org.kibitz.core.evaluate.PositionEval.Status.SEARCHED, "cp -31", 12, 20_000, 17, List.of("e2e4", "e7e5"), "",
                "", List.of(new org.kibitz.core.evaluate.PositionEval.Line("e2e4", "cp -31")));
        org.kibitz.core.evaluate.GameEvaluation g = new org.kibitz.core.evaluate.GameEvaluation(0, 0, 1, 0, "Stockfish \"15\"",
                "Stockfish|{}|NODES=20000", "xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                List.of("h2e2"), List.of("炮二平五"), List.of(true), List.of(p, org.kibitz.core.evaluate.PositionEval.failed(4, "died")));
        Path file = dir.resolve("j.jsonl");
        try (JobJournal j = JobJournal.open(file, new SquaresJob(1, 2), List.of("x"), false)) {
            j.done("x", g, System.nanoTime());
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        com.fasterxml.jackson.databind.node.ObjectNode viaTree = JobJournal.JSON.createObjectNode();
        viaTree.put("id", "x");
        viaTree.set("result", JobJournal.JSON.valueToTree(g));
        assertEquals(JobJournal.JSON.writeValueAsString(viaTree), lines.get(lines.size() - 1));
        assertEquals(g, JobJournal.JSON.treeToValue(JobJournal.JSON.readTree(lines.get(lines.size() - 1)).get("result"),
                org.kibitz.core.evaluate.GameEvaluation.class));
    }

    @Test
    void aTornLastLineIsDroppedAndItsItemDoneAgain(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("j.jsonl");
        JobResult<SquaresJob.Value> whole = run(new SquaresJob(8, 2), journal, false);
        // Cut the journal after item 4's line and half of item 5's: a process killed mid-write.
        List<String> lines = Files.readAllLines(journal);
        String kept = String.join("\n", lines.subList(0, 6)) + "\n" + lines.get(6).substring(0, lines.get(6).length() / 2);
        Files.writeString(journal, kept, StandardCharsets.UTF_8);

        SquaresJob again = new SquaresJob(8, 2);
        JobResult<SquaresJob.Value> resumed = run(again, journal, true);
        assertEquals(JobState.COMPLETED, resumed.state());
        assertEquals(5, resumed.resumed());
        assertEquals(List.of(5, 6, 7), List.copyOf(again.ran), "the torn item and those never written");
        assertEquals(whole.results(), resumed.results());
        List<String> after = Files.readAllLines(journal);
        assertEquals(9, after.size());
        for (String l : after) {
            JobJournal.JSON.readTree(l); // every line whole again
        }
    }

    @Test
    void aJournalOfOtherParametersIsRefusedSayingWhatDiffers(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("j.jsonl");
        run(new SquaresJob(5, 2), journal, false);
        JobResult<SquaresJob.Value> other = run(new SquaresJob(5, 3), journal, true);
        assertEquals(JobState.FAILED, other.state());
        Throwable e = other.error().orElseThrow();
        assertInstanceOf(JournalException.class, e);
        assertTrue(e.getMessage().contains(journal.toString()) && e.getMessage().contains("seed was 2, now 3"), e.getMessage());
        assertTrue(((JournalException) e).text().render(java.util.Locale.SIMPLIFIED_CHINESE).contains("seed 原为 2，现为 3"),
                ((JournalException) e).text().render(java.util.Locale.SIMPLIFIED_CHINESE));
        assertEquals(0, other.results().size());

        JobResult<SquaresJob.Value> moreItems = run(new SquaresJob(6, 2), journal, true);
        assertTrue(moreItems.error().orElseThrow().getMessage().contains("the items differ (5 then, 6 now)"),
                moreItems.error().orElseThrow().getMessage());
        assertEquals(6, Files.readAllLines(journal).size(), "a refused journal is left as it was");
    }

    @Test
    void anExistingJournalIsNotOverwrittenWithoutResume(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("j.jsonl");
        run(new SquaresJob(3, 2), journal, false);
        JobResult<SquaresJob.Value> r = run(new SquaresJob(3, 2), journal, false);
        assertEquals(JobState.FAILED, r.state());
        assertTrue(r.error().orElseThrow().getMessage().contains("already there"), r.error().toString());
    }

    @Test
    void resumeWithoutAJournalStartsOne(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("sub/j.jsonl");
        JobResult<SquaresJob.Value> r = run(new SquaresJob(3, 2), journal, true);
        assertEquals(JobState.COMPLETED, r.state());
        assertEquals(0, r.resumed());
        assertEquals(4, Files.readAllLines(journal).size());
    }

    @Test
    void aDamagedLineInsideTheJournalIsSetAsideTheGoodLinesKeptAndTheRunGoesOn(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("j.jsonl");
        JobResult<SquaresJob.Value> whole = run(new SquaresJob(4, 2), journal, false);
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(journal));
        lines.set(2, "garbage");
        Files.write(journal, lines);
        List<String> said = new java.util.ArrayList<>();
        SquaresJob again = new SquaresJob(4, 2);
        JobResult<SquaresJob.Value> r;
        try (JobRunner runner = JobRunner.sameThread()) {
            r = runner.submit(again, JobOptions.DEFAULT.withJournal(journal, true), new JobObserver<Integer, SquaresJob.Value>() {
                @Override
                public void notice(org.kibitz.api.i18n.Text message) {
                    said.add(message.render(java.util.Locale.ROOT));
                }
            }).await();
        }
        assertEquals(JobState.COMPLETED, r.state(), r.error().toString());
        assertEquals(whole.results(), r.results());
        assertEquals(List.of(1), List.copyOf(again.ran), "only the item of the damaged line is done again");
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).contains(journal + ": damaged journal (line 3: garbage); set aside as j.jsonl.corrupt-"), said.get(0));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.filter(f -> f.getFileName().toString().startsWith("j.jsonl.corrupt-")).count());
        }
        for (String l : Files.readAllLines(journal)) {
            JobJournal.JSON.readTree(l); // the journal whole again
        }

        // No header at all: set aside, and the run starts over.
        Files.writeString(journal, "garbage\n");
        JobResult<SquaresJob.Value> over = run(new SquaresJob(4, 2), journal, true);
        assertEquals(JobState.COMPLETED, over.state());
        assertEquals(0, over.resumed());

        // A journal of something else is still refused, not set aside.
        Files.writeString(journal, "{\"hello\":1}\n");
        assertTrue(run(new SquaresJob(4, 2), journal, true).error().orElseThrow().getMessage().contains("not a job journal"));
    }

    @Test
    void aSecondWriterOfOneJournalIsRefusedWithThePidOfTheFirst(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("j.jsonl");
        try (RunLock held = RunLock.acquire(journal)) {
            JobResult<SquaresJob.Value> r = run(new SquaresJob(3, 2), journal, true);
            assertEquals(JobState.FAILED, r.state());
            assertTrue(r.error().orElseThrow().getMessage().contains("already running (pid " + ProcessHandle.current().pid() + ")"),
                    r.error().toString());
            assertTrue(Files.notExists(journal), "the second run touched nothing");
        }
        // Released with its holder: the next run goes.
        assertEquals(JobState.COMPLETED, run(new SquaresJob(3, 2), journal, true).state());
        assertEquals(String.valueOf(ProcessHandle.current().pid()), Files.readString(RunLock.lockFile(journal)).strip());
    }

    @Test
    void failedItemsAreJournaledAndTriedAgainOnResume(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("j.jsonl");
        JobResult<SquaresJob.Value> first = run(new SquaresJob(5, 2, 0, java.util.Set.of(1), java.util.Optional.empty(), i -> { }),
                journal, false);
        assertEquals(Map.of("item-1", "item 1 fails on purpose"), first.failures());
        assertTrue(Files.readString(journal).contains("\"error\":\"item 1 fails on purpose\""));
        SquaresJob again = new SquaresJob(5, 2);
        JobResult<SquaresJob.Value> second = run(again, journal, true);
        assertEquals(List.of(1), List.copyOf(again.ran));
        assertTrue(second.complete());
    }
}

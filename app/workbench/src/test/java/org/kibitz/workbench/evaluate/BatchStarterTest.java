package org.kibitz.workbench.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An evaluation's or a comparison's start: the run becomes the window's latest on the FX thread with its
 * panes open, its results pane opens when its job is over unless a newer run took its place, and a start
 * that fails fails the future and changes nothing.
 */
class BatchStarterTest {

    /** A run and its job's result. */
    private record Run(String name, CompletableFuture<Void> job) {
        Run(String name) {
            this(name, new CompletableFuture<>());
        }
    }

    /** The background tasks asked for, run when the test says. */
    private final List<String> taskNames = new ArrayList<>();
    private final List<Runnable> tasks = new ArrayList<>();
    private final SimpleObjectProperty<Run> current = new SimpleObjectProperty<>();
    private final List<String> opened = Collections.synchronizedList(new ArrayList<>());
    private final List<String> ended = Collections.synchronizedList(new ArrayList<>());
    private final BatchStarter<Run> starter = new BatchStarter<>((name, task) -> {
        taskNames.add(name);
        tasks.add(task);
    }, current, Run::job, opened::add);

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    private CompletableFuture<Run> start(Run run) {
        return starter.start("test-start", () -> run, List.of("jobs", "curve"), r -> {
            assertFalse(Platform.isFxApplicationThread(), "ended off the FX thread");
            ended.add(r.name() + (opened.contains("results") ? " after" : " before") + " the results pane");
        }, "results");
    }

    private void runTasks() {
        List<Runnable> now = List.copyOf(tasks);
        tasks.clear();
        now.forEach(Runnable::run);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aStartedRunIsTheLatestWithItsPanesOpenAndItsResultsPaneOpensOnceItsJobIsOver() throws Exception {
        Run run = new Run("a");
        CompletableFuture<Run> done = start(run);
        assertEquals(List.of("test-start"), taskNames);
        assertFalse(done.isDone(), "started on the background task");
        runTasks();
        assertSame(run, done.get(5, TimeUnit.SECONDS));
        assertSame(run, current.get());
        assertEquals(List.of("jobs", "curve"), opened);
        assertTrue(ended.isEmpty());
        endShowsResults(run, () -> run.job().complete(null));
    }

    @Test
    void aJobThatFailsIsOverToo() {
        Run run = new Run("a");
        start(run);
        runTasks();
        endShowsResults(run, () -> run.job().completeExceptionally(new IOException("engine died")));
    }

    /** Ends the run's job with {@code end}: the run is ended, then its results pane opened. */
    private void endShowsResults(Run run, Runnable end) {
        end.run();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(run.name() + " before the results pane"), ended);
        assertEquals(List.of("jobs", "curve", "results"), opened);
    }

    @Test
    void aNewerRunKeepsTheResultsPaneOfAnOlderOneShut() {
        Run older = new Run("older");
        Run newer = new Run("newer");
        start(older);
        start(newer);
        runTasks();
        assertSame(newer, current.get());
        opened.clear();

        older.job().complete(null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("older before the results pane"), ended, "the older run is still ended");
        assertTrue(opened.isEmpty());

        newer.job().complete(null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("results"), opened);
    }

    @Test
    void aStartThatFailsFailsTheFutureOnTheFxThreadAndChangesNothing() throws Exception {
        IOException why = new IOException("no such file");
        CompletableFuture<Run> done = starter.start("test-start", () -> {
            throw why;
        }, List.of("jobs"), r -> ended.add(r.name()), "results");
        CompletableFuture<Boolean> onFx = done.handle((r, x) -> Platform.isFxApplicationThread());
        runTasks();
        ExecutionException failed = assertThrows(ExecutionException.class, () -> done.get(5, TimeUnit.SECONDS));
        assertSame(why, failed.getCause());
        assertTrue(onFx.get(5, TimeUnit.SECONDS), "failed on the FX thread");
        assertNull(current.get());
        assertTrue(opened.isEmpty());
        assertTrue(ended.isEmpty());
    }
}

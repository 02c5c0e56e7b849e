package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.jobs.Background;

/**
 * The kit the job panes share: a start's slow part off the FX thread, the pane's own step on it before
 * anyone waiting sees the start done, and a failure told in the window's language with its cause's
 * words (not "java.util.concurrent.CompletionException: java.io.IOException: ...").
 */
@ExtendWith(FxStages.class)
class JobKitTest {

    @TempDir
    Path home;

    @Test
    void aStartRunsOffTheFxThreadAndItsFailureIsToldInTheWindowsLanguage() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.open(home);
        AtomicBoolean bodyOnFx = new AtomicBoolean(true);
        AtomicBoolean stepOnFx = new AtomicBoolean(false);
        int[] taken = {0};
        CompletableFuture<Integer> started = onFx(() -> JobKit.start(Background.threads(), "kit-test", () -> {
            bodyOnFx.set(Platform.isFxApplicationThread());
            return 7;
        }, r -> {
            stepOnFx.set(Platform.isFxApplicationThread());
            taken[0] = r;
        }));
        // Whoever waits for the start finds the pane's step done.
        int value = started.thenApply(r -> taken[0]).get(60, TimeUnit.SECONDS);
        assertEquals(7, value);
        assertFalse(bodyOnFx.get(), "the slow part ran off the FX thread");
        assertTrue(stepOnFx.get(), "the pane's step ran on the FX thread");

        runFx(() -> w.window.i18n().localeProperty().set(Locale.SIMPLIFIED_CHINESE));
        CompletableFuture<Object> failed = CompletableFuture.failedFuture(new CompletionException(new IOException("磁盘已满")));
        runFx(() -> JobKit.reportFailure(failed, () -> Optional.of(w.window), w.window.i18n(), "match.startFailed"));
        String expected = onFx(() -> w.window.i18n().get("match.startFailed", "磁盘已满"));
        waitUntil(() -> onFx(() -> w.window.shownNotification().map(expected::equals).orElse(false)
                || w.window.pendingNotifications().contains(expected)));
        assertFalse(expected.contains("Exception"), expected);
    }
}

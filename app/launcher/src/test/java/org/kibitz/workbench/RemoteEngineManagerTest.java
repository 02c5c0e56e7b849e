package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.Sshd;
import org.kibitz.protocols.ssh.SshCommand;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.engines.EngineManagerDialog;
import org.kibitz.workbench.engines.EnginesUi;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The engine manager with an engine on another computer (issue 44), through a real {@code sshd} on
 * 127.0.0.1: "Test connection" shows an unknown computer's fingerprint and starts nothing when the user
 * says no; on yes the key is added to known_hosts, the engine answers and its round trip is reported.
 */
@ExtendWith(FxStages.class)
class RemoteEngineManagerTest {

    @TempDir
    Path home;

    private Sshd sshd;
    private EnginesUi ui;
    private String before;

    @AfterEach
    void close() {
        EngineManagerDialog.setHostKeyQuestion(null);
        if (ui != null) {
            ui.close();
        }
        if (before == null) {
            System.clearProperty(SshCommand.CONFIG_PROPERTY);
        } else {
            System.setProperty(SshCommand.CONFIG_PROPERTY, before);
        }
        if (sshd != null) {
            sshd.close();
        }
    }

    /** A real sshd on 127.0.0.1 that ssh is pointed at, and Fairy-Stockfish behind it as an engine "far". */
    private org.kibitz.core.engines.EngineEntry farEngine(String program) throws Exception {
        sshd = Sshd.start(home.resolve("sshd"));
        before = System.getProperty(SshCommand.CONFIG_PROPERTY);
        System.setProperty(SshCommand.CONFIG_PROPERTY, sshd.clientConfig.toString());
        return org.kibitz.core.engines.EngineEntry.of("far", "Far Fairy-Stockfish", List.of(program))
                .withSsh(java.util.Optional.of(new org.kibitz.protocols.ssh.SshTarget("127.0.0.1",
                        java.util.Optional.of(sshd.port()), java.util.Optional.empty(), java.util.Optional.empty(), List.of())));
    }

    private String status(WorkbenchFixture w) {
        return onFx(() -> ((Label) w.robot.lookup("#manager-status").query()).getText());
    }

    private void type(WorkbenchFixture w, String id, String text) {
        runFx(() -> ((TextField) w.robot.lookup(id).query()).setText(text));
    }

    @Test
    void testConnectionAsksAboutAnUnknownComputerAndReportsTheEngineAndTheRoundTrip() throws Exception {
        String stockfish = RealEngines.require("stockfish");
        sshd = Sshd.start(home.resolve("sshd"));
        before = System.getProperty(SshCommand.CONFIG_PROPERTY);
        System.setProperty(SshCommand.CONFIG_PROPERTY, sshd.clientConfig.toString());
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home);
        ui = w.injector.getInstance(EnginesUi.class);
        AtomicReference<String> asked = new AtomicReference<>();
        EngineManagerDialog.setHostKeyQuestion(q -> {
            asked.set(q);
            return false;
        });
        w.fireMenu("menu-engine-manage");
        waitUntil(() -> w.robot.lookup("#engine-manager").tryQuery().isPresent());
        w.robot.clickOn("#engine-add-remote");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onFx(() -> w.robot.lookup("#engine-ssh-host").query().isVisible()), "the ssh fields are shown");
        type(w, "#engine-ssh-host", "127.0.0.1");
        type(w, "#engine-ssh-port", Integer.toString(sshd.port()));
        type(w, "#engine-command", stockfish);

        // Unknown: the fingerprint is shown, the user says no, nothing is trusted or started.
        w.robot.clickOn("#engine-ssh-test");
        waitUntil(() -> status(w).contains("not trusted"));
        String fingerprint = sshd.fingerprint();
        assertTrue(asked.get() != null && asked.get().contains(fingerprint) && asked.get().contains("[127.0.0.1]:" + sshd.port()),
                "the question shows the computer and its fingerprint: " + asked.get());
        assertFalse(Files.exists(sshd.knownHosts), "nothing trusted on no");

        // Yes: added to known_hosts, connected, the engine's name and the round trip reported.
        EngineManagerDialog.setHostKeyQuestion(q -> true);
        w.robot.clickOn("#engine-ssh-test");
        waitUntil(() -> status(w).startsWith("Connected") || status(w).contains("failed") || status(w).contains("could not"));
        String s = status(w);
        assertTrue(s.startsWith("Connected: Stockfish") && s.matches("(?s).*round trip \\d+ ms.*"), s);
        assertTrue(Files.readString(sshd.knownHosts).contains("[127.0.0.1]:" + sshd.port()), "trusted on yes");
        String saved = Files.readString(home.resolve("config").resolve("engines.json"));
        assertTrue(saved.contains("\"ssh\"") && saved.contains("127.0.0.1") && saved.contains(stockfish), saved);
        List<String> left = sshd.awaitNothing(60);
        assertTrue(left.isEmpty(), "the test's engines ended on the other computer: " + left);
    }

    /**
     * An analysis panel whose engine runs on a computer not known yet asks before it connects: on no
     * nothing starts (and nothing is trusted), on yes the key is added and the panel analyses.
     */
    @Test
    void aPanelAsksAboutAnUnknownComputerBeforeItStarts() throws Exception {
        // The window opens on xiangqi: an engine that plays it.
        String stockfish = RealEngines.require("fairy-stockfish");
        var remote = farEngine(stockfish);
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home, remote);
        ui = w.injector.getInstance(EnginesUi.class);
        String panel = onFx(() -> ui.panelIds().get(0));
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        String fingerprint = sshd.fingerprint();
        AtomicReference<String> question = new AtomicReference<>();
        EngineManagerDialog.setHostKeyQuestion(q -> {
            question.set(q);
            asked.incrementAndGet();
            return false;
        });
        runFx(() -> {
            ui.chooseEngine(panel, remote);
            ui.start(panel);
        });
        waitUntil(() -> asked.get() == 1);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(question.get().contains(fingerprint) && question.get().contains("[127.0.0.1]:" + sshd.port()), question.get());
        assertFalse(onFx(() -> ui.service().slot(panel).running()), "nothing started on no");
        assertFalse(Files.exists(sshd.knownHosts), "nothing trusted on no");

        EngineManagerDialog.setHostKeyQuestion(q -> {
            asked.incrementAndGet();
            return true;
        });
        runFx(() -> ui.start(panel));
        long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        while (onFx(() -> ui.service().slot(panel).state().stats().depth().orElse(0)) < 5) {
            assertTrue(System.nanoTime() < until, "the panel analyses after yes: asked " + asked.get() + ", "
                    + onFx(() -> ui.service().slot(panel).state()) + ", log: " + onFx(() -> ui.service().slot(panel).label()));
            Thread.sleep(100);
        }
        assertEquals(2, asked.get());
        assertTrue(Files.readString(sshd.knownHosts).contains("[127.0.0.1]:" + sshd.port()), "trusted on yes");
        // Known now: the next start asks nothing.
        runFx(() -> ui.stop(panel));
        runFx(() -> ui.start(panel));
        waitUntil(() -> onFx(() -> ui.service().slot(panel).running()));
        assertEquals(2, asked.get(), "a known computer is not asked about again");
        runFx(() -> ui.stop(panel));
    }
    /**
     * A match (as a batch or a comparison) with an engine on a computer not known yet asks before its
     * engines start, as a panel does; on no it does not start, says why in the user's words, and trusts
     * nothing (it used to fail later with ssh's "Host key verification failed").
     */
    @Test
    void aMatchAsksAboutAnUnknownComputerBeforeItStartsAndOnNoDoesNotStart() throws Exception {
        String fairy = RealEngines.require("fairy-stockfish");
        var remote = farEngine(fairy);
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home, remote);
        ui = w.injector.getInstance(EnginesUi.class);
        org.kibitz.workbench.match.MatchUi match = w.injector.getInstance(org.kibitz.workbench.match.MatchUi.class);
        AtomicReference<String> question = new AtomicReference<>();
        EngineManagerDialog.setHostKeyQuestion(q -> {
            question.set(q);
            return false;
        });
        org.kibitz.workbench.match.MatchSetup setup = new org.kibitz.workbench.match.MatchSetup("xiangqi",
                List.of("far", org.kibitz.core.engines.EngineEntry.BUILTIN_ID), false, "", "", "300", "", 2, 1, true, "", 0,
                "sequential", "", 1, 60, 0, 0, 0, 0, 0, false, 0, 5, 0.05, 0.05, "", false);
        java.util.concurrent.CompletableFuture<?> started = onFx(() -> match.start(setup));
        java.util.concurrent.ExecutionException failed = org.junit.jupiter.api.Assertions.assertThrows(
                java.util.concurrent.ExecutionException.class, () -> started.get(120, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(question.get() != null && question.get().contains(sshd.fingerprint()), String.valueOf(question.get()));
        String why = String.valueOf(failed.getCause().getMessage());
        assertTrue(why.contains("was not trusted: nothing was started"), why);
        assertFalse(why.contains("Host key verification failed"), why);
        assertFalse(Files.exists(sshd.knownHosts), "nothing trusted on no");
    }
}

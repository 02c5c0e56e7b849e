package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.CliHarness.Run;

/**
 * {@code kibitz analyse} with the built-in engine in each protocol and game it plays, while two
 * CPU-bound processes keep both cores busy: as a process (a JVM start on top of the launcher's own)
 * it missed the recognition wait in 3 of these 5 cases at load 8-10; it now runs in this JVM, and
 * leaves no thread behind.
 */
class CliBuiltinLoadTest {

    private static CliHarness cli;

    @BeforeAll
    static void wire(@TempDir Path home) {
        cli = CliHarness.open(home);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    private static long engineThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && (t.getName().startsWith("engine-kibitz") || t.getName().equals("kibitz-search")))
                .count();
    }

    @Test
    void everyProtocolAndGameAnswersOnABusyMachine() throws Exception {
        List<Process> load = new ArrayList<>();
        int cores = Runtime.getRuntime().availableProcessors();
        for (int i = 0; i < Math.max(2, cores); i++) {
            // Busy loops outside this JVM, as the other work of a loaded machine.
            load.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
        }
        AtomicBoolean spin = new AtomicBoolean(true);
        Thread busy = Thread.ofPlatform().daemon().start(() -> {
            long x = 0;
            while (spin.get()) {
                x += System.nanoTime() % 7;
            }
        });
        long before = engineThreads();
        // Watches for an engine JVM among this JVM's children: there must be none (no JVM start under load).
        java.util.Set<String> engineJvms = java.util.concurrent.ConcurrentHashMap.newKeySet();
        // Java children from the tests before this one (fake engines of an earlier class still ending)
        // are not engines of this test: only children that appear from here on count.
        java.util.Set<Long> earlier = ProcessHandle.current().descendants().map(ProcessHandle::pid)
                .collect(java.util.stream.Collectors.toSet());
        Thread watcher = Thread.ofPlatform().daemon().start(() -> {
            while (spin.get()) {
                // (A JVM's command line is too long for the system to report its main class: any java child counts.)
                ProcessHandle.current().descendants().filter(h -> !earlier.contains(h.pid())).forEach(h -> h.info().command()
                        .filter(c -> c.endsWith("/java")).ifPresent(c -> engineJvms.add(c + " " + h.pid())));
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        try {
            String[][] pairs = {{"uci", "chess"}, {"uci", "xiangqi"}, {"ucci", "xiangqi"}, {"xboard", "chess"}, {"xboard", "xiangqi"}};
            for (String[] p : pairs) {
                Run r = cli.run("analyse", "--engine", "builtin", "--protocol", p[0], "--game", p[1], "--depth", "4", "--no-store");
                assertEquals(0, r.exit(), p[0] + " " + p[1] + ": " + r.err());
                assertTrue(r.last().matches("bestmove [a-i][0-9][a-i][0-9]"), p[0] + " " + p[1] + ": " + r.last());
            }
        } finally {
            spin.set(false);
            busy.join();
            watcher.join();
            load.forEach(Process::destroyForcibly);
        }
        assertEquals(java.util.Set.of(), engineJvms, "the built-in engine ran in this JVM, not as a process");
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (engineThreads() > before && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(before, engineThreads(), "the in-process engines' threads ended with their sessions");
    }
}

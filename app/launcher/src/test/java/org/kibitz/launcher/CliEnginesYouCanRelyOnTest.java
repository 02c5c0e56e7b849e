package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.core.TestGames;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;
import org.kibitz.testing.XiangqiStandIn;

/**
 * Issue 36 on the command line: engines named by their list id on every command, a renamed UCI
 * xiangqi engine found by asking it, and nothing an engine started left running when a command
 * ends, also when it is stopped with SIGINT. Each with two CPU-bound loops beside it (they passed
 * on an idle machine before the loops were added).
 */
class CliEnginesYouCanRelyOnTest {

    /** Two CPU-bound loops beside every check, as the failures were met on a busy machine. */
    private org.kibitz.testing.BusyMachine busy;

    @org.junit.jupiter.api.BeforeEach
    void busyMachine() {
        busy = org.kibitz.testing.BusyMachine.start();
    }

    @org.junit.jupiter.api.AfterEach
    void idleMachine() throws InterruptedException {
        busy.close();
    }

    /** A wrapper as users write them: starts a helper, then becomes the engine; writes the helper's pid to {@code pids}. */
    private static Path wrapper(Path dir, Path pids) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Path w = dir.resolve("wrapped-stockfish");
        Files.writeString(w, "#!/bin/sh\nsleep 1000 &\necho $! >> '" + pids + "'\nexec '" + stockfish + "' \"$@\"\n",
                StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(w, PosixFilePermissions.fromString("rwxr-xr-x"));
        return w;
    }

    /** Runs Kibitz's command line in a JVM of its own, as `./kibitz` does, SIGINT not ignored (see {@link ChildKibitz}). */
    private static Process child(Path home, Path log, String... args) throws Exception {
        return new ProcessBuilder(ChildKibitz.command(home, args)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The helpers whose pids are in {@code pids} that `ps` still lists, after a moment for the system to reap them. */
    private static List<String> survivors(Path pids) throws Exception {
        List<String> alive = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        do {
            alive.clear();
            for (String pid : Files.readAllLines(pids)) {
                if (pid.isBlank()) {
                    continue;
                }
                Process ps = new ProcessBuilder("ps", "-o", "pid=,stat=,args=", "-p", pid.strip()).redirectErrorStream(true).start();
                String out = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                ps.waitFor();
                // A zombie (stat Z) has ended; only its parent has not collected it yet.
                if (!out.isEmpty() && !out.split("\\s+")[1].startsWith("Z")) {
                    alive.add(out);
                }
            }
            if (alive.isEmpty()) {
                return alive;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        for (String a : alive) {
            ProcessHandle.of(Long.parseLong(a.split("\\s+")[0])).ifPresent(ProcessHandle::destroyForcibly);
        }
        return alive;
    }

    /** The threads of a child JVM that did not end, for the failure message; ends it. */
    private static String threadDump(Process q) throws Exception {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(q.pid()), "Thread.print").redirectErrorStream(true).start();
        String dump = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor(1, TimeUnit.MINUTES);
        q.descendants().forEach(ProcessHandle::destroyForcibly);
        q.destroyForcibly();
        return dump;
    }

    @Test
    void analyseLeavesNoHelperBehind(@TempDir Path dir) throws Exception {
        Path pids = dir.resolve("helpers.pid");
        Path w = wrapper(dir, pids);
        Path log = dir.resolve("analyse.log");
        Process p = child(dir.resolve("home"), log, "analyse", "--engine", w.toString(), "--game", "chess", "--depth", "8", "--no-store");
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "analyse did not end");
        assertEquals(0, p.exitValue(), Files.readString(log));
        assertTrue(Files.readString(log).contains("bestmove "), Files.readString(log));
        assertTrue(Files.readAllLines(pids).size() >= 1, "the wrapper ran");
        assertEquals(List.of(), survivors(pids), "helpers left running after analyse");
    }

    @Test
    void evaluateLeavesNoHelperBehindAlsoWhenStoppedWithSigint(@TempDir Path dir) throws Exception {
        Path pids = dir.resolve("helpers.pid");
        Path w = wrapper(dir, pids);
        String file = TestGames.shared("chess/pgn/Capablanca.pgn").toString();
        // A run that completes.
        Path log = dir.resolve("evaluate.log");
        Process p = child(dir.resolve("home"), log, "evaluate", file, "--games", "1", "--engine", w.toString(),
                "--nodes", "1000", "--jobs", "1", "--progress", "none");
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "evaluate did not end");
        assertEquals(0, p.exitValue(), Files.readString(log));
        assertEquals(List.of(), survivors(pids), "helpers left running after evaluate");

        // A long run stopped with SIGINT (Ctrl+C) once its engines are at work.
        Path pids2 = dir.resolve("helpers2.pid");
        Path w2 = wrapper(Files.createDirectories(dir.resolve("w2")), pids2);
        Path log2 = dir.resolve("evaluate2.log");
        Process q = child(dir.resolve("home2"), log2, "evaluate", file, "--games", "1-40", "--engine", w2.toString(),
                "--depth", "14", "--jobs", "2", "--progress", "none");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while ((Files.notExists(pids2) || Files.readAllLines(pids2).size() < 2) && q.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(1500); // the engines searching
        assertTrue(q.isAlive(), "the run ended before it could be stopped: " + Files.readString(log2));
        new ProcessBuilder("kill", "-INT", Long.toString(q.pid())).start().waitFor();
        if (!q.waitFor(2, TimeUnit.MINUTES)) {
            fail("evaluate did not end on SIGINT; its threads:\n" + threadDump(q) + "\nits output:\n" + Files.readString(log2));
        }
        assertEquals(List.of(), survivors(pids2), "helpers left running after SIGINT");
    }

    @Test
    void matchTakesAnIdFromTheEngineList(@TempDir Path dir) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Path home = dir.resolve("home");
        try (CliHarness first = CliHarness.open(home)) {
            first.service(EngineRegistry.class).put(EngineEntry.of("fish-a", "Fish A", List.of(stockfish)));
        }
        // A new command line reads the list from its file, as a new `kibitz match` does.
        try (CliHarness cli = CliHarness.open(home)) {
            Run r = cli.run("match", "--engine", "fish-a", "--engine", "Fish A", "name=Fish B", "--each", "nodes=500",
                    "--games", "2", "--run-id", "by-id");
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().stream().anyMatch(l -> l.startsWith("Score of Fish A vs Fish B")), r.out().toString());
        }
    }

    @Test
    void aRenamedUciXiangqiEngineIsFoundByAskingIt(@TempDir Path dir) throws Exception {
        RealEngines.require("fairy-stockfish");
        GamePlugin xiangqi = TestGames.XIANGQI;
        for (int base : new int[] {0, 1}) {
            try (CliHarness cli = CliHarness.open(dir.resolve("home" + base))) {
                String command = String.join(" ", XiangqiStandIn.command(base).stream().map(a -> "'" + a + "'").toList());
                List<String> probeArgs = new ArrayList<>(List.of("engine", "probe", "--"));
                probeArgs.addAll(XiangqiStandIn.command(base));
                Run probe = cli.run(probeArgs.toArray(String[]::new));
                assertEquals(0, probe.exit(), probe.err());
                assertTrue(probe.out().contains("name " + XiangqiStandIn.NAME), probe.out().toString());
                assertTrue(probe.out().contains("games xiangqi"), probe.out().toString());
                Run analyse = cli.run("analyse", "--engine", command, "--game", "xiangqi", "--depth", "6", "--no-store");
                assertEquals(0, analyse.exit(), analyse.err());
                String best = analyse.last();
                assertTrue(best.startsWith("bestmove "), analyse.out().toString());
                Move m = Move.parseCoordinates(best.substring(9).strip(), xiangqi.coordinateRankBase());
                assertTrue(xiangqi.startPosition().isLegal(m), "ranks from " + base + ": " + best);
            }
        }
    }
}

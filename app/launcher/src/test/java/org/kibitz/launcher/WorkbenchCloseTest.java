package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.testing.RealEngines;

/**
 * Issue 36, "nothing outlives Kibitz", for the workbench: the real entry point in a JVM of its own
 * (headless, under Monocle) analyses with an engine started through a wrapper that starts a helper
 * and then becomes Stockfish; when the window is closed (as the window manager's close button does)
 * or the program is sent SIGTERM (as a session ending does), neither the engine nor the helper is
 * left running.
 */
class WorkbenchCloseTest {

    @TempDir
    Path home;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"close", "term"})
    void nothingAnEngineStartedOutlivesTheWorkbench(String how) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Path pids = home.resolve("pids");
        Path wrapper = home.resolve("wrapped-stockfish");
        // The engine's own pid (the shell becomes Stockfish) and its helper's.
        Files.writeString(wrapper, "#!/bin/sh\nsleep 1000 &\necho $! >> '" + pids + "'\necho $$ >> '" + pids + "'\n"
                + "exec '" + stockfish + "' \"$@\"\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
        var registry = new org.kibitz.core.engines.EngineRegistry(new org.kibitz.core.JsonStore<>(home.resolve("config")
                .resolve("engines.json"), org.kibitz.core.engines.EngineListFile.class),
                new org.kibitz.core.Protocols(java.util.ServiceLoader.load(org.kibitz.api.engine.ProtocolPlugin.class).stream()
                        .map(java.util.ServiceLoader.Provider::get).toList()),
                new org.kibitz.core.engines.EngineDiscovery(List.of(), false));
        registry.load();
        registry.put(new EngineEntry("wrapped", "Wrapped Stockfish", List.of(wrapper.toString()), Optional.empty(),
                Optional.of("uci"), java.util.Set.of("chess"), Optional.empty(), Optional.empty(),
                EngineEntry.Conventions.DETECT, java.util.Map.of(), List.of(), EngineEntry.Timeouts.DEFAULT, false));
        registry.offersAnswered();

        Path out = home.resolve("stdout.txt");
        Path err = home.resolve("stderr.txt");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dkibitz.home=" + home, "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                WorkbenchCloseChild.class.getName(), how, pids.toString(),
                org.kibitz.core.TestGames.shared("chess/pgn/Capablanca.pgn").toString()));
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            // Both pids written: the engine runs (the window is up and its first panel started it).
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (!(Files.exists(pids) && Files.readAllLines(pids).stream().filter(l -> !l.isBlank()).count() >= 2)) {
                assertTrue(p.isAlive(), () -> "the workbench ended: " + read(out) + read(err));
                assertTrue(System.nanoTime() < deadline, () -> "no engine started: " + read(out) + read(err));
                Thread.sleep(100);
            }
            assertTrue(alive(pids).size() == 2, "the engine and its helper run: " + alive(pids));
            if (how.equals("term")) {
                Thread.sleep(2000); // the engine at work
                p.destroy(); // SIGTERM
            }
            assertTrue(p.waitFor(2, TimeUnit.MINUTES), () -> "the workbench did not end: " + read(out) + read(err));
            if (how.equals("close")) {
                assertTrue(read(out).contains("closing"), read(out));
                assertEquals(0, p.exitValue(), read(err));
            }
            assertEquals(List.of(), survivors(pids), "left running after the workbench ended (" + how + ")");
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }

    private static String read(Path f) {
        try {
            return Files.exists(f) ? Files.readString(f) : "";
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    /** The processes of {@code pids} that `ps` lists and that have not ended (a zombie has). */
    private static List<String> alive(Path pids) throws Exception {
        List<String> alive = new ArrayList<>();
        for (String pid : Files.readAllLines(pids)) {
            if (pid.isBlank()) {
                continue;
            }
            Process ps = new ProcessBuilder("ps", "-o", "pid=,stat=,args=", "-p", pid.strip()).redirectErrorStream(true).start();
            String line = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            ps.waitFor();
            if (!line.isEmpty() && !line.split("\\s+")[1].startsWith("Z")) {
                alive.add(line);
            }
        }
        return alive;
    }

    /** {@link #alive} after a moment for the system to reap them; what is left is ended, so no test leaves it. */
    private static List<String> survivors(Path pids) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        List<String> left = alive(pids);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            left = alive(pids);
        }
        for (String a : left) {
            ProcessHandle.of(Long.parseLong(a.split("\\s+")[0])).ifPresent(ProcessHandle::destroyForcibly);
        }
        return left;
    }
}

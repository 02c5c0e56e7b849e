package org.kibitz.engine.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.engine.EngineMain;
import org.kibitz.engine.search.Limits;

/**
 * The built-in engine and what a GUI may get wrong: non-positive limits searched for ever (0 meant "no
 * limit"), and a Hash larger than the heap killed it with OutOfMemoryError.
 */
class LimitsAndMemoryTest {

    @ParameterizedTest
    @ValueSource(strings = {"go depth 0", "go depth -1", "go nodes 0", "go nodes -5", "go movetime 0", "go movetime -3",
            "go wtime -1 btime -1", "go wtime 0 btime 0"})
    void aNonPositiveLimitMovesNowNeverSearchesForEver(String go) throws Exception {
        try (Dialogue d = new Dialogue(Optional.of("uci"))) {
            d.send("uci");
            d.expect("uciok");
            d.send("isready");
            d.expect("readyok");
            d.send("position startpos");
            long t0 = System.nanoTime();
            d.send(go);
            // A search that runs until stopped never answers within the wait.
            d.expect(l -> l.startsWith("bestmove "), java.time.Duration.ofSeconds(3), "bestmove");
            assertTrue((System.nanoTime() - t0) / 1_000_000 < 2000, go + " answered at once");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"go nodes 0", "go nodes -5", "go time -1", "go time 0"})
    void ucciAlike(String go) throws Exception {
        try (Dialogue d = new Dialogue(Optional.of("ucci"))) {
            d.send("ucci");
            d.expect("ucciok");
            d.send("isready");
            d.expect("readyok");
            d.send("position startpos");
            d.send(go);
            d.expect(l -> l.startsWith("bestmove "), java.time.Duration.ofSeconds(3), "bestmove");
        }
    }

    @Test
    void theBuilderTellsMoveNowFromNoLimit() {
        assertEquals(1, Limits.builder().depth(0).build().depth());
        assertTrue(!Limits.builder().nodes(-1).build().infinite());
        assertTrue(Limits.builder().build().infinite(), "no limit at all: until stopped, as UCI engines do");
        assertTrue(Limits.builder().depth(0).infinite(true).build().infinite(), "go infinite depth 0 stays infinite");
    }

    /** A JVM with a 128 MB heap is offered a 2048 MB Hash: it takes what its heap allows, says so, and searches. */
    @Test
    void aHashLargerThanTheHeapIsRefusedWithAMessageNotAnOutOfMemoryError() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"), EngineMain.class.getName(),
                "--protocol", "uci").redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (PrintWriter in = new PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8);
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.println("uci");
            in.println("setoption name Hash value 2048");
            in.println("isready");
            in.println("position startpos");
            in.println("go depth 4");
            for (String l; (l = out.readLine()) != null; ) {
                lines.add(l);
                if (l.startsWith("bestmove")) {
                    break;
                }
            }
            in.println("quit");
        } finally {
            p.waitFor(10, TimeUnit.SECONDS);
            p.destroyForcibly();
        }
        String all = String.join("\n", lines);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("bestmove ")), all);
        String declared = lines.stream().filter(l -> l.startsWith("option name Hash ")).findFirst().orElseThrow();
        int max = Integer.parseInt(declared.substring(declared.lastIndexOf(' ') + 1));
        assertTrue(max < 128, "the Hash offered fits the heap: " + declared);
        assertTrue(all.contains("info string Hash 2048 MB is more than this engine's memory allows: " + max + " MB"), all);
        assertTrue(!all.contains("OutOfMemoryError"), all);
    }
}

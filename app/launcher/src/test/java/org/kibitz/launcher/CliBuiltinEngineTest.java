package org.kibitz.launcher;

import org.kibitz.launcher.CliHarness.Run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kibitz engine run} and {@code kibitz bench engine} as a user runs them: through discovery, Guice and picocli. */
class CliBuiltinEngineTest {

    private static CliHarness cli;

    @BeforeAll
    static void wire(@TempDir Path home) {
        cli = CliHarness.open(home);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    private static Run run(String input, String... args) {
        return cli.runWithInput(input, args);
    }

    @Test
    void engineRunSpeaksUciOnTheConsole() {
        Run r = run("uci\nisready\nposition startpos moves e2e4\ngo depth 3\n", "engine", "run", "--protocol", "uci");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("id name Kibitz engine"), r.out().toString());
        assertTrue(r.out().contains("uciok"));
        assertTrue(r.out().contains("readyok"));
        // The input ends after go: the engine stops the search and still answers it.
        assertTrue(r.out().stream().anyMatch(l -> l.matches("bestmove [a-h][1-8][a-h][1-8].*")), r.out().toString());
    }

    @Test
    void theFirstCommandChoosesTheProtocol() {
        Run r = run("ucci\nquit\n", "engine", "run");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("ucciok"));
        assertEquals("bye", r.out().get(r.out().size() - 1));
    }

    @Test
    void anUnknownProtocolIsRefused() {
        Run r = run("", "engine", "run", "--protocol", "uxi");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("uxi") && r.err().contains("uci, ucci, xboard"), r.err());
    }

    @Test
    void benchEngineMeasuresTheEngineProcess() {
        Run r = run("", "bench", "engine", "--game", "xiangqi", "--depth", "4", "--runs", "1", "--no-peers");
        assertEquals(0, r.exit(), r.err() + r.out());
        assertTrue(r.out().get(0).startsWith("bench engine xiangqi depth 4"), r.out().toString());
        assertTrue(r.out().stream().anyMatch(l -> l.matches("round 1 +kibitz cold +depth  4 in .*")), r.out().toString());
        assertTrue(r.out().stream().anyMatch(l -> l.matches("round 1 +kibitz warm +depth  4 in .*")), r.out().toString());
        assertTrue(r.out().stream().anyMatch(l -> l.startsWith("stop: median ")), r.out().toString());
    }
}

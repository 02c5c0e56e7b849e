package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * {@code kibitz bench evaluate} with Stockfish on one game: it prints its three figures and the processor
 * time this process spends per position, Kibitz's and the bare loop's (no timing is asserted).
 */
class CliBenchEvaluateTest {

    private static CliHarness cli;

    @BeforeAll
    static void wire(@TempDir Path home) {
        cli = CliHarness.open(home);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    @Test
    void printsTheCpuPerPositionOfKibitzAndOfTheBareLoop() {
        String stockfish = RealEngines.require("stockfish");
        Path file = Path.of(System.getProperty("kibitz.testdata"), "chess", "pgn", "WorldChamp1886.pgn");
        Run r = cli.run("bench", "evaluate", "--file", file.toString(), "--engine", stockfish, "--games", "1",
                "--real-games", "1", "--nodes", "200");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().stream().anyMatch(l -> l.startsWith("1. overhead at nodes 1")), r.out().toString());
        Pattern cpu = Pattern.compile("CPU of this process per position: kibitz (\\d+\\.\\d{3}) ms \\((.*)\\);"
                + " bare pipe loop (\\d+\\.\\d{3}) ms \\(.*\\)");
        Matcher m = r.out().stream().map(String::strip).map(cpu::matcher).filter(Matcher::matches).findFirst()
                .orElseThrow(() -> new AssertionError(r.out().toString()));
        assertTrue(Double.parseDouble(m.group(1)) > 0, m.group());
        // The job's own thread did work: it is named among the threads that spent the most.
        assertTrue(m.group(2).contains("kibitz-job"), m.group());
        assertTrue(r.out().stream().anyMatch(l -> l.startsWith("3. scaling:")), r.out().toString());
    }
}

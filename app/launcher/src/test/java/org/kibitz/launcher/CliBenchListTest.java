package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.CliHarness.Run;

/** {@code kibitz bench list}: both ways list the same games, and it prints its figures (no timing is asserted). */
class CliBenchListTest {

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
    void listsAFileBothWaysAndPrintsTheRatios() {
        Path file = Path.of(System.getProperty("kibitz.testdata"), "chess", "pgn", "WorldChamp1886.pgn");
        Run r = cli.run("bench", "list", file.toString(), "--repeat", "3", "--runs", "1", "--warmup", "0");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().get(0).contains("60 games"), r.out().toString());
        assertTrue(r.out().stream().anyMatch(l -> l.startsWith("best list cpu:")), r.out().toString());
        assertTrue(r.out().stream().anyMatch(l -> l.startsWith("best open game 60:")), r.out().toString());
    }

    @Test
    void badNumbersAreRefused() {
        Path file = Path.of(System.getProperty("kibitz.testdata"), "chess", "pgn", "WorldChamp1886.pgn");
        Run r = cli.run("bench", "list", file.toString(), "--runs", "0");
        assertEquals(2, r.exit(), r.out().toString());
    }
}

package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.CliHarness.Run;

/** {@code kibitz bench store} as a user runs it (a small run: the figures are for people, not asserted). */
class CliBenchStoreTest {

    @Test
    void benchStorePrintsInsertsAndLookupsPerSecond(@TempDir Path home) {
        try (CliHarness cli = CliHarness.open(home)) {
            Run r = cli.run("bench", "store", "--rows", "2000", "--lookups", "2000", "--runs", "1");
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().get(0).startsWith("bench store: 2,000 lines"), r.out().toString());
            assertTrue(r.out().stream().anyMatch(l -> l.startsWith("run 1: inserts") && l.contains("4,000 lines found")),
                    r.out().toString());
            assertTrue(r.out().get(r.out().size() - 1).startsWith("best: inserts"), r.out().toString());

            Run bad = cli.run("bench", "store", "--rows", "0");
            assertEquals(2, bad.exit());
            assertTrue(bad.err().contains("--rows"), bad.err());
        }
    }
}

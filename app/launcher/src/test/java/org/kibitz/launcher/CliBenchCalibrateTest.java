package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/** {@code kibitz bench calibrate} as a user runs it, on a small sample of real games with a real engine. */
class CliBenchCalibrateTest {

    @Test
    void calibrateOnWorldChampionship1886WithStockfish(@TempDir Path home) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Path file = Path.of(System.getProperty("kibitz.testdata"), "chess", "pgn", "WorldChamp1886.pgn");
        Path csv = home.resolve("k.csv");
        try (CliHarness cli = CliHarness.open(home)) {
            String[] args = {"bench", "calibrate", file.toString(), "--game", "chess", "--engine", stockfish, "--nodes", "2000",
                    "--sample", "6", "--jobs", "2", "--bootstrap", "20", "--progress", "none", "--csv", csv.toString()};
            Run r = cli.run(args);
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().get(0).startsWith("20 games read from 1 file(s), 20 chess games with a result"), r.out().toString());
            String last = r.last();
            assertTrue(last.matches("k 0\\.\\d{8} low \\d\\.\\d{8} high \\d\\.\\d{8} n \\d+"), last);
            double k = Double.parseDouble(last.split(" ")[1]);
            // Stockfish's scale on master games: near lichess's 0.0037, surely within a factor of 3 of it.
            assertTrue(k > 0.0012 && k < 0.011, last);
            List<String> rows = Files.readAllLines(csv);
            assertEquals("source,game,ply,cp,score", rows.get(0));
            int n = Integer.parseInt(last.substring(last.lastIndexOf(' ') + 1));
            assertEquals(n + 1, rows.size());
            assertTrue(n > 100 && n <= 120, "positions " + n);

            // Node-limited, single-threaded searches: the same run gives the same positions and scores.
            Files.move(csv, home.resolve("first.csv"));
            Run again = cli.run(args);
            assertEquals(0, again.exit(), again.err());
            assertEquals(Files.readAllLines(home.resolve("first.csv")), Files.readAllLines(csv));
            assertEquals(last, again.last());

            Run bad = cli.run("bench", "calibrate", file.toString(), "--game", "chess", "--engine", stockfish, "--nodes", "0");
            assertEquals(2, bad.exit());
        }
    }
}

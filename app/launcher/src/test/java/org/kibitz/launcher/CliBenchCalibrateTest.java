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

    /**
     * Issue 39: {@code --save} keeps the fitted k with the engine in engines.json, and {@code evaluate} then
     * judges that engine's moves with it and names it (stdout's model line, the CSV's win_model, the PGN's
     * KibitzJudge); before, the built-in engine's own fit of docs/calibration.md; a k given with --judge wins.
     * With a second engine, each has its own model line and player table.
     */
    @Test
    void savedKIsWhatEvaluateJudgesTheEngineWith(@TempDir Path home) throws Exception {
        Path file = Path.of(System.getProperty("kibitz.testdata"), "chess", "pgn", "WorldChamp1886.pgn");
        String stockfish = RealEngines.require("stockfish");
        try (CliHarness cli = CliHarness.open(home)) {
            Run before = cli.run("evaluate", file.toString(), "--games", "1", "--engine", "kibitz", "--nodes", "300",
                    "--progress", "none");
            assertEquals(0, before.exit(), before.err());
            String builtinLine = modelLine(before, "Kibitz engine");
            assertTrue(builtinLine.contains("built-in engine's fit"), builtinLine);

            Run fit = cli.run("bench", "calibrate", file.toString(), "--game", "chess", "--engine", "kibitz", "--nodes", "300",
                    "--sample", "6", "--bootstrap", "0", "--progress", "none", "--save");
            assertEquals(0, fit.exit(), fit.err());
            double k = Double.parseDouble(fit.last().split(" ")[1]);
            assertTrue(fit.out().stream().anyMatch(l -> l.startsWith("saved k = ") && l.contains("(chess, nodes 300)")), fit.out().toString());
            Path list;
            try (var files = Files.walk(home)) {
                list = files.filter(p -> p.getFileName().toString().equals("engines.json")).findFirst().orElseThrow();
            }
            String json = Files.readString(list);
            java.util.regex.Matcher saved = java.util.regex.Pattern.compile("\"chess\"\\s*:\\s*\\{[^}]*\"k\"\\s*:\\s*([0-9.Ee-]+)")
                    .matcher(json);
            assertTrue(saved.find(), json);
            double kept = Double.parseDouble(saved.group(1));
            assertEquals(k, kept, 1e-8);
            String kText = new java.math.BigDecimal(Double.toString(kept)).stripTrailingZeros().toPlainString();

            Path csv = home.resolve("judged.csv");
            Path pgn = home.resolve("judged.pgn");
            Run after = cli.run("evaluate", file.toString(), "--games", "1", "--engine", "kibitz", "--nodes", "300",
                    "--progress", "none", "--csv", csv.toString(), "--out", pgn.toString());
            assertEquals(0, after.exit(), after.err());
            String line = modelLine(after, "Kibitz engine");
            assertTrue(line.contains("@nodes=300 k=" + kText + " (fitted to this engine by bench calibrate at nodes 300"), line);
            List<String> rows = Files.readAllLines(csv);
            assertTrue(rows.get(0).endsWith(",engine,win_model,opening"), rows.get(0));
            assertTrue(rows.get(1).endsWith("@nodes=300 k=" + kText), rows.get(1));
            assertTrue(Files.readString(pgn).contains("[KibitzJudge \"lichess* k=" + kText + " "), Files.readString(pgn));

            Run given = cli.run("evaluate", file.toString(), "--games", "1", "--engine", "kibitz", "--nodes", "300",
                    "--progress", "none", "--judge", "k=0.005");
            assertEquals(0, given.exit(), given.err());
            assertTrue(modelLine(given, "Kibitz engine").contains("k=0.005 (set with --judge)"), given.out().toString());

            Run two = cli.run("evaluate", file.toString(), "--games", "1", "--engine", "kibitz", "--engine", stockfish,
                    "--nodes", "300", "--progress", "none");
            assertEquals(0, two.exit(), two.err());
            assertTrue(modelLine(two, "Kibitz engine").contains("k=" + kText), two.out().toString());
            assertTrue(modelLine(two, "stockfish").contains("lichess k=0.00368208 (the judgement model's own"), two.out().toString());
            assertTrue(two.out().contains("Kibitz engine:") && two.out().contains("stockfish:"), two.out().toString());
        }
    }

    private static String modelLine(Run r, String engine) {
        return r.out().stream().filter(l -> l.startsWith("model " + engine + ": ")).findFirst()
                .orElseThrow(() -> new AssertionError("no model line for " + engine + ": " + r.out()));
    }
}

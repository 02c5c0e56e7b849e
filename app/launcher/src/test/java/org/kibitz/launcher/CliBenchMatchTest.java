package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * {@code kibitz bench match} as a user runs it without fastchess: a tiny match of Stockfish against
 * itself (two games, one opening with colours swapped) through our runner alone; the printed lines
 * are checked, the figures are for people.
 */
class CliBenchMatchTest {

    private static final Pattern OURS = Pattern.compile("kibitz +2 games in [0-9.]+ s: [0-9.]+ games/min; time forfeits (\\d+);"
            + " sf1 W-L-D (\\d+)-(\\d+)-(\\d+); [0-9.]+ plies/game \\(PlyCount\\); CPU [0-9.]+ s/game \\([0-9.]+ s in all;"
            + " JVM process, engines not included\\)");

    @Test
    void benchMatchWithoutFastchessMeasuresOursAloneAndSaysSo(@TempDir Path home) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Path openings = Files.writeString(home.resolve("openings.pgn"),
                "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n\n");
        Path out = home.resolve("out");
        try (CliHarness cli = CliHarness.open(home)) {
            Run r = cli.run("bench", "match", "--engine", stockfish, "--games", "2", "--tc", "0.5+0.01",
                    "--openings", openings.toString(), "--out", out.toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().get(0).startsWith("bench match: " + stockfish + " twice (Threads=1 Hash=16), 2 games,"
                    + " tc=0.5+0.01 timemargin=100 ms, concurrency 2, openings openings.pgn plies 8 sequential"), r.out().toString());
            assertTrue(r.out().contains("kibitz: 2/2 games"), r.out().toString());
            Matcher m = r.out().stream().map(OURS::matcher).filter(Matcher::matches).findFirst()
                    .orElseThrow(() -> new AssertionError(r.out().toString()));
            int forfeits = Integer.parseInt(m.group(1));
            int games = Integer.parseInt(m.group(2)) + Integer.parseInt(m.group(3)) + Integer.parseInt(m.group(4));
            assertEquals(2, games, "every game is one of sf1's wins, losses or draws");
            assertEquals(forfeits, (int) r.out().stream().filter(l -> l.startsWith("  time forfeit: ")).count());
            assertEquals("fastchess: not run (no --fastchess PATH): Kibitz measured alone", r.last());
            // Where our CPU went: the threads by kind, parts that add up to the whole.
            String prefix = "kibitz    CPU by thread, per game: ";
            String byThread = r.out().stream().filter(l -> l.startsWith(prefix)).findFirst()
                    .orElseThrow(() -> new AssertionError(r.out().toString())).substring(prefix.length());
            Matcher whole = Pattern.compile("([0-9.]+) s \\((.*)\\)(?:; in the kernel ([0-9.]+))?").matcher(byThread);
            assertTrue(whole.matches(), byThread);
            double sum = 0;
            java.util.Map<String, Double> parts = new java.util.LinkedHashMap<>();
            for (String part : whole.group(2).split(", ")) {
                int space = part.lastIndexOf(' ');
                parts.put(part.substring(0, space), Double.parseDouble(part.substring(space + 1)));
                sum += Double.parseDouble(part.substring(space + 1));
            }
            assertEquals(Double.parseDouble(whole.group(1)), sum, 0.0001 * parts.size(), byThread);
            assertTrue(parts.containsKey("kibitz-job") && parts.keySet().stream().anyMatch(k -> k.endsWith("-out")),
                    "the games' threads and the engines' readers: " + byThread);
            if (Files.isDirectory(Path.of("/proc/self/task"))) {
                // Linux names the JVM's own threads: the rest is no longer "other threads, JIT and GC".
                assertTrue(parts.containsKey("other threads") && whole.group(3) != null, byThread);
            }
            String pgn = Files.readString(out.resolve("kibitz.pgn"));
            assertEquals(2, pgn.split("\\[Event \"Kibitz bench match\"\\]", -1).length - 1, pgn);
            String flat = pgn.replaceAll("\\s+", " ");
            assertTrue(flat.contains("4. Ba4 {book} 4... Nf6 {book} 5. ") && !flat.contains("5. O-O {book}"),
                    "the opening's first 8 plies are the book: " + pgn);

            Run bad = cli.run("bench", "match", "--games", "3");
            assertEquals(2, bad.exit());
            assertTrue(bad.err().contains("--games must be an even number"), bad.err());
        }
    }
}

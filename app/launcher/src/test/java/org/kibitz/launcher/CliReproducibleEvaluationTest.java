package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.TestGames;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * Issue 39: a position's evaluation depends on the position, the engine and the limit, not on what
 * was searched before it. Six real games are evaluated at a node limit five ways, each in a store of
 * its own unless said: whole with one job; as shards 0/2 and 1/2 with two jobs, merged; games 1-3 and
 * then games 4-6 into the same store (positions the second run meets were searched in the first,
 * in other games); and the six games in reverse order with two jobs. Every evaluation column of every
 * move (all but the engine's time) is the same in all of them.
 *
 * <p>With the hash carried from search to search within a game (before decision 0026) the
 * third way differed: the start position and the shared opening came from the store, searched in
 * another game's context.
 */
class CliReproducibleEvaluationTest {

    /** The columns that must agree: everything but where the row comes from and the engine's time. */
    private static final List<String> EVAL_COLUMNS = List.of("ply", "side", "move_coord", "eval_before", "eval_after",
            "best_coord", "second_before", "win_loss", "judgement", "accuracy", "depth", "nodes", "engine");

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "stockfish, chess/pgn/WorldChamp1886.pgn",
        "fairy-stockfish, xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn",
    })
    void theEvalColumnsDoNotDependOnHowTheFileWasCut(String engine, String source, @TempDir Path dir) throws Exception {
        String command = RealEngines.require(engine);
        List<String> games = firstGames(TestGames.shared(source), 6);
        Path six = Files.writeString(dir.resolve("six.pgn"), String.join("", games), StandardCharsets.UTF_8);
        List<String> reversed = new ArrayList<>(games);
        Collections.reverse(reversed);
        Path backwards = Files.writeString(dir.resolve("backwards.pgn"), String.join("", reversed), StandardCharsets.UTF_8);

        Map<String, List<String>> whole = rows(evaluate(dir, "whole", command, six, "--jobs", "1"), g -> g);

        evaluate(dir, "shard0", command, six, "--jobs", "2", "--shard", "0/2", "--out", dir.resolve("s0.pgn").toString());
        evaluate(dir, "shard1", command, six, "--jobs", "2", "--shard", "1/2", "--out", dir.resolve("s1.pgn").toString());
        Path merged = dir.resolve("merged.csv");
        try (CliHarness cli = CliHarness.open(dir.resolve("merge-home"))) {
            Run m = cli.run("merge", "--out", dir.resolve("merged.pgn").toString(), "--csv", merged.toString(),
                    dir.resolve("s0.pgn").toString(), dir.resolve("s1.pgn").toString());
            assertEquals(0, m.exit(), m.err());
        }
        assertEquals(whole, rows(merged, g -> g), "whole against shards 0/2 + 1/2 merged");

        Path filled = dir.resolve("filled");
        evaluate(dir, filled, "first-half", command, six, "--jobs", "1", "--games", "1-3");
        Path secondHalf = evaluate(dir, filled, "second-half", command, six, "--jobs", "2", "--games", "4-6");
        Map<String, List<String>> later = rows(secondHalf, g -> g);
        assertEquals(3, later.keySet().stream().map(k -> k.split(":")[0]).distinct().count());
        Map<String, List<String>> wholeLater = new TreeMap<>(whole);
        wholeLater.keySet().removeIf(k -> Integer.parseInt(k.split(":")[0]) <= 3);
        assertEquals(wholeLater, later, "games 4-6 into a store that holds games 1-3 against the whole run");

        assertEquals(whole, rows(evaluate(dir, "backwards", command, backwards, "--jobs", "2"), g -> 7 - g),
                "the games in reverse order");
    }

    private static Path evaluate(Path dir, String name, String engine, Path file, String... more) {
        return evaluate(dir, dir.resolve(name + "-home"), name, engine, file, more);
    }

    /** {@code kibitz evaluate} at 3,000 nodes into {@code <name>.csv}, with the store of {@code home}. */
    private static Path evaluate(Path dir, Path home, String name, String engine, Path file, String... more) {
        Path csv = dir.resolve(name + ".csv");
        List<String> args = new ArrayList<>(List.of("evaluate", file.toString(), "--engine", engine, "--nodes", "3000",
                "--progress", "none", "--csv", csv.toString()));
        args.addAll(List.of(more));
        try (CliHarness cli = CliHarness.open(home)) {
            Run r = cli.run(args.toArray(String[]::new));
            assertEquals(0, r.exit(), name + ": " + r.err());
        }
        return csv;
    }

    /** The first {@code n} games of a PGN file, as text, each ending with a blank line. */
    static List<String> firstGames(Path pgn, int n) throws Exception {
        String text = Files.readString(pgn, StandardCharsets.UTF_8).replace("\r\n", "\n");
        List<String> out = new ArrayList<>();
        int at = text.indexOf("[Event ");
        while (at >= 0 && out.size() < n) {
            int next = text.indexOf("\n[Event ", at + 1);
            out.add((next < 0 ? text.substring(at) : text.substring(at, next + 1)).stripTrailing() + "\n\n");
            at = next < 0 ? -1 : next + 1;
        }
        assertEquals(n, out.size(), pgn + " has " + n + " games");
        return out;
    }

    /** The cells of one CSV record (RFC 4180: quoted cells, {@code ""} for a quote; no line breaks in cells here). */
    static String[] cells(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString());
        return out.toArray(String[]::new);
    }

    /** The evaluation columns of each row of a CSV, keyed by {@code game:ply} with the game renumbered. */
    static Map<String, List<String>> rows(Path csv, IntUnaryOperator game) throws Exception {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> header = List.of(lines.get(0).split(",", -1));
        Map<String, List<String>> out = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            // RFC 4180: an opening's name ("Ruy Lopez: Berlin Defense, Rio Gambit Accepted") is quoted.
            String[] cells = cells(line);
            assertEquals(header.size(), cells.length, "a cell for each column: " + line);
            List<String> kept = new ArrayList<>();
            for (String c : EVAL_COLUMNS) {
                kept.add(cells[header.indexOf(c)]);
            }
            int g = game.applyAsInt(Integer.parseInt(cells[header.indexOf("game")]));
            out.put(g + ":" + String.format("%04d", Integer.parseInt(cells[header.indexOf("ply")])), kept);
        }
        assertTrue(out.size() > 100, csv + " has rows");
        return out;
    }
}

package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.TestGames;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * {@code kibitz merge} as a user runs it, on the parts of a real batch: six of Capablanca's games
 * evaluated by Stockfish at 300 nodes with {@code kibitz evaluate}, once whole and once as shards 0/3,
 * 1/3 and 2/3, then merged. The merged PGN is the whole run's byte for byte;
 * the CSV and JSONL are too once the engine's own search time is left out.
 */
class CliMergeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static CliHarness cli;
    private static Path input;
    private static String stockfish;

    @TempDir
    static Path dir;

    @BeforeAll
    static void wire(@TempDir Path home) {
        stockfish = RealEngines.require("stockfish");
        cli = CliHarness.open(home);
        input = TestGames.shared("chess/pgn/Capablanca.pgn");
        evaluate("whole", "0/1", 300);
        for (int i = 0; i < 3; i++) {
            evaluate("part-" + i, i + "/3", 300);
        }
    }

    @AfterAll
    static void close() {
        if (cli != null) {
            cli.close();
        }
    }

    /**
     * {@code kibitz evaluate} of games 1-6 into {@code <name>.pgn/.csv/.jsonl} with a manifest beside the
     * PGN: no analysis store (each run on its own), two searches at once.
     */
    static void evaluate(String name, String shard, long nodes) {
        Run r = cli.run("evaluate", input.toString(), "--engine", stockfish, "--nodes", Long.toString(nodes), "--games", "1-6",
                "--jobs", "2", "--no-store", "--fresh", "--progress", "none", "--shard", shard,
                "--out", at(name + ".pgn").toString(), "--csv", at(name + ".csv").toString(), "--jsonl", at(name + ".jsonl").toString());
        assertEquals(0, r.exit(), r.err());
    }

    private static Path at(String name) {
        return dir.resolve(name);
    }

    private static List<String> parts() {
        return List.of(at("part-2.pgn").toString(), at("part-0.pgn").toString(), at("part-1.pgn").toString());
    }

    private static Run merge(String name, List<String> parts, String... more) {
        List<String> args = new ArrayList<>(List.of("merge", "--out", at(name + ".pgn").toString(), "--csv",
                at(name + ".csv").toString(), "--jsonl", at(name + ".jsonl").toString()));
        args.addAll(Arrays.asList(more));
        args.addAll(parts);
        return cli.run(args.toArray(String[]::new));
    }

    /** The CSV's lines without their {@code time_ms} column, the one value that differs between runs. */
    static List<String> csvWithoutTime(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        int column = List.of(lines.get(0).split(",", -1)).indexOf("time_ms");
        assertTrue(column > 0, "the CSV has a time_ms column: " + lines.get(0));
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            // No field before time_ms holds a quoted comma in these games; a mismatch would show here.
            List<String> cells = new ArrayList<>(List.of(line.split(",", -1)));
            cells.remove(column);
            out.add(String.join(",", cells));
        }
        return out;
    }

    static List<JsonNode> jsonlWithoutTime(Path jsonl) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(jsonl, StandardCharsets.UTF_8)) {
            ObjectNode o = (ObjectNode) JSON.readTree(line);
            assertTrue(o.has("time_ms"), line);
            o.remove("time_ms");
            out.add(o);
        }
        return out;
    }

    @Test
    void shardsOfARealBatchMergeIntoTheWholeRunsFiles() throws Exception {
        Run r = merge("merged", parts());
        assertEquals(0, r.exit(), r.err());
        byte[] whole = Files.readAllBytes(at("whole.pgn"));
        assertTrue(new String(whole, StandardCharsets.UTF_8).contains("[%eval "), "the PGN is annotated");
        assertArrayEquals(whole, Files.readAllBytes(at("merged.pgn")), "the merged PGN is the whole run's, byte for byte");
        List<String> csv = csvWithoutTime(at("whole.csv"));
        assertTrue(csv.size() > 6 * 40, "a row per judged move: " + csv.size());
        assertEquals(csv, csvWithoutTime(at("merged.csv")));
        assertEquals(jsonlWithoutTime(at("whole.jsonl")), jsonlWithoutTime(at("merged.jsonl")));

        JsonNode one = JSON.readTree(at("whole.pgn.manifest.json").toFile());
        JsonNode merged = JSON.readTree(at("merged.pgn.manifest.json").toFile());
        assertEquals("0/1", one.get("shard").asText());
        assertEquals("all", merged.get("shard").asText());
        assertEquals(one.get("counts"), merged.get("counts"), "the parts' counts add up to the whole run's");
        JsonNode c = one.get("counts");
        assertEquals("games " + c.get("games") + " positions " + c.get("positions") + " evaluated " + c.get("evaluated")
                + " cached " + c.get("cached") + " failed " + c.get("failed"), r.last());
        assertEquals("games 6", r.last().substring(0, 7));
        for (String field : List.of("inputs", "engines", "limits", "selection", "judge")) {
            assertEquals(one.get(field), merged.get(field), field);
        }
        List<Integer> ordinals = new ArrayList<>();
        merged.get("games").forEach(g -> ordinals.add(g.get("ordinal").asInt()));
        assertEquals(List.of(0, 1, 2, 3, 4, 5), ordinals);
        assertEquals(one.get("games").get(4).get("out"), merged.get("games").get(4).get("out"),
                "a game's slice of the merged PGN is where the whole run has it");
    }

    @Test
    void aMissingShardIsRefusedWithNothingWrittenUnlessThePartialMergeIsAskedFor() throws Exception {
        Run r = merge("missing", List.of(at("part-0.pgn").toString(), at("part-2.pgn").toString()));
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("not merged: shards missing: 1/3 (of 3)"), r.err());
        assertFalse(Files.exists(at("missing.pgn")));
        assertFalse(Files.exists(at("missing.pgn.manifest.json")));

        Run partial = merge("partial", List.of(at("part-0.pgn").toString(), at("part-2.pgn").toString()), "--partial");
        assertEquals(0, partial.exit(), partial.err());
        assertTrue(partial.err().contains("merged without shards 1/3"), partial.err());
        assertEquals("0,2/3", JSON.readTree(at("partial.pgn.manifest.json").toFile()).get("shard").asText());
        assertTrue(partial.last().startsWith("games 4 "), partial.last());
    }

    @Test
    void aShardOfAnotherLimitIsRefusedNamingTheLimitsAndBothParts() throws Exception {
        evaluate("other-1", "1/3", 200);
        Run r = merge("mixed", List.of(at("part-0.pgn").toString(), at("other-1.pgn").toString(), at("part-2.pgn").toString()));
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("the parts " + at("part-0.pgn") + " and " + at("other-1.pgn")
                + " are not from one batch: their limits differ (\"nodes=300 multipv=1\" against \"nodes=200 multipv=1\")"), r.err());
        assertFalse(Files.exists(at("mixed.pgn")));
    }

    @Test
    void aShardGivenTwiceIsRefused() {
        Run r = merge("twice", List.of(at("part-0.pgn").toString(), at("part-1.pgn").toString(), at("part-1.pgn").toString(),
                at("part-2.pgn").toString()));
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("shard 1/3 is given twice: " + at("part-1.pgn") + " and " + at("part-1.pgn")), r.err());
    }

    @Test
    void aMergeWithoutAnOutputIsAUsageError() {
        Run r = cli.run("merge", at("part-0.pgn").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("give at least one of --out, --csv and --jsonl"), r.err());
    }
}

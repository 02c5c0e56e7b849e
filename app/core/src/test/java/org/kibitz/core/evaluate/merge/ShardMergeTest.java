package org.kibitz.core.evaluate.merge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge on outputs made here the way {@code kibitz evaluate} lays them out (whole games one
 * after the other, a CSV header line first, a manifest with each game's slices): the parts of any
 * shard count merge into the bytes of the whole, and every kind of disagreement is refused with
 * nothing written.
 */
class ShardMergeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CSV_HEADER = "game,ply,side,move,move_coord,eval_before,eval_after,best_coord,win_loss,judgement,accuracy,depth,nodes,time_ms,engine\n";
    private static final int GAMES = 10;

    @TempDir
    Path dir;

    /** Game {@code k}'s bytes in each output: a different length for each, non-ASCII in some, no CSV rows for game 4 (broken). */
    private static String pgn(int k) {
        return "[Event \"Game " + k + "\"]\n[White \"W" + k + "\"]\n[Black \"黑" + k + "\"]\n\n1. e4 { [%eval 0.3" + k
                + "] } e5 ".repeat(1 + k % 3) + "*\n\n";
    }

    private static String csv(int k) {
        if (k == 4) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (int ply = 1; ply <= 1 + k % 4; ply++) {
            b.append(k + 1).append(',').append(ply).append(",white,e4,e2e4,0.20,0.3").append(k).append(",e2e4,0.0,,100.0,10,300,")
                    .append(ply * 7 + k).append(",Stockfish 15.1\n");
        }
        return b.toString();
    }

    private static String jsonl(int k) {
        return k == 4 ? "" : "{\"game\":" + (k + 1) + ",\"ply\":1,\"move\":\"炮二平五\"}\n";
    }

    /** What a shard's manifest has besides its games, so tests can change one field. */
    private static ObjectNode batch() {
        ObjectNode m = JSON.createObjectNode();
        m.put("format", "kibitz-evaluate-manifest");
        m.put("version", 1);
        m.putArray("inputs").addObject().put("name", "Capablanca.pgn").put("sha256", "ab".repeat(32));
        m.putArray("engines").add("Stockfish 15.1|Threads=1|NODES=300");
        m.put("limits", "nodes=300 multipv=1");
        m.put("selection", "games=1-10;fromPly=1;side=both;player=");
        m.put("judge", "lichess");
        return m;
    }

    /**
     * Writes the outputs of a run of the games {@code takes} selects, with {@code shard}, as
     * {@code name.pgn/.csv/.jsonl} and {@code name.pgn.manifest.json}; {@code edit} changes the
     * manifest before it is written. Returns the PGN.
     */
    private Path run(String name, String shard, IntPredicate takes, Consumer<ObjectNode> edit) throws IOException {
        Map<OutputKind, ByteArrayOutputStream> bytes = new EnumMap<>(OutputKind.class);
        for (OutputKind k : OutputKind.values()) {
            bytes.put(k, new ByteArrayOutputStream());
        }
        bytes.get(OutputKind.CSV).writeBytes(CSV_HEADER.getBytes(StandardCharsets.UTF_8));
        ObjectNode m = batch();
        m.put("shard", shard);
        ArrayNode games = JSON.createArrayNode();
        long positions = 0;
        long cached = 0;
        int count = 0;
        for (int k = 0; k < GAMES; k++) {
            if (!takes.test(k)) {
                continue;
            }
            ObjectNode g = games.addObject();
            g.put("ordinal", k);
            g.put("file", "Capablanca.pgn");
            g.put("game", k + 1);
            g.put("white", "W" + k);
            g.put("black", "黑" + k);
            for (OutputKind kind : OutputKind.values()) {
                String text = switch (kind) {
                    case OUT -> pgn(k);
                    case CSV -> csv(k);
                    case JSONL -> jsonl(k);
                };
                byte[] b = text.getBytes(StandardCharsets.UTF_8);
                g.putArray(kind.key()).add(bytes.get(kind).size()).add(b.length);
                bytes.get(kind).writeBytes(b);
            }
            g.putObject("white_stats").put("accuracy", 90.5 - k);
            positions += 1 + k % 4;
            cached += k % 5 == 0 ? 1 : 0;
            count++;
        }
        m.putObject("counts").put("games", count).put("positions", positions).put("evaluated", positions - cached)
                .put("cached", cached).put("failed", 0);
        ObjectNode outputs = m.putObject("outputs");
        ObjectNode sha = m.putObject("sha256");
        Map<OutputKind, String> ext = Map.of(OutputKind.OUT, ".pgn", OutputKind.CSV, ".csv", OutputKind.JSONL, ".jsonl");
        for (OutputKind kind : OutputKind.values()) {
            Path f = dir.resolve(name + ext.get(kind));
            Files.write(f, bytes.get(kind).toByteArray());
            outputs.put(kind.key(), f.getFileName().toString());
            sha.put(kind.key(), ShardMerge.sha256(f));
        }
        outputs.put("csv_header_bytes", CSV_HEADER.length());
        m.set("games", games);
        edit.accept(m);
        Path pgn = dir.resolve(name + ".pgn");
        Files.write(PartManifest.manifestOf(pgn), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(m));
        return pgn;
    }

    private Path whole() throws IOException {
        return run("whole", "0/1", k -> true, m -> { });
    }

    private List<Path> shards(int n) throws IOException {
        List<Path> parts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int index = i;
            parts.add(run("part-" + i + "-of-" + n, i + "/" + n, k -> k % n == index, m -> { }));
        }
        return parts;
    }

    private Map<OutputKind, Path> targets(String name) {
        Map<OutputKind, Path> t = new EnumMap<>(OutputKind.class);
        t.put(OutputKind.OUT, dir.resolve(name + ".pgn"));
        t.put(OutputKind.CSV, dir.resolve(name + ".csv"));
        t.put(OutputKind.JSONL, dir.resolve(name + ".jsonl"));
        return t;
    }

    private ShardMerge.Result merge(List<Path> parts, String name, boolean partial) throws IOException {
        return ShardMerge.merge(new ShardMerge.Request(parts, targets(name), partial));
    }

    private void assertSameBytes(Path expected, Path actual) throws IOException {
        assertArrayEquals(Files.readAllBytes(expected), Files.readAllBytes(actual), actual + " differs from " + expected);
    }

    @Test
    void partsOfAnyShardCountGivenInAnyOrderMergeIntoTheBytesOfTheWholeRun() throws IOException {
        Path whole = whole();
        for (int n : new int[] {1, 2, 3, 4, 12}) {
            List<Path> parts = new ArrayList<>(shards(n));
            java.util.Collections.reverse(parts);
            ShardMerge.Result r = merge(parts, "merged-" + n, false);
            assertSameBytes(whole, dir.resolve("merged-" + n + ".pgn"));
            assertSameBytes(dir.resolve("whole.csv"), dir.resolve("merged-" + n + ".csv"));
            assertSameBytes(dir.resolve("whole.jsonl"), dir.resolve("merged-" + n + ".jsonl"));
            assertEquals("all", r.shard().toString());
            assertTrue(r.missing().isEmpty());
        }
    }

    @Test
    void theMergedManifestHasTheWholeRunsGamesSlicesAndCountsAndDescribesTheMergedFiles() throws IOException {
        Path whole = whole();
        ShardMerge.Result r = merge(shards(3), "merged", false);
        JsonNode one = JSON.readTree(PartManifest.manifestOf(whole).toFile());
        JsonNode merged = JSON.readTree(r.manifest().toFile());
        assertEquals(dir.resolve("merged.pgn.manifest.json"), r.manifest());
        assertEquals(one.get("games"), merged.get("games"), "the same games with the same slices, in ordinal order");
        assertEquals(one.get("counts"), merged.get("counts"), "counts are the parts' sums");
        assertEquals("all", merged.get("shard").asText());
        for (String f : ShardMerge.AGREED) {
            assertEquals(one.get(f), merged.get(f), f);
        }
        assertEquals("merged.csv", merged.path("outputs").path("csv").asText());
        assertEquals(one.path("outputs").path("csv_header_bytes"), merged.path("outputs").path("csv_header_bytes"));
        assertEquals(ShardMerge.sha256(dir.resolve("merged.csv")), merged.path("sha256").path("csv").asText());
        assertEquals("games 10 positions 23 evaluated 21 cached 2 failed 0", r.summaryLine());
        // The merged result is itself a part: a merge of it alone gives it back.
        ShardMerge.Result again = ShardMerge.merge(new ShardMerge.Request(List.of(dir.resolve("merged.pgn")),
                Map.of(OutputKind.OUT, dir.resolve("again.pgn")), false));
        assertSameBytes(whole, dir.resolve("again.pgn"));
        assertEquals("all", again.shard().toString());
    }

    @Test
    void onlyTheOutputsAskedForAreMergedAndTheManifestListsOnlyThose() throws IOException {
        Path whole = whole();
        ShardMerge.Result r = ShardMerge.merge(new ShardMerge.Request(shards(2),
                Map.of(OutputKind.CSV, dir.resolve("only.csv")), false));
        assertSameBytes(dir.resolve("whole.csv"), dir.resolve("only.csv"));
        assertFalse(Files.exists(dir.resolve("only.pgn")));
        JsonNode m = JSON.readTree(r.manifest().toFile());
        assertEquals(dir.resolve("only.csv.manifest.json"), r.manifest());
        assertTrue(m.get("outputs").get("out").isNull());
        assertEquals("only.csv", m.get("outputs").get("csv").asText());
        assertTrue(m.get("sha256").get("jsonl").isNull());
        assertEquals(CSV_HEADER.length(), m.get("outputs").get("csv_header_bytes").asInt(), "facts of the outputs are kept");
        assertFalse(m.get("games").get(0).has("out"));
        assertTrue(Files.exists(whole));
    }

    @Test
    void aPartialMergeNamesTheShardsItHoldsAndTheMissingOneCompletesItLater() throws IOException {
        whole();
        List<Path> parts = shards(3);
        MergeException e = assertThrows(MergeException.class, () -> merge(List.of(parts.get(0), parts.get(2)), "m", false));
        assertEquals("shards missing: 1/3 (of 3); give every part, or merge with --partial", e.text().render(Locale.ROOT));
        assertNothingWritten("m");

        ShardMerge.Result r = merge(List.of(parts.get(2), parts.get(0)), "partial", true);
        assertEquals("0,2/3", r.shard().toString());
        assertEquals(List.of(1), List.copyOf(r.missing()));
        assertEquals("0,2/3", JSON.readTree(r.manifest().toFile()).get("shard").asText());

        ShardMerge.Result done = merge(List.of(dir.resolve("partial.pgn"), parts.get(1)), "done", false);
        assertEquals("all", done.shard().toString());
        assertSameBytes(dir.resolve("whole.pgn"), dir.resolve("done.pgn"));
        assertSameBytes(dir.resolve("whole.csv"), dir.resolve("done.csv"));
    }

    @Test
    void aManifestCanBeNamedInsteadOfItsPart() throws IOException {
        whole();
        List<Path> parts = shards(2);
        merge(List.of(PartManifest.manifestOf(parts.get(0)), parts.get(1)), "m", false);
        assertSameBytes(dir.resolve("whole.pgn"), dir.resolve("m.pgn"));
    }

    // --- refusals: each names what differs and where; nothing is written ---

    private void assertNothingWritten(String name) throws IOException {
        for (Path t : targets(name).values()) {
            assertFalse(Files.exists(t), t + " must not be written");
            assertFalse(Files.exists(PartManifest.manifestOf(t)));
        }
        try (var s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file left");
        }
    }

    private String refused(List<Path> parts) throws IOException {
        MergeException e = assertThrows(MergeException.class, () -> merge(parts, "refused", false));
        assertNothingWritten("refused");
        return e.text().render(Locale.ROOT);
    }

    @Test
    void partsThatDisagreeOnAFieldOfTheBatchAreRefusedNamingTheFieldAndBothParts() throws IOException {
        Map<String, Consumer<ObjectNode>> edits = Map.of(
                "inputs", m -> ((ObjectNode) m.get("inputs").get(0)).put("sha256", "cd".repeat(32)),
                "engines", m -> m.putArray("engines").add("Stockfish 16|Threads=1|NODES=300"),
                "limits", m -> m.put("limits", "nodes=400 multipv=1"),
                "selection", m -> m.put("selection", "games=1-10;fromPly=5;side=both;player="),
                "judge", m -> m.put("judge", "lucas"));
        for (var edit : edits.entrySet()) {
            Path a = run("a-" + edit.getKey(), "0/2", k -> k % 2 == 0, m -> { });
            Path b = run("b-" + edit.getKey(), "1/2", k -> k % 2 == 1, edit.getValue());
            String msg = refused(List.of(a, b));
            assertTrue(msg.startsWith("the parts " + a + " and " + b + " are not from one batch: their " + edit.getKey()
                    + " differ ("), msg);
        }
    }

    @Test
    void partsCutIntoDifferentShardCountsAreRefused() throws IOException {
        Path a = run("a", "0/2", k -> k % 2 == 0, m -> { });
        Path b = run("b", "1/3", k -> k % 3 == 1, m -> { });
        assertEquals("the parts " + a + " and " + b + " are not from one batch: their shard count differ (2 against 3)",
                refused(List.of(a, b)));
    }

    @Test
    void aShardGivenTwiceIsRefusedNamingBothParts() throws IOException {
        Path a = run("a", "1/2", k -> k % 2 == 1, m -> { });
        Path b = run("b", "1/2", k -> k % 2 == 1, m -> { });
        Path c = run("c", "0/2", k -> k % 2 == 0, m -> { });
        assertEquals("shard 1/2 is given twice: " + a + " and " + b, refused(List.of(c, a, b)));
        assertEquals("shard 0/2 is given twice: " + c + " and " + c, refused(List.of(c, a, c)));
    }

    @Test
    void aPartChangedAfterItsRunIsRefusedByItsDigest() throws IOException {
        whole();
        List<Path> parts = shards(2);
        Path csv = dir.resolve("part-1-of-2.csv");
        String text = Files.readString(csv).replace("0.20", "0.21");
        Files.writeString(csv, text);
        String msg = refused(parts);
        assertTrue(msg.startsWith("the file " + csv + " is not the one its manifest " + PartManifest.manifestOf(parts.get(1))
                + " describes (SHA-256 "), msg);
    }

    @Test
    void partsWhoseCsvHeadersDifferAreRefused() throws IOException {
        Path a = run("a", "0/2", k -> k % 2 == 0, m -> { });
        Path b = run("b", "1/2", k -> k % 2 == 1, m -> { });
        // A header another version wrote, with its manifest's digest and slices made to match.
        Path csv = dir.resolve("b.csv");
        byte[] old = Files.readAllBytes(csv);
        Files.write(csv, ("x" + new String(old, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
        ObjectNode m = (ObjectNode) JSON.readTree(PartManifest.manifestOf(b).toFile());
        ((ObjectNode) m.get("sha256")).put("csv", ShardMerge.sha256(csv));
        for (JsonNode g : m.get("games")) {
            ArrayNode s = (ArrayNode) g.get("csv");
            s.set(0, s.get(0).asLong() + 1);
        }
        Files.write(PartManifest.manifestOf(b), JSON.writeValueAsBytes(m));
        assertTrue(refused(List.of(a, b)).startsWith("the parts " + a + " and " + b
                + " are not from one batch: their csv header differ ("));
    }

    @Test
    void aManifestWhoseSlicesDoNotCoverItsFileIsRefused() throws IOException {
        Path a = run("a", "0/2", k -> k % 2 == 0, m -> { });
        Path b = run("b", "1/2", k -> k % 2 == 1, m -> ((ArrayNode) m.get("games").get(1).get("out")).set(1, 3));
        assertTrue(refused(List.of(a, b)).startsWith("the manifest " + PartManifest.manifestOf(b)
                + " does not match its out output: the game of ordinal 5 starts at byte"));
        Path c = run("c", "1/2", k -> k % 2 == 1, m -> {
            ArrayNode last = (ArrayNode) m.get("games").get(4).get("jsonl");
            last.set(1, last.get(1).asLong() - 1);
        });
        assertTrue(refused(List.of(a, c)).startsWith("the manifest " + PartManifest.manifestOf(c)
                + " does not match its jsonl output: its games end at byte"));
    }

    @Test
    void aGameOutsideItsPartsShardIsRefused() throws IOException {
        Path a = run("a", "0/2", k -> k % 2 == 0 || k == 3, m -> { });
        Path b = run("b", "1/2", k -> k % 2 == 1, m -> { });
        assertEquals("the manifest " + PartManifest.manifestOf(a) + " lists the game of ordinal 3, which is not a game of its shard 0/2",
                refused(List.of(a, b)));
    }

    @Test
    void aPartWithoutItsManifestOrWithANewerOneIsRefused() throws IOException {
        Path a = run("a", "0/2", k -> k % 2 == 0, m -> { });
        Path b = run("b", "1/2", k -> k % 2 == 1, m -> m.put("version", 2));
        assertEquals(PartManifest.manifestOf(b) + " is a manifest of version 2, written by a newer Kibitz; this one reads up to version 1",
                refused(List.of(a, b)));
        Files.delete(PartManifest.manifestOf(b));
        assertEquals("no manifest " + PartManifest.manifestOf(b) + " beside the part " + b
                + ": give the files kibitz evaluate wrote, with their manifests", refused(List.of(a, b)));
        Files.writeString(PartManifest.manifestOf(b), "{\"format\":\"something else\"}");
        assertEquals(PartManifest.manifestOf(b) + " is not a manifest of kibitz evaluate (its format is not kibitz-evaluate-manifest)",
                refused(List.of(a, b)));
    }

    @Test
    void anOutputAskedForThatAPartDidNotWriteIsRefused() throws IOException {
        Path a = run("a", "0/2", k -> k % 2 == 0, m -> { });
        Path b = run("b", "1/2", k -> k % 2 == 1, m -> {
            ((ObjectNode) m.get("outputs")).remove("jsonl");
            ((ObjectNode) m.get("sha256")).remove("jsonl");
        });
        assertEquals("the part " + b + " has no jsonl output (it has: out, csv)", refused(List.of(a, b)));
        Path c = run("c", "1/2", k -> k % 2 == 1, m -> ((ObjectNode) m.get("sha256")).remove("csv"));
        assertEquals("the manifest " + PartManifest.manifestOf(c) + " records no SHA-256 for its csv output", refused(List.of(a, c)));
    }

    @Test
    void aMergeThatWouldOverwriteAPartsFileIsRefused() throws IOException {
        List<Path> parts = shards(2);
        byte[] before = Files.readAllBytes(parts.get(0));
        MergeException e = assertThrows(MergeException.class, () -> ShardMerge.merge(new ShardMerge.Request(parts,
                Map.of(OutputKind.OUT, parts.get(0)), false)));
        assertEquals("the output " + parts.get(0) + " would overwrite a file of the part " + parts.get(0)
                + ": write the merged files elsewhere", e.text().render(Locale.ROOT));
        assertArrayEquals(before, Files.readAllBytes(parts.get(0)));
    }

    @Test
    void everyRefusalHasAChineseText() throws IOException {
        Path a = run("a", "0/2", k -> k % 2 == 0, m -> { });
        Path b = run("b", "1/2", k -> k % 2 == 1, m -> m.put("judge", "lucas"));
        MergeException e = assertThrows(MergeException.class, () -> merge(List.of(a, b), "zh", false));
        assertTrue(e.text().render(Locale.SIMPLIFIED_CHINESE).contains("不属于同一批次：两者的 judge 不同"),
                e.text().render(Locale.SIMPLIFIED_CHINESE));
        var en = java.util.ResourceBundle.getBundle("org.kibitz.core.evaluate.merge.messages", Locale.ROOT);
        var zh = java.util.ResourceBundle.getBundle("org.kibitz.core.evaluate.merge.messages", Locale.SIMPLIFIED_CHINESE);
        for (String key : en.keySet()) {
            assertFalse(zh.getString(key).equals(en.getString(key)), key + " is not translated");
        }
    }
}

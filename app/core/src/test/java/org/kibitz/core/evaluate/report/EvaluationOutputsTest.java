package org.kibitz.core.evaluate.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameFiles;
import org.kibitz.core.Nags;
import org.kibitz.core.TestGames;
import org.kibitz.core.chart.EvalChart;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.judge.MoveVerdict;

/**
 * The outputs of a batch from results made by hand over real game files: what each output holds, that
 * they agree with each other, and that the manifest's slices cut them into games exactly.
 */
class EvaluationOutputsTest {

    /** Blackburne's Shilling trap: Black mates on move 7. With a comment, a variation and a NAG of its own. */
    static final String TRAP = """
            [Event "Casual, \\"blitz\\""]
            [Site "?"]
            [Date "1890.01.01"]
            [Round "1"]
            [White "Shilling, Black"]
            [Black "Blackburne"]
            [Result "0-1"]

            1. e4 {King's pawn} e5 2. Nf3 Nc6 3. Bc4 Nd4 $2 (3... Nf6 4. Ng5) 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1
            Qxe4+ 7. Be2 Nf3# 0-1

            [Event "Casual"]
            [Site "?"]
            [Date "1890.01.02"]
            [Round "2"]
            [White "Zukertort"]
            [Black "Anderssen"]
            [Result "*"]

            1. d4 d5 2. c4 e6 *

            """;

    /** White's view by ply: Nd4 dubious, Nxe5 a mistake, Nxf7 a blunder, then mated. */
    static final int[] TRAP_CP = {30, 40, 35, 40, 30, 45, 120, -150, -140, -900, -920, -950, -1000};

    static Score trapScore(int ply) {
        if (ply < TRAP_CP.length) {
            return Score.centipawns(TRAP_CP[ply]);
        }
        return ply == 13 ? Score.mate(-1) : Score.centipawns(0); // 14 is checkmate: the script's value is not used
    }

    static final JudgementModel LICHESS = JudgementModel.lichess();
    static final String FINGERPRINT = "Stockfish 15.1|Threads=1|NODES=200";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path trapFile() throws Exception {
        Path f = dir.resolve("trap.pgn");
        Files.writeString(f, TRAP);
        return f;
    }

    private EvaluationOutputs.Targets all(String stem) {
        return new EvaluationOutputs.Targets(Optional.of(dir.resolve(stem + ".pgn")), Optional.of(dir.resolve(stem + ".csv")),
                Optional.of(dir.resolve(stem + ".jsonl")), Optional.of(dir.resolve("plots")), true);
    }

    private List<GameResults> run(BatchEvaluation.Plan plan, EvaluationOutputs.Targets targets, Locale locale,
                                  List<Batches.Script> scripts) throws Exception {
        List<GameResults> results = Batches.results(plan, scripts);
        try (EvaluationOutputs outputs = EvaluationOutputs.open(targets, LICHESS, Batches.FILES, plan, locale)) {
            results.forEach(outputs::game);
        }
        return results;
    }

    private static Batches.Script trapScript(String engine) {
        return new Batches.Script(EvaluationOutputsTest::trapScore, Set.of(6, 7, 9), engine, FINGERPRINT);
    }

    @Test
    void everyEvaluatedMainlineMoveHasItsEvalAndEachNagIsTheJudgementRecomputedFromTheCsv() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(trapFile()), 1);
        run(plan, all("out"), Locale.ROOT, List.of(trapScript("stockfish")));

        List<Map<String, String>> csv = Csv.records(Files.readString(dir.resolve("out.csv")));
        assertEquals(14 + 4, csv.size(), "a row per judged move of both games");
        int errors = 0;
        for (Map<String, String> row : csv) {
            Side mover = row.get("side").equals("black") ? Side.BLACK : Side.WHITE;
            Score before = Csv.eval(row.get("eval_before")).forWhite(mover);
            Score after = Csv.eval(row.get("eval_after")).forWhite(mover);
            MoveVerdict v = LICHESS.judge(before, after, row.get("best_coord").equals(row.get("move_coord")), Optional.empty(),
                    OptionalInt.empty());
            assertEquals(v.judgement().glyph(), row.get("judgement"), "game " + row.get("game") + " ply " + row.get("ply"));
            assertEquals(ReportFormat.fixed2(v.winLoss()), row.get("win_loss"));
            assertEquals(ReportFormat.fixed2(v.accuracy()), row.get("accuracy"));
            errors += v.judgement().isError() ? 1 : 0;
        }
        assertEquals(3, errors, "Nd4, Nxe5 and Nxf7 are marked, and nothing else");

        GameFiles.OpenedFile back = Batches.FILES.read(dir.resolve("out.pgn"));
        assertEquals(2, back.entries().size());
        for (GameFiles.Entry e : back.entries()) {
            GameTree tree = Batches.FILES.readGame(back, e);
            List<GameNode> line = tree.mainline();
            for (int ply = 1; ply <= line.size(); ply++) {
                GameNode node = line.get(ply - 1);
                String g = Integer.toString(e.gameNumber());
                String p = Integer.toString(ply);
                Map<String, String> row = csv.stream().filter(r -> r.get("game").equals(g) && r.get("ply").equals(p))
                        .findFirst().orElseThrow();
                assertEquals(Optional.of(Csv.eval(row.get("eval_after"))), node.evalForWhite(), "[%eval] of game " + g + " ply " + p);
                List<Integer> quality = node.nags().stream().filter(Nags::isMoveQuality).toList();
                Judgement j = Judgement.ofGlyph(row.get("judgement")).orElseThrow();
                assertEquals(j == Judgement.NONE ? List.of() : List.of(j.nag()), quality, "NAGs of game " + g + " ply " + p);
            }
        }
        GameTree trap = Batches.FILES.readGame(back, back.entries().get(0));
        List<GameNode> line = trap.mainline();
        assertEquals("King's pawn", line.get(0).comment(), "the file's own comment is kept");
        assertEquals(Optional.of(Score.mate(0)), line.get(13).evalForWhite(), "the mate on the board is #0");
        GameNode nxf7 = line.get(8);
        Position before = nxf7.positionBefore();
        Move alt = Batches.alternative(before, nxf7.move().orElseThrow(), 1);
        String altSan = TestGames.CHESS.notations().get(0).format(before, alt);
        assertEquals("(\u22121.40 \u2192 \u22129.00) Blunder. " + altSan + " was best.", nxf7.comment());
        GameNode parent = nxf7.parent().orElseThrow();
        assertEquals(2, parent.children().size(), "the engine's line is a variation of the blunder");
        assertEquals(alt, parent.children().get(1).move().orElseThrow());
        GameNode beforeNd4 = line.get(4);
        assertEquals(3, beforeNd4.children().size(), "the file's variation 3... Nf6 is kept beside the engine's");
        assertEquals("Kibitz: Stockfish 15.1 nodes=200 multipv=1", trap.tags().get("Annotator").orElseThrow());
        assertEquals(LICHESS.describe(), trap.tags().get("KibitzJudge").orElseThrow());
        for (String side : List.of("white", "black")) {
            String prefix = side.equals("white") ? "White" : "Black";
            for (Map.Entry<String, String> kind : Map.of("?!", "Inaccuracies", "?", "Mistakes", "??", "Blunders").entrySet()) {
                long n = csv.stream().filter(r -> r.get("game").equals("1") && r.get("side").equals(side)
                        && r.get("judgement").equals(kind.getKey())).count();
                assertEquals(Long.toString(n), trap.tags().get(prefix + kind.getValue()).orElseThrow(), prefix + kind.getValue());
            }
        }
        assertTrue(trap.tags().get("WhiteAccuracy").orElseThrow().matches("\\d+\\.\\d"));
        assertTrue(trap.tags().get("BlackACPL").orElseThrow().matches("\\d+"));
    }

    @Test
    void theManifestsSlicesCutEveryOutputIntoItsGamesExactly() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(trapFile(), TestGames.shared("chess/pgn/pychess-molinari-bordais-1979.pgn")), 2);
        run(plan, all("cut"), Locale.ROOT, List.of(trapScript("a"), trapScript("b")));

        JsonNode m = JSON.readTree(dir.resolve("cut.pgn.manifest.json").toFile());
        assertEquals("kibitz-evaluate-manifest", m.get("format").asText());
        assertEquals(1, m.get("version").asInt());
        assertEquals("trap.pgn", m.get("inputs").get(0).get("name").asText());
        assertEquals(64, m.get("inputs").get(0).get("sha256").asText().length());
        assertEquals(List.of(FINGERPRINT, FINGERPRINT), toList(m.get("engines")));
        assertEquals("nodes=200 multipv=1", m.get("limits").asText());
        assertEquals("0/1", m.get("shard").asText());
        assertEquals(LICHESS.describe(), m.get("judge").asText());
        assertEquals(3, m.get("counts").get("games").asInt());
        assertEquals("cut.csv", m.get("outputs").get("csv").asText());
        assertFalse(m.toString().matches(".*\\d{4}-\\d\\d-\\d\\dT.*"), "no time stamps");

        for (String kind : List.of("out", "csv", "jsonl")) {
            String name = m.get("outputs").get(kind).asText();
            byte[] whole = Files.readAllBytes(dir.resolve(name));
            ByteArrayOutputStream joined = new ByteArrayOutputStream();
            if (kind.equals("csv")) {
                joined.write(MoveTables.CSV_HEADER.getBytes(StandardCharsets.UTF_8));
                assertEquals(MoveTables.CSV_HEADER.length(), m.get("outputs").get("csv_header_bytes").asInt());
            }
            for (JsonNode g : m.get("games")) {
                long at = g.get(kind).get(0).asLong();
                int length = g.get(kind).get(1).asInt();
                assertEquals(joined.size(), at, kind + " slices follow each other in game order");
                joined.write(whole, (int) at, length);
            }
            assertArrayEquals(whole, joined.toByteArray(), kind + " is its slices joined");
        }
        // Each PGN slice is one game, read alone.
        byte[] pgn = Files.readAllBytes(dir.resolve("cut.pgn"));
        for (JsonNode g : m.get("games")) {
            Path one = dir.resolve("one-" + g.get("ordinal").asInt() + ".pgn");
            Files.write(one, Arrays.copyOfRange(pgn, g.get("out").get(0).asInt(), g.get("out").get(0).asInt() + g.get("out").get(1).asInt()));
            GameFiles.OpenedFile f = Batches.FILES.read(one);
            assertEquals(1, f.entries().size());
            assertEquals(g.get("white").asText(), f.entries().get(0).white());
        }
        // Both engines' rows, the second engine's after the first's in each game.
        List<Map<String, String>> csv = Csv.records(Files.readString(dir.resolve("cut.csv")));
        assertEquals(csv.stream().filter(r -> r.get("engine").equals("a")).count(), csv.stream().filter(r -> r.get("engine").equals("b")).count());
        JsonNode first = JSON.readTree(Files.readAllLines(dir.resolve("cut.jsonl")).get(0));
        assertEquals("e2e4", first.get("move_coord").asText());
        assertTrue(first.get("pv").isArray());
    }

    @Test
    void aRunOfTheSameResultsGivesTheSameBytes() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(trapFile()), 1);
        run(plan, all("one"), Locale.ROOT, List.of(trapScript("stockfish")));
        run(plan, all("two"), Locale.ROOT, List.of(trapScript("stockfish")));
        for (String ext : List.of(".pgn", ".csv", ".jsonl")) {
            assertArrayEquals(Files.readAllBytes(dir.resolve("one" + ext)), Files.readAllBytes(dir.resolve("two" + ext)), ext);
        }
        String m1 = Files.readString(dir.resolve("one.pgn.manifest.json")).replace("one.", "x.");
        String m2 = Files.readString(dir.resolve("two.pgn.manifest.json")).replace("two.", "x.");
        assertEquals(m1, m2);
    }

    @Test
    void csvFieldsWithCommasQuotesAndLineBreaksAreQuotedAsRfc4180Says() {
        StringBuilder b = new StringBuilder();
        for (String v : List.of("plain", "a,b", "say \"hi\"", "two\nlines", "")) {
            MoveTables.cell(v, b);
            b.append(',');
        }
        assertEquals("plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",,", b.toString());
        assertEquals(List.of(List.of("plain", "a,b", "say \"hi\"", "two\nlines", "", "")), Csv.parse(b + "\n"));
    }

    @Test
    void anEngineNameWithACommaAndQuotesSurvivesTheCsv() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(trapFile()), 1);
        run(plan, all("q"), Locale.ROOT, List.of(trapScript("Fish, \"the\" engine")));
        List<Map<String, String>> csv = Csv.records(Files.readString(dir.resolve("q.csv")));
        assertTrue(csv.stream().allMatch(r -> r.get("engine").equals("Fish, \"the\" engine")));
        assertEquals(MoveTables.COLUMNS, Csv.parse(Files.readString(dir.resolve("q.csv"))).get(0));
    }

    @Test
    void aFailedPositionLeavesTheMovesTouchingItUnjudgedAndWithoutEval() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(trapFile()), 1);
        Batches.Script s = new Batches.Script(p -> p == 4 ? null : trapScore(p), Set.of(6, 7, 9), "sf", FINGERPRINT);
        run(plan, all("f"), Locale.ROOT, List.of(s));
        List<Map<String, String>> csv = Csv.records(Files.readString(dir.resolve("f.csv")));
        Set<String> plies = csv.stream().filter(r -> r.get("game").equals("1")).map(r -> r.get("ply")).collect(Collectors.toSet());
        assertFalse(plies.contains("4"));
        assertFalse(plies.contains("5"));
        assertTrue(plies.contains("3") && plies.contains("6"));
        GameFiles.OpenedFile back = Batches.FILES.read(dir.resolve("f.pgn"));
        List<GameNode> line = Batches.FILES.readGame(back, back.entries().get(0)).mainline();
        assertTrue(line.get(3).evalForWhite().isEmpty(), "no [%eval] where the position failed");
        assertTrue(line.get(4).evalForWhite().isPresent());
    }

    @Test
    void curvesAreWrittenPerGameAsPngAndSvgWithTheMistakesMarked() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(trapFile()), 2);
        List<GameResults> results = run(plan, all("p"), Locale.ROOT, List.of(trapScript("a"), trapScript("b")));
        for (int game = 1; game <= 2; game++) {
            byte[] png = Files.readAllBytes(dir.resolve("plots/trap-" + game + ".png"));
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
            assertTrue(Files.readString(dir.resolve("plots/trap-" + game + ".svg")).startsWith("<?xml"));
        }
        List<GameReport> reports = List.of(GameReport.of(results.get(0), 0, LICHESS, TestGames.GAMES),
                GameReport.of(results.get(0), 1, LICHESS, TestGames.GAMES));
        EvalChart chart = EvalChart.of(GameCurve.of(results.get(0), reports, TestGames.GAMES, Locale.ROOT));
        assertEquals(2, chart.plotted().size(), "a curve per engine");
        assertEquals(15, chart.values().getItemCount(), "every position, the mate included");
        assertEquals(-GameCurve.BAND, chart.values().getDataItem(14).getYValue(), 1e-9, "Black's mate on the board sits at Black's edge");
        long marked = reports.get(0).rows().stream().filter(r -> r.judgement().isError()).count();
        assertEquals(marked, chart.marked().stream().mapToInt(org.jfree.data.xy.XYSeries::getItemCount).sum(),
                "a mark per ?!, ? and ?? of the first engine");
        assertTrue(marked >= 3);
    }

    private static final String CCGC = "xiangqi/pgn/ccgc-01.\u5b9d\u5c9b\u4e00\u53f7(\u5148\u8d1f)\u76f8\u773c\u7ade\u6280(A1-A2).PGN";

    /** Red's third ply loses six pawns: a blunder, with the engine's choice written in Chinese notation. */
    private static Batches.Script xiangqiScript() {
        return new Batches.Script(p -> Score.centipawns(p < 3 ? 20 : -600), Set.of(3), "fairy-stockfish",
                "Fairy-Stockfish 11.1|UCI_Variant=xiangqi|NODES=200");
    }

    @Test
    void aXiangqiGamesCommentNamesTheBestMoveInChineseNotationAndInChinese() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(TestGames.shared(CCGC)), 1);
        run(plan, new EvaluationOutputs.Targets(Optional.of(dir.resolve("zh.pgn")), Optional.of(dir.resolve("zh.csv")),
                Optional.empty(), Optional.empty(), false), Locale.SIMPLIFIED_CHINESE, List.of(xiangqiScript()));
        GameFiles.OpenedFile back = Batches.FILES.read(dir.resolve("zh.pgn"));
        GameTree tree = Batches.FILES.readGame(back, back.entries().get(0));
        GameNode third = tree.mainline().get(2);
        Position before = third.positionBefore();
        String best = TestGames.XIANGQI.notations().get(0).format(before, Batches.alternative(before, third.move().orElseThrow(), 0));
        assertTrue(best.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN), best);
        assertEquals("(+0.20 \u2192 \u22126.00) \u8d25\u7740\u3002" + best + "\u662f\u6700\u4f73\u7740\u6cd5\u3002", third.comment());
        assertEquals(List.of(Judgement.BLUNDER.nag()), third.nags());
        assertTrue(tree.tags().contains("RedAccuracy"), "Red's tags in a xiangqi game: " + tree.tags());
        Map<String, String> row = Csv.records(Files.readString(dir.resolve("zh.csv"))).get(2);
        assertEquals("red", row.get("side"));
        assertEquals(best, row.get("best_move"));
        assertTrue(row.get("move_coord").matches("[a-i][0-9][a-i][0-9]"), "ICCS with ranks 0-9: " + row.get("move_coord"));
    }

    @Test
    void anXqfKeepsTheEvalsGlyphsAndTotalsInItsComments() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(TestGames.shared(CCGC)), 1);
        run(plan, new EvaluationOutputs.Targets(Optional.of(dir.resolve("one.xqf")), Optional.empty(), Optional.empty(),
                Optional.empty(), false), Locale.ROOT, List.of(xiangqiScript()));
        assertTrue(Files.exists(dir.resolve("one.xqf.manifest.json")));
        GameFiles.OpenedFile back = Batches.FILES.read(dir.resolve("one.xqf"));
        GameTree tree = Batches.FILES.readGame(back, back.entries().get(0));
        GameNode third = tree.mainline().get(2);
        assertEquals(Optional.of(Score.centipawns(-600)), third.evalForWhite());
        assertTrue(third.comment().startsWith("?? (+0.20 \u2192 \u22126.00) Blunder. "), third.comment());
        assertTrue(tree.mainline().stream().allMatch(n -> n.evalForWhite().isPresent()), "every move's [%eval] kept");
        assertTrue(tree.root().comment().contains("Kibitz: Fairy-Stockfish 11.1 nodes=200 multipv=1"), tree.root().comment());
        assertTrue(tree.root().comment().contains("lichess") || tree.root().comment().contains("xiangqi"));
    }

    @Test
    void anXqfTargetForMoreThanOneGameIsRefusedBeforeAnythingRuns() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(trapFile()), 1);
        assertThrows(IllegalArgumentException.class, () -> EvaluationOutputs.open(new EvaluationOutputs.Targets(
                Optional.of(dir.resolve("two.xqf")), Optional.empty(), Optional.empty(), Optional.empty(), false),
                LICHESS, Batches.FILES, plan, Locale.ROOT));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("trap.pgn"), files.map(f -> f.getFileName().toString()).toList(), "no part left behind");
        }
    }

    @Test
    void theSummaryListsPlayersByNameAndTheBrokenGamesAndTheManifestToo() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(trapFile()), 1);
        List<GameResults> results = Batches.results(plan, List.of(trapScript("sf")));
        GameResults first = results.get(0);
        GameResults broken = new GameResults(2, first.file(), 0, first.entry(), List.of(), Optional.of("trap.pgn, game 3: no such move"));
        EvaluationOutputs outputs = EvaluationOutputs.open(new EvaluationOutputs.Targets(Optional.empty(),
                Optional.of(dir.resolve("s.csv")), Optional.empty(), Optional.empty(), false), LICHESS, Batches.FILES, plan, Locale.ROOT);
        results.forEach(outputs::game);
        outputs.game(broken);
        outputs.close();
        List<String> lines = outputs.summaryLines();
        List<String> names = lines.subList(1, 5).stream().map(l -> l.split("  ")[0].strip()).toList();
        assertEquals(List.of("Anderssen", "Blackburne", "Shilling, Black", "Zukertort"), names);
        assertTrue(lines.get(0).startsWith("Player") && lines.get(0).endsWith("??"), lines.get(0));
        assertTrue(lines.get(6).contains("trap.pgn, game 3: no such move"), String.join("\n", lines));
        JsonNode m = JSON.readTree(dir.resolve("s.csv.manifest.json").toFile());
        assertEquals(1, m.get("counts").get("broken").asInt());
        assertEquals("trap.pgn, game 3: no such move", m.get("games").get(2).get("broken").asText());
        assertTrue(m.get("outputs").get("out").isNull());
    }

    @Test
    void anAbortedRunLeavesTheTargetsAsTheyWere() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(trapFile()), 1);
        Files.writeString(dir.resolve("keep.csv"), "old");
        EvaluationOutputs outputs = EvaluationOutputs.open(new EvaluationOutputs.Targets(Optional.empty(),
                Optional.of(dir.resolve("keep.csv")), Optional.empty(), Optional.empty(), false), LICHESS, Batches.FILES, plan, Locale.ROOT);
        Batches.results(plan, List.of(trapScript("sf"))).forEach(outputs::game);
        assertEquals("old", Files.readString(dir.resolve("keep.csv")), "nothing replaced while games come");
        outputs.abort();
        assertEquals("old", Files.readString(dir.resolve("keep.csv")));
        try (var files = Files.list(dir)) {
            assertEquals(Set.of("trap.pgn", "keep.csv"), files.map(f -> f.getFileName().toString()).collect(Collectors.toSet()));
        }
    }

    private static List<String> toList(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(n -> out.add(n.asText()));
        return out;
    }
}

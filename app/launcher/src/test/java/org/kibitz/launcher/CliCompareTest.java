package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameFiles;
import org.kibitz.core.TestGames;
import org.kibitz.core.evaluate.compare.ComparisonTables;
import org.kibitz.core.evaluate.compare.PairStats;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * {@code kibitz compare} as a user runs it, with real engines of the three protocols on real files: the
 * last line's figures recomputed from the CSV's own numbers, the PGN with both engines' lines at the
 * disagreements, an engine compared with itself agreeing everywhere, an EPD list, and a second compare
 * that adds a third engine searching with that engine only.
 */
class CliCompareTest {

    private static final Pattern LAST = Pattern.compile(
            "positions (\\d+) agreement (\\d+\\.\\d)% top3 (\\d+\\.\\d)% mean_dwin (\\d+\\.\\d) disagreements (\\d+)");
    private static final Pattern COUNTS = Pattern.compile("games (\\d+) positions (\\d+) evaluated (\\d+) cached (\\d+) failed (\\d+)");

    @TempDir
    Path dir;

    private Run compare(Path home, String... args) {
        try (CliHarness cli = CliHarness.open(home)) {
            List<String> all = new ArrayList<>(List.of("compare", "--progress", "none"));
            all.addAll(List.of(args));
            return cli.run(all.toArray(String[]::new));
        }
    }

    private static Matcher last(Run r) {
        Matcher m = LAST.matcher(r.last());
        assertTrue(m.matches(), "last line: " + r.last() + "\n" + r.err());
        return m;
    }

    private static long[] counts(Run r) {
        Matcher m = COUNTS.matcher(r.err());
        assertTrue(m.find(), r.err());
        long[] out = new long[5];
        for (int i = 0; i < 5; i++) {
            out[i] = Long.parseLong(m.group(i + 1));
        }
        return out;
    }

    private static List<List<String>> rows(Path csv) throws Exception {
        List<List<String>> out = new ArrayList<>();
        for (String line : Files.readAllLines(csv, StandardCharsets.UTF_8)) {
            // The FEN and the moves hold no comma or quote: a plain split is the CSV's own reading.
            out.add(List.of(line.split(",", -1)));
        }
        return out;
    }

    @Test
    void stockfishAgainstFairyStockfishOnAChessGameAgreesWithItsOwnCsv() throws Exception {
        RealEngines.require("stockfish");
        RealEngines.require("fairy-stockfish");
        Path csv = dir.resolve("c.csv");
        Path out = dir.resolve("c.pgn");
        Path jsonl = dir.resolve("c.jsonl");
        Run r = compare(dir.resolve("home"), TestGames.shared("chess/pgn/Capablanca.pgn").toString(), "--games", "2",
                "--engine", RealEngines.require("stockfish"), "--engine", RealEngines.require("fairy-stockfish"),
                "--nodes", "4000", "--jobs", "2", "--csv", csv.toString(), "--out", out.toString(), "--jsonl", jsonl.toString(),
                "--plots", dir.resolve("plots").toString(), "--svg");
        assertEquals(0, r.exit(), r.err());
        Matcher m = last(r);

        // The figures again, from the CSV's own columns, by the test's own arithmetic.
        List<List<String>> rows = rows(csv);
        List<String> h = rows.get(0);
        List<List<String>> body = rows.subList(1, rows.size());
        int n = body.size();
        // Each row names the win model each engine's win% is on, as evaluate's win_model does.
        assertTrue(body.stream().allMatch(f -> f.get(h.indexOf("a_win_model")).contains(" k=")
                && f.get(h.indexOf("b_win_model")).contains(" k=")), body.get(0).toString());
        long same = body.stream().filter(f -> f.get(h.indexOf("same_best")).equals("1")).count();
        long top = body.stream().filter(f -> f.get(h.indexOf("a_in_b_top3")).equals("1")).count();
        double sum = 0;
        long disagreements = 0;
        for (List<String> f : body) {
            double a = Double.parseDouble(f.get(h.indexOf("a_win")));
            double b = Double.parseDouble(f.get(h.indexOf("b_win")));
            double d = Double.parseDouble(f.get(h.indexOf("dwin")));
            assertEquals(Math.abs(a - b), d, 0.00011, "dwin is the distance of the two win% " + f);
            assertEquals(f.get(h.indexOf("a_best_coord")).equals(f.get(h.indexOf("b_best_coord"))),
                    f.get(h.indexOf("same_best")).equals("1"), f.toString());
            sum += d;
            String kinds = f.get(h.indexOf("disagreement"));
            assertEquals(d >= 10, kinds.contains("eval"), "an evaluation gap of 10 points or more is a disagreement: " + f);
            disagreements += kinds.isEmpty() ? 0 : 1;
        }
        assertTrue(n > 40, "a master game has more than 40 positions: " + n);
        assertEquals(n, Long.parseLong(m.group(1)));
        assertEquals(String.format(Locale.ROOT, "%.1f", 100.0 * same / n), m.group(2));
        assertEquals(String.format(Locale.ROOT, "%.1f", 100.0 * top / n), m.group(3));
        assertEquals(String.format(Locale.ROOT, "%.1f", sum / n), m.group(4));
        assertEquals(disagreements, Long.parseLong(m.group(5)));
        assertTrue(top >= same, "the same first move is always within the top 3");
        PairStats again = ComparisonTables.summarise(csv);
        assertEquals(r.last(), again.summaryLine(), "the CSV read back gives the run's last line");

        // The PGN: the first engine's eval on every move, both engines' lines at each disagreement, named.
        GameFiles files = TestGames.files();
        GameFiles.OpenedFile opened = files.read(out);
        GameTree t = files.readGame(opened, opened.entries().get(0));
        assertTrue(t.tags().get("KibitzCompare").orElse("").contains("nodes=4000"), t.tags().toString());
        int variations = 0;
        int named = 0;
        for (GameNode node : t.mainline()) {
            assertTrue(node.evalForWhite().isPresent() || node.position().outcome().isPresent(), "ply " + node.ply());
            GameNode parent = node.parent().orElseThrow();
            for (GameNode sibling : parent.children()) {
                if (sibling != node) {
                    variations++;
                    named += sibling.startingComment().contains("stockfish") ? 1 : 0;
                }
            }
        }
        if (disagreements > 0) {
            assertTrue(variations > 0 && named > 0, "disagreements carry the engines' lines as named variations");
            assertTrue(Files.readString(out).contains("Engines disagree"), "and a comment with both evaluations");
        }
        assertEquals(n, Files.readAllLines(jsonl).size(), "one JSON line per position and pair");
        assertTrue(Files.size(dir.resolve("plots").resolve("Capablanca-2-compare.png")) > 1000);
        assertTrue(Files.readString(dir.resolve("plots").resolve("Capablanca-2-compare.svg")).contains("fairy-stockfish"),
                "the legend names the engines");
    }

    @Test
    void anEngineComparedWithItselfAgreesEverywhere() throws Exception {
        RealEngines.require("stockfish");
        String sf = RealEngines.require("stockfish");
        Run r = compare(dir.resolve("home"), TestGames.shared("chess/pgn/Capablanca.pgn").toString(), "--games", "3",
                "--engine", sf, "--engine", sf, "--nodes", "3000", "--jobs", "2", "--no-store", "--option", "Threads=1");
        assertEquals(0, r.exit(), r.err());
        Matcher m = last(r);
        assertTrue(Long.parseLong(m.group(1)) > 20, r.last());
        assertEquals("100.0", m.group(2), r.last());
        assertEquals("100.0", m.group(3), r.last());
        assertEquals("0.0", m.group(4), r.last());
        assertEquals("0", m.group(5), r.last());
    }

    @Test
    void xiangqiAcrossThreeProtocolsAndAThirdEngineAddedLaterSearchesAlone() throws Exception {
        RealEngines.require("fairy-stockfish");
        RealEngines.require("maxqi");
        Path home = dir.resolve("home");
        String file = TestGames.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn").toString();
        String fsf = RealEngines.require("fairy-stockfish");
        String maxqi = RealEngines.require("maxqi");
        // Three protocols: Fairy-Stockfish spoken to in UCCI (an engine of the list), MaxQi in xboard, the
        // built-in engine in UCI. The first two first; maxqi has no node limit, so depth for all.
        Files.createDirectories(home.resolve("config"));
        Files.writeString(home.resolve("config").resolve("engines.json"), """
                {"version": 1, "engines": [
                  {"id": "fsf-ucci", "name": "Fairy in UCCI", "command": ["%s"], "protocol": "ucci", "games": ["xiangqi"]}
                ]}""".formatted(fsf.replace("\\", "\\\\").replace("\"", "\\\"")));
        Path csv1 = dir.resolve("x1.csv");
        Run first = compare(home, file, "--games", "1", "--engine", "fsf-ucci", "--engine", maxqi, "--depth", "3", "--jobs", "2",
                "--csv", csv1.toString());
        assertEquals(0, first.exit(), first.err());
        long[] c1 = counts(first);
        assertEquals(0, c1[3], "nothing in the store yet");
        // The built-in engine (UCI) added: the two others come from the store.
        Path csv = dir.resolve("x.csv");
        Run second = compare(home, file, "--games", "1", "--engine", "fsf-ucci", "--engine", maxqi, "--engine", "builtin",
                "--depth", "3", "--jobs", "2", "--csv", csv.toString());
        assertEquals(0, second.exit(), second.err());
        long[] c2 = counts(second);
        assertEquals(c1[1] / 2 * 3, c2[1], "three engines' positions");
        assertEquals(c2[1], c2[2] + c2[3], "nothing failed");
        assertTrue(c2[3] >= c1[1] - 2, "the first two engines' positions from the store (all but a checkmate on the board): "
                + second.err());
        // Each engine's "(N searched now)": the first two none, the third every position.
        Matcher searched = Pattern.compile("\\((\\d+) searched now\\)").matcher(String.join("\n", second.out()));
        List<Long> now = new ArrayList<>();
        while (searched.find()) {
            now.add(Long.parseLong(searched.group(1)));
        }
        assertEquals(3, now.size(), second.out().toString());
        assertEquals(0L, now.get(0));
        assertEquals(0L, now.get(1));
        assertEquals(Long.parseLong(last(second).group(1)), now.get(2), "the built-in engine searched every compared position");
        assertEquals(last(first).group(1), last(second).group(1), "the same positions compared");
        // Each position the game reaches once reads back from the store as it was searched. (A position
        // reached twice is one position to the store, and engines that see the history score it differently.)
        List<List<String>> before = rows(csv1);
        List<List<String>> after = rows(csv);
        List<String> h = before.get(0);
        java.util.Map<String, Long> seen = before.subList(1, before.size()).stream().collect(java.util.stream.Collectors.groupingBy(
                f -> boardAndSide(f.get(h.indexOf("fen"))), java.util.stream.Collectors.counting()));
        int checked = 0;
        for (List<String> a : before.subList(1, before.size())) {
            if (seen.get(boardAndSide(a.get(h.indexOf("fen")))) > 1) {
                continue;
            }
            List<String> b = after.stream().filter(f -> f.get(h.indexOf("ply")).equals(a.get(h.indexOf("ply")))
                    && f.get(h.indexOf("engine_b")).equals(a.get(h.indexOf("engine_b")))).findFirst().orElseThrow();
            for (String col : List.of("a_eval", "b_eval", "a_best_coord", "b_best_coord", "dwin", "same_best", "disagreement")) {
                assertEquals(a.get(h.indexOf(col)), b.get(h.indexOf(col)), col + " at ply " + a.get(h.indexOf("ply")));
            }
            checked++;
        }
        assertTrue(checked > 50, "most positions of a game occur once: " + checked);
        String out = String.join("\n", second.out());
        assertTrue(out.contains("Kibitz engine"), out);
        List<List<String>> rows = rows(csv);
        long pairs = rows.subList(1, rows.size()).stream().map(f -> f.get(7) + "|" + f.get(8)).distinct().count();
        assertEquals(3, pairs, "three pairs of three engines");
        assertTrue(rows.get(1).get(rows.get(0).indexOf("played")).matches(".*[\\u4e00-\\u9fff].*"), "Chinese notation");
    }

    private static String boardAndSide(String fen) {
        String[] f = fen.split(" ");
        return f[0] + " " + f[1];
    }

    @Test
    void anEpdListIsComparedPositionByPosition() throws Exception {
        RealEngines.require("stockfish");
        RealEngines.require("fairy-stockfish");
        Path epd = TestGames.shared("chess/perft.epd");
        long lines = Files.readAllLines(epd).stream().filter(l -> !l.isBlank()).count();
        Run r = compare(dir.resolve("home"), epd.toString(), "--engine", RealEngines.require("stockfish"),
                "--engine", RealEngines.require("fairy-stockfish"), "--nodes", "2000", "--jobs", "2", "--no-store");
        assertEquals(0, r.exit(), r.err());
        assertEquals(lines, Long.parseLong(last(r).group(1)), "one compared position per line: " + r.last());
    }

    @Test
    void shardsMergedGiveTheWholeRunsCsvAndFigures() throws Exception {
        RealEngines.require("stockfish");
        RealEngines.require("fairy-stockfish");
        String file = TestGames.shared("chess/pgn/Capablanca.pgn").toString();
        List<String> common = List.of(file, "--games", "4-7", "--engine", RealEngines.require("stockfish"), "--engine",
                RealEngines.require("fairy-stockfish"), "--nodes", "2000", "--jobs", "2", "--no-store");
        List<String> whole = new ArrayList<>(common);
        whole.addAll(List.of("--csv", dir.resolve("whole.csv").toString(), "--out", dir.resolve("whole.pgn").toString()));
        Run all = compare(dir.resolve("home"), whole.toArray(String[]::new));
        assertEquals(0, all.exit(), all.err());
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            List<String> shard = new ArrayList<>(common);
            Path out = dir.resolve("part" + i + ".pgn");
            shard.addAll(List.of("--shard", i + "/2", "--csv", dir.resolve("part" + i + ".csv").toString(), "--out", out.toString()));
            Run r = compare(dir.resolve("home"), shard.toArray(String[]::new));
            assertEquals(0, r.exit(), r.err());
            parts.add(out.toString());
        }
        Run merged;
        try (CliHarness cli = CliHarness.open(dir.resolve("home"))) {
            List<String> args = new ArrayList<>(List.of("merge", "--out", dir.resolve("merged.pgn").toString(), "--csv",
                    dir.resolve("merged.csv").toString()));
            args.addAll(parts);
            merged = cli.run(args.toArray(String[]::new));
        }
        assertEquals(0, merged.exit(), merged.err());
        assertEquals(all.last(), merged.last(), "merge ends with the whole run's figures, summed from the merged CSV");
        assertEquals(withoutTimes(dir.resolve("whole.csv")), withoutTimes(dir.resolve("merged.csv")),
                "the merged CSV is the whole run's, but for the engines' own times");
    }

    /** The CSV without the engines' time columns, the only fields that vary between runs. */
    private static List<String> withoutTimes(Path csv) throws Exception {
        List<List<String>> rows = rows(csv);
        List<String> h = rows.get(0);
        int a = h.indexOf("a_time_ms");
        int b = h.indexOf("b_time_ms");
        List<String> out = new ArrayList<>();
        for (List<String> r : rows) {
            List<String> f = new ArrayList<>(r);
            f.set(a, "");
            f.set(b, "");
            out.add(String.join(",", f));
        }
        return out;
    }

    @Test
    void anEngineThatCrashesOnOnePositionLosesThatPositionAndNothingElse() throws Exception {
        RealEngines.require("stockfish");
        String sf = RealEngines.require("stockfish");
        // Crashes on the position after 3 moves every time: the pool restarts it, the retry crashes too.
        String crashing = String.join(" ", org.kibitz.testing.FaultyProxyEngine.command("crash", "3", "--", sf).stream()
                .map(a -> "'" + a + "'").toList());
        Path csv = dir.resolve("crash.csv");
        Run r = compare(dir.resolve("home"), TestGames.shared("chess/pgn/Capablanca.pgn").toString(), "--games", "1",
                "--engine", sf, "--engine", crashing, "--nodes", "500", "--jobs", "2", "--no-store", "--csv", csv.toString());
        assertEquals(1, r.exit(), "a failed position is exit 1: " + r.err());
        assertTrue(r.err().toLowerCase(Locale.ROOT).contains("capablanca.pgn, game 1, ply 3"), r.err());
        Matcher m = last(r);
        List<List<String>> rows = rows(csv);
        List<String> plies = rows.subList(1, rows.size()).stream().map(f -> f.get(2)).toList();
        assertFalse(plies.contains("3"), "the position the engine failed on is not compared");
        assertTrue(plies.contains("2") && plies.contains("4"), "its neighbours are");
        assertEquals(rows.size() - 1, Long.parseLong(m.group(1)));
    }

    @Test
    void oneEngineIsAUsageError() {
        Run r = compare(dir.resolve("home"), TestGames.shared("chess/pgn/Capablanca.pgn").toString(), "--engine", "builtin");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("two engines"), r.err());
        assertFalse(r.out().stream().anyMatch(l -> l.startsWith("positions")), "no summary");
    }
}

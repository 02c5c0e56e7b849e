package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Side;
import org.kibitz.core.GameFiles;
import org.kibitz.core.TestGames;
import org.kibitz.core.evaluate.judge.GameStats;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.MoveVerdict;
import org.kibitz.core.evaluate.judge.WinModel;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * {@code kibitz report} end to end with real engines: its figures (games, accuracy per player) are those
 * of {@code evaluate}'s CSV for the same files, computed here from the CSV's rows; the page, opened from
 * disk by headless Chromium with JavaScript on, runs its script without an error, sorts its tables, and
 * is screenshot in English (chess) and Chinese (xiangqi) into {@code target/report-screens/}.
 */
class CliReportTest {

    private static final Pattern SECTION = Pattern.compile(
            "<section class=\"player\" id=\"p\\d+\" data-player=\"([^\"]*)\" data-games=\"(\\d+)\" data-accuracy=\"([^\"]*)\"");
    private static final Pattern SUMMARY = Pattern.compile("games (\\d+) positions (\\d+) evaluated (\\d+) cached (\\d+) failed (\\d+)");

    @TempDir
    Path dir;

    private static Run kibitz(Path home, String... args) {
        try (CliHarness cli = CliHarness.open(home)) {
            return cli.run(args);
        }
    }

    /** The Chromium the tests drive; skips (fails in CI, which installs it) without one. */
    private static Path chromium() {
        for (String p : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium")) {
            if (Files.isExecutable(Path.of(p))) {
                return Path.of(p);
            }
        }
        if (System.getenv("CI") != null) {
            fail("chromium is not installed, and CI installs it (.ci/run)");
        }
        assumeTrue(false, "chromium is not installed");
        return null;
    }

    /** What Chromium printed on stdout (the DOM after the scripts ran, with {@code --dump-dom}) and stderr. */
    private record Browser(String out, String err) {
    }

    private Browser chromium(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(chromium().toString(), "--headless", "--disable-gpu", "--no-sandbox",
                "--user-data-dir=" + dir.resolve("chromium-profile"), "--enable-logging=stderr", "--v=0"));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("chromium.out");
        Path err = dir.resolve("chromium.err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        // Tied to the browser's own end; the bound only keeps a wedged browser from holding the build forever.
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("chromium did not end");
        }
        return new Browser(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /**
     * Opens the page with {@code #sort=accuracy-desc}: the script has run (marker), reported no error to the
     * page or the console, and sorted every games table by accuracy, highest first.
     */
    private void worksInChromium(Path page) throws Exception {
        Browser b = chromium("--dump-dom", page.toUri() + "#sort=accuracy-desc");
        String dom = b.out();
        assertTrue(dom.contains("data-js=\"ready\""), "the page's script ran to its end:\n" + b.err());
        Matcher root = Pattern.compile("<html[^>]*>").matcher(dom);
        assertTrue(root.find());
        assertFalse(root.group().contains("data-js-error"), "a script error: " + root.group());
        List<String> console = b.err().lines().filter(l -> l.contains(":CONSOLE")).toList();
        assertEquals(List.of(), console, "nothing on the console");
        Matcher t = Pattern.compile("(?s)<table class=\"sortable games\" id=\"games\\d+\"([^>]*)>.*?<tbody>(.*?)</tbody>").matcher(dom);
        int tables = 0;
        while (t.find()) {
            tables++;
            assertTrue(t.group(1).contains("data-sorted=\"accuracy-desc\""), t.group(1));
            List<Double> acc = new ArrayList<>();
            Matcher row = Pattern.compile("(?s)<tr data-i=\"\\d+\">(.*?)</tr>").matcher(t.group(2));
            while (row.find()) {
                Matcher cell = Pattern.compile("<td data-v=\"([^\"]*)\">").matcher(row.group(1));
                for (int i = 0; i < 8; i++) {
                    assertTrue(cell.find());
                }
                acc.add(cell.group(1).isEmpty() ? Double.NEGATIVE_INFINITY : Double.parseDouble(cell.group(1)));
            }
            assertTrue(acc.size() > 1);
            for (int i = 1; i < acc.size(); i++) {
                assertTrue(acc.get(i - 1) >= acc.get(i), "sorted by accuracy, highest first: " + acc);
            }
        }
        assertTrue(tables > 0, "a games table");
    }

    private void screenshot(Path page, String name) throws Exception {
        Path screens = Path.of("target", "report-screens");
        Files.createDirectories(screens);
        Path png = screens.resolve(name).toAbsolutePath();
        Files.deleteIfExists(png);
        chromium("--screenshot=" + png, "--window-size=1280,2000", "--hide-scrollbars", page.toUri().toString());
        assertTrue(Files.isRegularFile(png) && Files.size(png) > 50_000, "a screenshot of the page with its charts: " + png);
    }

    /** {@code [%eval]} text as a score, White's/Red's view. */
    private static Score score(String text) {
        if (text.startsWith("#")) {
            return Score.mate(Integer.parseInt(text.substring(1)));
        }
        return Score.centipawns((int) Math.round(Double.parseDouble(text) * 100));
    }

    /**
     * Each player's games and accuracy from the CSV of {@code evaluate}: the rows of a game and side, their
     * move accuracies and evaluations, made into the side's game accuracy by the same rule as evaluate's
     * (volatility-weighted and harmonic mean), then the mean over the player's games; names from the tags.
     */
    private static Map<String, double[]> fromCsv(Path csv, Path games) throws Exception {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> head = List.of(lines.get(0).split(","));
        int game = head.indexOf("game");
        int side = head.indexOf("side");
        int before = head.indexOf("eval_before");
        int after = head.indexOf("eval_after");
        int accuracy = head.indexOf("accuracy");
        int loss = head.indexOf("win_loss");
        Map<Integer, List<GameStats.JudgedMove>> byGame = new TreeMap<>();
        WinModel win = WinModel.LICHESS;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            Side mover = f[side].equals("black") ? Side.BLACK : Side.WHITE;
            Score b = score(f[before]).forWhite(mover);
            boolean mated = f[after].equals("#0");
            Score a = mated ? Score.mate(0) : score(f[after]).forWhite(mover);
            double winBefore = win.winPercent(b);
            double winAfter = mated ? 100 : win.winPercent(a);
            byGame.computeIfAbsent(Integer.parseInt(f[game]), k -> new ArrayList<>()).add(new GameStats.JudgedMove(mover, b, a,
                    new MoveVerdict(winBefore, winAfter, Double.parseDouble(f[loss]), Double.parseDouble(f[accuracy]),
                            Judgement.NONE, Optional.empty())));
        }
        GameFiles files = TestGames.files();
        GameFiles.OpenedFile opened = files.read(games);
        Map<String, double[]> players = new LinkedHashMap<>(); // games, accuracy sum, games with accuracy
        byGame.forEach((number, moves) -> {
            GameStats stats = GameStats.of(win, moves);
            GameFiles.Entry entry = opened.entry(number).orElseThrow();
            for (Side s : Side.values()) {
                String name = (s == Side.WHITE ? entry.white() : entry.black()).strip();
                double[] p = players.computeIfAbsent(name, k -> new double[3]);
                p[0]++;
                if (stats.of(s).accuracy().isPresent()) {
                    p[1] += stats.of(s).accuracy().getAsDouble();
                    p[2]++;
                }
            }
        });
        return players;
    }

    @Test
    void figuresAreThoseOfEvaluatesCsvAndThePageWorksInABrowser() throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Path games = TestGames.shared("chess/pgn/WorldChamp1886.pgn");
        Path home = dir.resolve("home");
        Path csv = dir.resolve("moves.csv");
        List<String> common = List.of(games.toString(), "--games", "1-4", "--engine", stockfish, "--nodes", "2000", "--jobs", "2",
                "--progress", "none");
        List<String> eval = new ArrayList<>(List.of("evaluate"));
        eval.addAll(common);
        eval.addAll(List.of("--csv", csv.toString()));
        Run e = kibitz(home, eval.toArray(String[]::new));
        assertEquals(0, e.exit(), e.err());

        Path page = dir.resolve("out/report.html");
        List<String> rep = new ArrayList<>(List.of("report"));
        rep.addAll(common);
        rep.addAll(List.of("--html", page.toString(), "--lang", "en"));
        Run r = kibitz(home, rep.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        assertEquals("report " + page + " games 4 players 2", r.last());
        Matcher counts = SUMMARY.matcher(r.out().get(r.out().size() - 2));
        assertTrue(counts.matches(), r.out().toString());
        assertEquals("0", counts.group(3), "every position comes from the analysis store evaluate filled: " + r.out());

        String html = Files.readString(page, StandardCharsets.UTF_8);
        Map<String, double[]> expected = fromCsv(csv, games);
        assertEquals(2, expected.size());
        Matcher m = SECTION.matcher(html);
        int players = 0;
        while (m.find()) {
            String name = m.group(1).replace("&#39;", "'").replace("&amp;", "&");
            double[] want = expected.get(name);
            assertTrue(want != null, name + " not in " + expected.keySet());
            assertEquals((int) want[0], Integer.parseInt(m.group(2)), name + ": games");
            // The page gives one decimal; the CSV's move accuracies two.
            assertEquals(want[1] / want[2], Double.parseDouble(m.group(3)), 0.051, name + ": accuracy");
            players++;
        }
        assertEquals(2, players);

        worksInChromium(page);
        screenshot(page, "report-en-chess.png");
    }

    @Test
    void aChinesePageOfOnePlayersXiangqiGamesWorksInABrowser() throws Exception {
        String fairy = RealEngines.require("fairy-stockfish");
        Path games = TestGames.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        Path page = dir.resolve("xq.html");
        Run r = kibitz(dir.resolve("home"), "report", games.toString(), "--games", "1-4", "--player", "liu dahua",
                "--engine", fairy, "--nodes", "2000", "--jobs", "2", "--progress", "none", "--html", page.toString(), "--lang", "zh");
        assertEquals(0, r.exit(), r.err());
        assertEquals("report " + page + " games 4 players 1", r.last());
        String html = Files.readString(page, StandardCharsets.UTF_8);
        assertTrue(html.contains("lang=\"zh-CN\"") && html.contains("各局准确率随时间变化"), "Chinese");
        Matcher m = SECTION.matcher(html);
        assertTrue(m.find());
        assertEquals("LIU DaHua", m.group(1));
        assertEquals("4", m.group(2));
        assertFalse(m.find(), "only the player asked for");
        assertTrue(html.contains("class=\"xq-piece\""), "xiangqi diagrams");
        worksInChromium(page);
        screenshot(page, "report-zh-xiangqi.png");
    }

    @Test
    void aBadLanguageOrNoPageIsAUsageErrorAndWritesNothing() throws Exception {
        Path games = TestGames.shared("chess/pgn/WorldChamp1886.pgn");
        Path page = dir.resolve("never.html");
        Run r = kibitz(dir.resolve("home"), "report", games.toString(), "--html", page.toString(), "--lang", "fr");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--lang"), r.err());
        Run none = kibitz(dir.resolve("home"), "report", games.toString());
        assertEquals(2, none.exit());
        assertTrue(none.err().contains("--html"), none.err());
        assertFalse(Files.exists(page));
    }
}

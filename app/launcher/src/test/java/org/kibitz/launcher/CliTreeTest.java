package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.EngineFingerprint;
import org.kibitz.core.store.PositionKey;
import org.kibitz.core.store.StoredLine;
import org.kibitz.launcher.CliHarness.Run;

/** {@code kibitz tree import} and {@code kibitz tree query} as a user runs them. */
class CliTreeTest {

    private static final Pattern LINE = Pattern.compile(
            "move (\\S+) (\\S+) games (\\d+) wins (\\d+) draws (\\d+) losses (\\d+) score (\\S+) unknown (\\d+) rating (\\S+)"
                    + " years (\\S+) eval (.+)");

    private static CliHarness cli;
    private static Path home;

    @BeforeAll
    static void wire(@TempDir Path dir) {
        home = dir;
        cli = CliHarness.open(dir);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    private static Path shared(String relative) {
        return Path.of(System.getProperty("kibitz.testdata"), relative);
    }

    @Test
    void importThenQueryTheStartPositionAndAfterMoves() throws Exception {
        Path pgn = shared("chess/pgn/Capablanca.pgn");
        long inFile = Files.readAllLines(pgn, StandardCharsets.ISO_8859_1).stream().filter(l -> l.startsWith("[Event ")).count();
        Run imported = cli.run("tree", "import", pgn.toString(), "--db", "capa", "--progress", "none");
        assertEquals(0, imported.exit(), imported.err());
        // 46,458 distinct (position, move) pairs per game, of 46,577 plies: counted without Kibitz by
        // pgn-extract replaying the games (testdata/tools/tree-pairs.py).
        assertEquals("games " + inFile + " duplicates 0 broken 0 files 1 known 0 plies 46458", imported.last());
        assertTrue(Files.isRegularFile(home.resolve("data/trees/capa.sqlite")), "a bare name lives in the data folder");

        // An evaluation of the position after 1.e4 in the analysis store: the query names it.
        Games games = cli.service(Games.class);
        Position start = games.byId("chess").orElseThrow().startPosition();
        Position afterE4 = start.play(Move.parseCoordinates("e2e4", 1));
        AnalysisStore store = cli.service(AnalysisStore.class);
        store.put(new StoredLine(PositionKey.of(afterE4), EngineFingerprint.of("TestFish"), "TestFish", 1, 23,
                OptionalInt.empty(), Score.centipawns(-31), Optional.empty(), 1000, 10, List.of(), Instant.now()));
        store.flush();

        Run q = cli.run("tree", "query", "--db", "capa");
        assertEquals(0, q.exit(), q.err());
        long total = 0;
        long previous = Long.MAX_VALUE;
        boolean sawE4 = false;
        for (String line : q.out()) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            long g = Long.parseLong(m.group(3));
            assertTrue(g <= previous, "most played first");
            previous = g;
            total += g;
            long w = Long.parseLong(m.group(4));
            long d = Long.parseLong(m.group(5));
            long l = Long.parseLong(m.group(6));
            assertTrue(w + d + l <= g);
            // The score is over the decided games only; the rest are counted as unknown.
            assertEquals(g - w - d - l, Long.parseLong(m.group(8)), line);
            assertEquals(w + d + l == 0 ? "-" : String.format(java.util.Locale.ROOT, "%.1f", 100.0 * (w + 0.5 * d) / (w + d + l)),
                    m.group(7), line);
            if (m.group(1).equals("e2e4")) {
                sawE4 = true;
                assertEquals("e4", m.group(2));
                assertEquals("+0.31 engine TestFish depth 23", m.group(11), "from the mover's side");
            } else {
                assertEquals("-", m.group(11));
            }
        }
        assertTrue(sawE4);
        assertEquals(inFile, total, "every game leaves the start position once");

        // The same position by moves in SAN and in coordinates; --min-games drops the rare moves.
        Run san = cli.run("tree", "query", "--db", "capa", "--moves", "e4", "e5", "Nf3", "--no-eval");
        Run coords = cli.run("tree", "query", "--db", "capa", "--moves", "e2e4", "e7e5", "g1f3", "--no-eval");
        assertEquals(san.out(), coords.out());
        assertTrue(san.out().get(0).startsWith("move b8c6 Nc6 games "), san.out().get(0));
        Run frequent = cli.run("tree", "query", "--db", "capa", "--moves", "e4", "e5", "Nf3", "--no-eval", "--min-games", "10");
        assertTrue(frequent.out().size() < san.out().size());
        frequent.out().stream().filter(l -> l.startsWith("move ")).forEach(l -> assertTrue(Long.parseLong(l.split(" ")[4]) >= 10, l));
        // Last, the opening the moves make (lichess's name for 1. e4 e5 2. Nf3).
        assertEquals("opening C40 King's Knight Opening", san.out().get(san.out().size() - 1));

        // Imported again: skipped, nothing counted twice.
        Run again = cli.run("tree", "import", pgn.toString(), "--db", "capa", "--progress", "none");
        assertEquals(0, again.exit());
        assertEquals("games 0 duplicates 0 broken 0 files 0 known 1 plies 0", again.last());
        assertEquals(q.out(), cli.run("tree", "query", "--db", "capa").out());
    }

    @Test
    void aBrokenGameIsReportedAndTheExitSaysSo(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("broken.pgn");
        Files.writeString(f, """
                [Event "ok"]
                [Result "1-0"]

                1. e4 e5 1-0

                [Event "broken"]
                [Result "0-1"]

                1. e4 e5 2. Ke3 0-1
                """, StandardCharsets.UTF_8);
        Path db = dir.resolve("b.sqlite");
        Run r = cli.run("tree", "import", f.toString(), "--db", db.toString(), "--progress", "none");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains(f + ":game 2:line 9:"), r.err());
        assertEquals("games 1 duplicates 0 broken 1 files 1 known 0 plies 2", r.last());
        Run q = cli.run("tree", "query", "--db", db.toString(), "--no-eval");
        assertEquals(List.of("move e2e4 e4 games 1 wins 1 draws 0 losses 0 score 100.0 unknown 0 rating - years - eval -"), q.out());
    }

    @Test
    void xiangqiQueryPrintsChineseNotation() throws Exception {
        Path pgn = shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        Run imported = cli.run("tree", "import", pgn.toString(), "--db", "liu", "--game", "xiangqi", "--progress", "none");
        assertTrue(imported.exit() <= 1, imported.err());
        Run q = cli.run("tree", "query", "--db", "liu", "--moves", "h2e2", "--no-eval");
        assertEquals(0, q.exit(), q.err());
        assertTrue(!q.out().isEmpty());
        Run chinese = cli.run("tree", "query", "--db", "liu", "--moves", "炮二平五", "--no-eval");
        assertEquals(q.out(), chinese.out());
        // The xqdb files carry no results: no score that looks decided, every game unknown.
        assertEquals("opening B00 中炮局", q.out().get(q.out().size() - 1), "the opening the moves make, last");
        for (String line : q.out().subList(0, q.out().size() - 1)) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            assertEquals("-", m.group(7), line);
            assertEquals(m.group(3), m.group(8), line);
        }
    }

    /**
     * The filters count only the games that pass and --games lists them. Expected counts are taken
     * from the file's own tags (White, Date), not from the database.
     */
    @Test
    void theFiltersCountOnlyTheGamesThatPassAndListThem() throws Exception {
        Path pgn = shared("chess/pgn/Capablanca.pgn");
        Run imported = cli.run("tree", "import", pgn.toString(), "--db", "capa-filter", "--progress", "none");
        assertEquals(0, imported.exit(), imported.err());
        long asWhite = 0;
        long asWhiteIn1920s = 0;
        for (String game : Files.readString(pgn, StandardCharsets.ISO_8859_1).split("(?=\\[Event )")) {
            Matcher w = Pattern.compile("(?m)^\\[White \"([^\"]*)\"").matcher(game);
            if (!w.find() || !w.group(1).toLowerCase(java.util.Locale.ROOT).contains("capablanca")) {
                continue;
            }
            asWhite++;
            Matcher y = Pattern.compile("(?m)^\\[Date \"(\\d{4})").matcher(game);
            if (y.find() && Integer.parseInt(y.group(1)) >= 1920 && Integer.parseInt(y.group(1)) <= 1929) {
                asWhiteIn1920s++;
            }
        }
        assertTrue(asWhite > 100 && asWhiteIn1920s > 10 && asWhiteIn1920s < asWhite, asWhite + " " + asWhiteIn1920s);

        Run white1 = cli.run("tree", "query", "--db", "capa-filter", "--no-eval", "--player", "capablanca", "--side", "white",
                "--games", "5");
        assertEquals(0, white1.exit(), white1.err());
        assertEquals(asWhite, sumOfGames(white1.out()), "the moves from the start, counted over his White games");
        List<String> listed = white1.out().stream().filter(l -> l.startsWith("game ")).toList();
        assertEquals(5, listed.size(), white1.out().toString());
        for (String g : listed) {
            assertTrue(g.matches("game (\\d{4}|-) (1-0|0-1|1/2-1/2|\\*) .*[Cc]apablanca.* - .* \\| .* \\| .*Capablanca\\.pgn:\\d+"), g);
        }
        Run twenties = cli.run("tree", "query", "--db", "capa-filter", "--no-eval", "--player", "capablanca", "--side", "white",
                "--years", "1920-1929");
        assertEquals(asWhiteIn1920s, sumOfGames(twenties.out()));
        Run bad = cli.run("tree", "query", "--db", "capa-filter", "--years", "1930-1920");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("--years"), bad.err());
    }

    private static long sumOfGames(List<String> out) {
        long n = 0;
        for (String line : out) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                n += Long.parseLong(m.group(3));
            }
        }
        return n;
    }
}

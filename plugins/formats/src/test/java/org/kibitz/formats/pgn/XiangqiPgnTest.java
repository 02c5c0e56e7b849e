package org.kibitz.formats.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.Fixtures;
import org.kibitz.formats.TestFiles;
import org.kibitz.formats.text.EncodingDetector;

class XiangqiPgnTest {

    private static List<GameTree> clean(List<ReadResult> results) {
        for (ReadResult r : results) {
            assertTrue(r.problems().isEmpty(), () -> "game " + r.gameNumber() + ": " + r.problems());
        }
        return results.stream().map(r -> r.game().orElseThrow()).toList();
    }

    private static List<GameTree> resource(String name) {
        return clean(Fixtures.read("pgn", TestFiles.resource(name), name));
    }

    /**
     * The three files agree move for move but in one place: game 2, ply 71, where the Chinese and
     * WXF files write 后兵进一 / －Ｐ＋１ (the rear pawn, e3e4) and the ICCS file e5e6 (the front pawn,
     * 前兵进一). Red has pawns on e3 and e5 there; 12 other front/rear moves in the files agree, so
     * this is a slip in the source data, not a reading of 前/后: the games follow the files.
     */
    @Test
    void theThreeXqdbNotationFilesGiveIdenticalGames() {
        List<GameTree> chinese = resource("pgn/xqdb-xqdb_traditional.pgn");
        List<GameTree> wxf = resource("pgn/xqdb-xqdb_international.pgn");
        List<GameTree> iccs = resource("pgn/xqdb-bulk_games_uci.pgn");
        assertEquals(15, chinese.size());
        assertEquals(15, wxf.size());
        assertEquals(15, iccs.size());
        for (int i = 0; i < 15; i++) {
            GameTree c = chinese.get(i);
            assertEquals("xiangqi", c.gameId(), "told by the moves: no tag says so");
            assertTrue(c.mainline().size() > 20);
            assertEquals(Fixtures.dump(c), Fixtures.dump(wxf.get(i)), "game " + (i + 1) + " in WXF");
            List<String> a = Fixtures.mainline(c, "iccs");
            List<String> b = Fixtures.mainline(iccs.get(i), "iccs");
            if (i == 1) {
                assertEquals(a.subList(0, 70), b.subList(0, 70));
                assertEquals("e3e4", a.get(70));
                assertEquals("e5e6", b.get(70));
                assertEquals("后兵进一", Fixtures.mainline(c, "chinese").get(70));
                assertEquals(a.size(), b.size());
            } else {
                assertEquals(Fixtures.dump(c), Fixtures.dump(iccs.get(i)), "game " + (i + 1) + " in ICCS");
            }
        }
    }

    @Test
    void everyLiuDahuaGameReadsWithNoError() throws Exception {
        Path file = TestFiles.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        List<GameTree> games = clean(Fixtures.read("pgn", file));
        assertEquals(1125, games.size());
        assertTrue(games.stream().allMatch(g -> g.gameId().equals("xiangqi") && !g.mainline().isEmpty()));
        // Every move the file has was read: the plies equal the move tokens of the file.
        long tokens;
        try (Stream<String> lines = Files.lines(file)) {
            tokens = lines.filter(l -> !l.startsWith("[")).flatMap(l -> Stream.of(l.split("\\s+")))
                    .filter(t -> t.matches("[a-i]\\d[a-i]\\d")).count();
        }
        assertEquals(tokens, games.stream().mapToLong(g -> g.mainline().size()).sum());
    }

    /**
     * The Big5 tournament corpus (Chinese Chess Practical Dataset, Yu-Han Tseng and Bo-Nian Chen,
     * CC BY 4.0) reads whole: every game, every result, every move but those of the one game the
     * source recorded wrongly. Game 21177 (尚威 v 胡榮華) has 35. 炮九進六, a cannon check along the
     * back rank through the advisor on d10, answered by 士６進５ (the other advisor), which leaves
     * the king in check: the record has the wrong advisor (士４進５ would parry), so the game stops
     * there with one error.
     */
    @Test
    void everyBig5TournamentGameReads() throws Exception {
        Path file = TestFiles.shared("xiangqi/pgn/ccpd-tournaments-big5.pgn");
        int games = 0;
        int clean = 0;
        long plies = 0;
        Map<String, Integer> results = new TreeMap<>();
        List<String> unclean = new ArrayList<>();
        try (GameReader r = Fixtures.format("pgn").reader(Files.newInputStream(file), ReadContext.of("big5.pgn", Fixtures.GAMES))) {
            for (ReadResult g; (g = r.next()) != null; ) {
                games++;
                GameTree t = g.game().orElseThrow();
                assertEquals("xiangqi", t.gameId());
                results.merge(t.tags().get("Result").orElseThrow(), 1, Integer::sum);
                plies += t.mainline().size();
                if (g.clean()) {
                    clean++;
                } else {
                    unclean.add(g.gameNumber() + " " + g.problems());
                }
                if (games == 1) {
                    assertEquals("義大利 何志敏", t.tags().get("Red").orElseThrow());
                    assertEquals("中國香港 黃學謙", t.tags().get("Black").orElseThrow());
                    assertEquals(List.of("h2e2", "h9g7", "h0g2", "i9h9"), Fixtures.mainline(t, "iccs").subList(0, 4));
                }
            }
        }
        assertEquals(29_870, games);
        assertEquals(Map.of("1-0", 11_725, "1/2-1/2", 10_102, "0-1", 8_043), results);
        assertEquals(29_869, clean, unclean.toString());
        assertEquals(1, unclean.size());
        assertTrue(unclean.get(0).startsWith("21177 ") && unclean.get(0).contains("士６進５"), unclean.get(0));
        // Every move of the file was read, less the three after the illegal one (35... 36. 36...).
        long tokens = moveTokens(file);
        assertEquals(tokens - 3, plies);
    }

    /** Moves in the file, counted from the bytes: a Big5 pair for the piece, then three more pairs. */
    private static long moveTokens(Path file) throws Exception {
        long n = 0;
        try (Stream<String> lines = Files.lines(file, EncodingDetector.BIG5)) {
            for (String l : (Iterable<String>) lines::iterator) {
                if (!l.isEmpty() && Character.isDigit(l.charAt(0))) {
                    for (String t : l.split("\\s+")) {
                        if (t.length() == 4 && t.codePoints().allMatch(c -> c > 0x2000)) {
                            n++;
                        }
                    }
                }
            }
        }
        return n;
    }

    static Stream<Path> ccgc() throws Exception {
        return Files.list(TestFiles.shared("xiangqi/pgn")).filter(p -> p.getFileName().toString().startsWith("ccgc-")).sorted();
    }

    @ParameterizedTest
    @MethodSource("ccgc")
    void gbkChampionshipGamesReadWithTheirResults(Path file) {
        List<GameTree> games = clean(Fixtures.read("pgn", file));
        assertEquals(1, games.size());
        GameTree g = games.get(0);
        assertEquals("xiangqi", g.gameId());
        assertTrue(g.mainline().size() > 10);
        String name = file.getFileName().toString();
        // The file names say who won: 先胜 the first player won, 先负 lost, 先和 drew.
        String expected = name.contains("先胜") ? "1-0" : name.contains("先负") ? "0-1" : "1/2-1/2";
        assertEquals(expected, g.tags().get("Result").orElseThrow());
        assertTrue(g.tags().get("Red").orElseThrow().length() >= 2);
    }

    @Test
    void cchessReferenceLines() {
        // The cchess project's tests list these main lines for its two PGN files.
        GameTree test = resource("xqf/cchess-test.pgn").get(0);
        assertEquals("炮二平五,马２进３,马二进三,马８进９,车一进一,象３进５,兵五进一,炮８平６,兵五进一,卒５进１,马三进五,士４进５,车一平六,车１平４,车九进一,炮２进７,车六进八,将５平４,车九平六,将４平５,马五进七,炮６进３,马七进六,炮６平５,炮五进三",
                String.join(",", Fixtures.mainline(test, "chinese")));
        GameTree two = resource("xqf/cchess-test2.pgn").get(0);
        assertEquals(102, two.mainline().size());
        assertEquals("相七进五,炮２平５,兵七进一,马２进３,马八进七,车１平２,车九平八,炮８平６,炮八进四,马８进７,马二进三,车９平８,车一平二,车８进４,炮二平一,车８进５,马三退二,卒７进１,仕四进五,卒５进１,马二进三,炮５进１,炮八进二,士４进５,兵三进一,卒７进１,相五进三,炮５平７,马三进四,炮７进６,马四进六,象３进５,马六进七,炮６平３,炮八退一,士５进４,炮一平五,士６进５,马七进六,将５平６,炮五进三,炮３进３,相三退五,炮３退１,炮五平四,马７进６,马六进四,炮７退８,兵五进一,车２进１,马四进三,将６平５,兵五进一,士５进６,马三退一,炮７平３,仕五进四,后炮退１,兵五平六,前炮进２,车八进三,前炮平１,兵六进一,炮１进３,仕六进五,炮３平２,兵六进一,炮２进２,车八进三,炮１退４,车八平九,炮１平２,车九退二,前炮退１,车九进五,车２退１,车九退四,前炮进１,马一进三,后炮进２,兵六进一,前炮平５,帅五平六,炮５退２,兵一进一,炮５平７,帅六平五,卒３进１,仕五退六,炮７平５,相五退七,卒３进１,马三进一,将５平６,车九进一,炮５平２,马一退三,将６进１,车九进一,后炮退１,车九退一,后炮进１",
                String.join(",", Fixtures.mainline(two, "chinese")));
        assertEquals("1/2-1/2", two.tags().get("Result").orElseThrow());
        assertEquals("华山", two.tags().get("Site").orElseThrow());
    }

    @ParameterizedTest
    @ValueSource(strings = {"chinese", "wxf", "iccs"})
    void pgnToPgnKeepsEverythingInEachNotation(String notation) {
        for (String file : List.of("pgn/xqdb-xqdb_traditional.pgn", "xqf/eleeye-SAMPLE.PGN", "pgn/ccgc-05.pgn")) {
            List<GameTree> games = resource(file);
            byte[] out = Fixtures.write("pgn", games, Optional.of(notation));
            List<GameTree> again = clean(Fixtures.read("pgn", out, "again.pgn"));
            assertEquals(games.size(), again.size());
            for (int i = 0; i < games.size(); i++) {
                assertEquals(withoutWriterTags(Fixtures.dump(games.get(i))), withoutWriterTags(Fixtures.dump(again.get(i))),
                        file + " game " + (i + 1));
            }
        }
    }

    /** The tags the PGN writer adds or rewrites: the game's name, the notation, the set-up position. */
    static String withoutWriterTags(String dump) {
        return dump.replaceAll("(?m)^(Game|SetUp|FEN|Format)=.*\n", "");
    }

    @Test
    void variationsAndCommentsSurviveXqfToPgnToXqf() {
        for (String name : List.of("cchess-game_varations.xqf", "cchess-test_5_variations.xqf", "cchess-UnitTest.xqf", "cchess-BadMoveTest2.xqf")) {
            GameTree original = Fixtures.readClean("xqf", TestFiles.resource("xqf/" + name), name);
            GameTree viaPgn = Fixtures.readClean("pgn", Fixtures.write("pgn", List.of(original), Optional.empty()), name + ".pgn");
            GameTree back = Fixtures.readClean("xqf", Fixtures.write("xqf", List.of(viaPgn), Optional.empty()), name);
            assertEquals(Fixtures.dump(original), Fixtures.dump(back), name);
        }
    }

    @Test
    void setUpPositionsGetFenAndSetUpTags() {
        GameTree g = Fixtures.readClean("xqf", TestFiles.resource("xqf/cchess-ucci_test1.xqf"), "u.xqf");
        String pgn = new String(Fixtures.write("pgn", List.of(g), Optional.of("iccs")), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(pgn.startsWith("[Game \"Chinese Chess\"]\n"), pgn);
        assertTrue(pgn.contains("[SetUp \"1\"]\n[FEN \"2b1kabn1/4aR3/3R2N2/4p1p2/5P3/4P4/3N2Pr1/4C1n2/3pAr3/4K3c w - - 0 1\"]\n"), pgn);
        assertTrue(pgn.contains("{红弃双车，马炮胜} 1. e2e6 e8f7 2. d7e7 e9d9 "), pgn);
    }

    @Test
    void aGameWithAWhiteTagIsWrittenWithRed() {
        // Games made here (matches, play) name the first player White, as for chess; xiangqi readers want Red.
        GameTree g = Fixtures.readClean("xqf", TestFiles.resource("xqf/cchess-ucci_test1.xqf"), "u.xqf");
        g.tags().remove("Red");
        g.tags().put("White", "Pikafish");
        g.tags().put("Black", "Fairy-Stockfish");
        String pgn = new String(Fixtures.write("pgn", List.of(g), Optional.of("iccs")), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(pgn.contains("[Red \"Pikafish\"]\n[Black \"Fairy-Stockfish\"]\n"), pgn);
        assertFalse(pgn.contains("[White "), pgn);
        GameTree back = Fixtures.readClean("pgn", pgn.getBytes(java.nio.charset.StandardCharsets.UTF_8), "back.pgn");
        assertEquals("Pikafish", back.tags().get("Red").orElseThrow());
    }
}

package org.kibitz.formats.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.api.tree.PgnCommand;
import org.kibitz.formats.Fixtures;
import org.kibitz.formats.TestFiles;

class ChessPgnTest {

    private static List<ReadResult> read(String text) {
        return Fixtures.read("pgn", text.getBytes(StandardCharsets.UTF_8), "t.pgn");
    }

    private static List<GameTree> clean(List<ReadResult> results) {
        for (ReadResult r : results) {
            assertTrue(r.problems().isEmpty(), () -> "game " + r.gameNumber() + ": " + r.problems());
        }
        return results.stream().map(r -> r.game().orElseThrow()).toList();
    }

    private static List<GameTree> pychess(String name) {
        return clean(Fixtures.read("pgn", TestFiles.resource("pgn/pychess-" + name + ".pgn"), name));
    }

    @ParameterizedTest
    @CsvSource({"Capablanca.pgn, 597", "tatamast22.pgn, 91", "WorldChamp1886.pgn, 20"})
    void masterGameFilesReadWithNoError(String file, int games) {
        List<GameTree> all = clean(Fixtures.read("pgn", TestFiles.shared("chess/pgn/" + file)));
        assertEquals(games, all.size());
        assertTrue(all.stream().allMatch(g -> g.gameId().equals("chess")));
    }

    // The python-chess hard cases, with what its own tests expect of them.

    @Test
    void nullMoveZ0InTheMainLine() {
        GameTree g = pychess("anastasian-lewis").get(0);
        assertEquals("5rk1/2p1R2p/p5pb/2PPR3/8/2Q2B2/5P2/4K2q w - - 3 43", g.mainlineEnd().position().fen());
        GameNode z0 = g.mainline().get(81);
        assertTrue(z0.move().orElseThrow().isNull());
        String out = new String(Fixtures.write("pgn", List.of(g), Optional.empty()), StandardCharsets.UTF_8);
        assertTrue(out.contains("41. Bxf3 -- 42. Ke1 Qh1+ 1-0"), out);
    }

    @Test
    void antichessIsRefusedByName() {
        List<ReadResult> r = Fixtures.read("pgn", TestFiles.resource("pgn/pychess-antichess-programfox.pgn"), "anti.pgn");
        assertEquals(2, r.size());
        for (ReadResult x : r) {
            assertTrue(x.game().isEmpty());
            assertEquals(1, x.problems().size());
        }
        assertEquals("anti.pgn:game 2:line 5: Antichess is a variant Kibitz does not play: game skipped", r.get(1).problems().get(0).toString());
    }

    @Test
    void crazyhouseIsRefusedByName() {
        List<ReadResult> r = Fixtures.read("pgn", TestFiles.resource("pgn/pychess-knightvuillaume-jannlee-zh-lichess.pgn"), "zh.pgn");
        assertEquals(1, r.size());
        assertTrue(r.get(0).game().isEmpty());
        assertEquals("zh.pgn:game 1:line 1: Crazyhouse is a variant Kibitz does not play: game skipped", r.get(0).problems().get(0).toString());
    }

    @Test
    void problemsAreShownInChineseToo() {
        List<ReadResult> r = Fixtures.read("pgn", TestFiles.resource("pgn/pychess-knightvuillaume-jannlee-zh-lichess.pgn"), "zh.pgn");
        assertEquals("zh.pgn:game 1:line 1: Crazyhouse 是 Kibitz 不支持的变体，已跳过此局",
                r.get(0).problems().get(0).render(java.util.Locale.SIMPLIFIED_CHINESE));
        List<ReadResult> bad = read("1. e4 e5 2. Ke3 *\n");
        // The rules module's own reason is shown in the same language as the message around it.
        String zh = bad.get(0).problems().get(0).render(java.util.Locale.SIMPLIFIED_CHINESE);
        assertTrue(zh.startsWith("t.pgn:game 1:line 1: 在 2. 应为白方的合法着法："), zh);
        assertTrue(!zh.contains("is not"), zh);
    }

    @Test
    void windows1252NamesAreReadAndWrittenAsUtf8() {
        byte[] latin = "[White \"Réti, Richard\"]\n[Black \"Grünfeld, Ernst\"]\n\n1. Nf3 d5 *\n".getBytes(java.nio.charset.Charset.forName("windows-1252"));
        GameTree g = clean(Fixtures.read("pgn", latin, "old.pgn")).get(0);
        assertEquals("Réti, Richard", g.tags().get("White").orElseThrow());
        assertEquals("Grünfeld, Ernst", g.tags().get("Black").orElseThrow());
        String out = new String(Fixtures.write("pgn", List.of(g), Optional.empty()), StandardCharsets.UTF_8);
        assertTrue(out.contains("[White \"Réti, Richard\"]"), out);
    }

    @Test
    void theSameGamesWithOneReaderThreadOrMany() throws Exception {
        byte[] file = java.nio.file.Files.readAllBytes(TestFiles.shared("chess/pgn/tatamast22.pgn"));
        List<String> one = new java.util.ArrayList<>();
        List<String> many = new java.util.ArrayList<>();
        for (int workers : new int[] {1, 4}) {
            PgnScanner scanner = new PgnScanner(org.kibitz.formats.text.LineReader.open(new java.io.ByteArrayInputStream(file), Optional.empty()), "t.pgn");
            try (PgnGameReader r = new PgnGameReader(scanner, ReadContext.of("t.pgn", Fixtures.GAMES), workers)) {
                for (ReadResult x; (x = r.next()) != null; ) {
                    (workers == 1 ? one : many).add(x.gameNumber() + " " + Fixtures.dump(x.game().orElseThrow()));
                }
            }
        }
        assertEquals(91, one.size());
        assertEquals(one, many);
    }

    @Test
    void chessBaseEmptyLines() {
        GameTree g = pychess("chessbase-empty-line").get(0);
        assertEquals(134, g.mainline().size());
        assertEquals("2017.12.04", g.tags().get("Date").orElseThrow());
        assertEquals("0-1", g.tags().get("Result").orElseThrow());
    }

    @Test
    void cutechessFischerRandom() {
        List<GameTree> games = pychess("cutechess-fischerrandom");
        assertEquals(4, games.size());
        GameTree g = games.get(0);
        assertEquals("nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1", g.startPosition().fen());
        assertEquals(120, g.mainline().size());
        assertEquals("+M1/127 0.003s, Black mates", g.mainlineEnd().comment());
        // 9... O-O and 21. O-O-O are Chess960 castlings: the king takes its own rook.
        assertEquals("O-O", Fixtures.mainline(g, "san").get(17));
        assertEquals("O-O-O", Fixtures.mainline(g, "san").get(40));
    }

    @Test
    void uciMovesInsteadOfSan() {
        GameTree g = pychess("uci-moves").get(0);
        assertEquals("8/8/2B5/4k3/4Pp2/1b6/1P3K2/8 b - - 0 57", g.mainlineEnd().position().fen());
    }

    @Test
    void utf8ByteOrderMarkAndGamesWithoutMoves() {
        List<GameTree> games = pychess("utf8-bom");
        assertEquals(List.of("A", "B"), games.stream().map(g -> g.tags().get("Event").orElseThrow()).toList());
        assertTrue(games.stream().allMatch(g -> g.mainline().isEmpty()));
    }

    @Test
    void theRestOfTheHardCases() {
        assertEquals("r1bqkb1r/pp1ppppp/5n2/2p5/2P1P3/2Nn2P1/PP1PNP1P/R1BQKB1R w KQkq - 1 6",
                pychess("molinari-bordais-1979").get(0).mainlineEnd().position().fen());
        assertEquals(97, pychess("nepomniachtchi-liren-game1").get(0).mainline().size());
        GameTree learning = pychess("stockfish-learning").get(0);
        assertEquals(154, learning.mainline().size());
        assertEquals("book", learning.mainline().get(0).comment());
    }

    @Test
    void variationsNagsAndComments() {
        GameTree g = pychess("variations-nags-and-comments").get(0);
        assertEquals("Main opening:", g.root().comment());
        GameNode e4 = g.mainline().get(0);
        assertEquals(4, e4.children().size());
        GameNode c5 = e4.children().get(0);
        assertEquals("Sicilian", c5.comment());
        GameNode d5 = e4.children().get(1);
        assertEquals("Scandinavian defense:", d5.startingComment());
        GameNode h5 = e4.children().get(2);
        assertEquals(List.of(2), h5.nags());
        assertEquals("is nonesense", h5.comment());
        GameNode nc6 = e4.children().get(3).lineFromHere().get(4);
        assertEquals(List.of(4), nc6.nags());
        assertEquals("falls for\nmate", nc6.comment());
        assertEquals(2, nc6.children().size());
        assertEquals("would have been mate", nc6.children().get(1).comment());
        assertEquals(List.of(16), g.mainline().get(9).nags());
        assertEquals("loses the bishop", g.mainline().get(8).comment());
        assertEquals(13, g.mainline().size());
        // Written back as python-chess writes it: numbers only where the export format needs them.
        String out = new String(Fixtures.write("pgn", List.of(g), Optional.empty()), StandardCharsets.UTF_8);
        assertEquals("""
                {Main opening:} 1. e4 c5 {Sicilian} ( {Scandinavian defense:} 1... d5 ) ( 1...
                h5 $2 {is nonesense} ) ( 1... e5 2. Qf3 $2 Bc5 3. Bc4 Nc6 $4 {falls for
                mate} 4. Ne2 $4 {throws the mate away} ( 4. Qxf7# {would have been mate} ) ) 2.
                Nf3 g6 {is the accelerated dragon} 3. d4 cxd4 4. Qxd4 Nf6 5. Ba6 $4
                {loses the bishop} 5... bxa6 $16 6. O-O Nxe4 $2 7. Qxe4 $10 *
                """, out.substring(out.indexOf("\n\n") + 2, out.length() - 1));
        String variation = new String(Fixtures.write("pgn", clean(read("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n")), Optional.empty()),
                StandardCharsets.UTF_8);
        assertTrue(variation.contains("1. e4 e5 ( 1... c5 2. Nf3 ) 2. Nf3 *"), variation);
        String white = new String(Fixtures.write("pgn", clean(read("1. e4 (1. d4 d5) 1... e5 *\n")), Optional.empty()),
                StandardCharsets.UTF_8);
        assertTrue(white.contains("1. e4 ( 1. d4 d5 ) 1... e5 *"), white);
    }

    @ParameterizedTest
    @ValueSource(strings = {"anastasian-lewis", "chessbase-empty-line", "cutechess-fischerrandom", "molinari-bordais-1979",
            "nepomniachtchi-liren-game1", "stockfish-learning", "uci-moves", "utf8-bom", "variations-nags-and-comments"})
    void pgnToPgnKeepsMovesCommentsAndVariations(String name) {
        List<GameTree> games = pychess(name);
        List<GameTree> again = clean(Fixtures.read("pgn", Fixtures.write("pgn", games, Optional.empty()), "again.pgn"));
        assertEquals(games.size(), again.size());
        for (int i = 0; i < games.size(); i++) {
            assertEquals(withoutRosterDefaults(Fixtures.dump(games.get(i))),
                    withoutRosterDefaults(Fixtures.dump(again.get(i))), name + " game " + (i + 1));
        }
    }

    /** The writer fills the seven-tag roster ("?" for what is unknown) and sets SetUp/FEN. */
    private static String withoutRosterDefaults(String dump) {
        return XiangqiPgnTest.withoutWriterTags(dump).replaceAll("(?m)^(Event|Site|Round|White|Black)=\\?\n", "")
                .replaceAll("(?m)^Date=\\?{4}\\.\\?\\?\\.\\?\\?\n", "");
    }

    @Test
    void capablancaRoundTripAndInUciNotation() {
        List<GameTree> games = clean(Fixtures.read("pgn", TestFiles.shared("chess/pgn/Capablanca.pgn")));
        for (String notation : List.of("san", "uci", "figurine")) {
            List<GameTree> again = clean(Fixtures.read("pgn", Fixtures.write("pgn", games, Optional.of(notation)), notation + ".pgn"));
            assertEquals(games.size(), again.size());
            for (int i = 0; i < games.size(); i++) {
                assertEquals(Fixtures.dump(games.get(i)), Fixtures.dump(again.get(i)), notation + " game " + (i + 1));
            }
        }
    }

    @Test
    void evalClockAndOtherCommandsAreStructured() {
        GameTree g = clean(read("""
                [Event "lichess"]

                1. e4 { [%eval 0.17] [%clk 0:01:00] } 1... e5 { [%eval #-3] [%clk 1:00:59.5] [%csl Ga4,Rb5] a plan } 2. Nf3 { [%eval -1.50,23] } *
                """)).get(0);
        List<GameNode> line = g.mainline();
        assertEquals(Optional.of(Score.centipawns(17)), line.get(0).evalForWhite());
        assertEquals(Optional.of(Duration.ofMinutes(1)), line.get(0).clock());
        assertEquals("", line.get(0).comment());
        assertEquals(Optional.of(Score.mate(-3)), line.get(1).evalForWhite());
        assertEquals(Optional.of(Duration.ofSeconds(3659, 500_000_000)), line.get(1).clock());
        assertEquals(List.of(new PgnCommand("csl", "Ga4,Rb5")), line.get(1).commands());
        assertEquals("a plan", line.get(1).comment());
        assertEquals(Optional.of(Score.centipawns(-150)), line.get(2).evalForWhite());
        String out = new String(Fixtures.write("pgn", List.of(g), Optional.empty()), StandardCharsets.UTF_8);
        // After a comment Black's move number is repeated, as the export format asks.
        assertTrue(out.contains("\n1. e4 {[%eval 0.17] [%clk 0:01:00]} 1... e5\n{[%eval #-3] [%clk 1:00:59.5] [%csl Ga4,Rb5] a plan} 2. Nf3 {[%eval -1.50]} *\n"), out);
    }

    @Test
    void aBadMoveIsLocatedAndTheGoodPartKept() {
        List<ReadResult> r = read("""
                [Event "one"]

                1. e4 e5 2. Nf3 (2. Qh5 Nc6 3. Qxf9 Nf6) 2... Nc6
                3. Bb5 a6 4. Bxc6 dxc6 5. Kxe8 Bd6 *

                [Event "two"]

                1. d4 d5 *
                """);
        assertEquals(2, r.size());
        ReadResult one = r.get(0);
        assertEquals(List.of(
                "t.pgn:game 1:line 3: at 3. expected a legal move for White: “Qxf9” is not a chess move; the rest of this line is skipped",
                "t.pgn:game 1:line 4: at 5. expected a legal move for White: “Kxe8” is not a legal move in this position; the rest of this line is skipped"),
                one.problems().stream().map(Object::toString).toList());
        GameTree g = one.game().orElseThrow();
        assertEquals(8, g.mainline().size());
        assertEquals(2, g.mainline().get(1).children().size());
        assertEquals(2, g.mainline().get(1).children().get(1).lineFromHere().size(), "2. Qh5 Nc6 kept");
        assertTrue(r.get(1).clean());
        assertEquals(2, r.get(1).game().orElseThrow().mainline().size());
    }

    @Test
    void gameToldByTheMovesOrByTheUser() {
        assertEquals("xiangqi", clean(read("1. h2e2 h9g7 2. h0g2 *\n")).get(0).gameId());
        assertEquals("chess", clean(read("1. e2e4 e7e5 *\n")).get(0).gameId());
        // Both games read h2h3 (a pawn, a cannon); the user's --game decides.
        byte[] ambiguous = "1. h2h3 *\n".getBytes(StandardCharsets.UTF_8);
        assertEquals("chess", clean(Fixtures.read("pgn", ambiguous, "a.pgn")).get(0).gameId());
        ReadContext xq = new ReadContext("a.pgn", Fixtures.GAMES, Optional.of("xiangqi"), Optional.empty());
        assertEquals("xiangqi", clean(Fixtures.read("pgn", new java.io.ByteArrayInputStream(ambiguous), xq)).get(0).gameId());
        assertEquals("xiangqi", clean(read("[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n*\n")).get(0).gameId());
    }

    @Test
    void resultTagAndMovetextResult() {
        GameTree noTag = clean(read("1. e4 1-0\n")).get(0);
        assertEquals("1-0", noTag.tags().get("Result").orElseThrow());
        List<ReadResult> r = read("[Result \"0-1\"]\n1. e4 1-0\n");
        assertEquals("t.pgn:game 1:line 2: the Result tag says 0-1 but the moves end with 1-0: kept the tag", r.get(0).problems().get(0).toString());
        assertTrue(r.get(0).clean(), "a warning, not an error");
    }

    @Test
    void unknownVariantAndBadFen() {
        List<ReadResult> r = read("[Variant \"Atomic\"]\n1. e4 *\n\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*\n");
        assertEquals("t.pgn:game 1:line 1: Atomic is a variant Kibitz does not play: game skipped", r.get(0).problems().get(0).toString());
        assertTrue(r.get(1).game().isEmpty());
        assertTrue(r.get(1).problems().get(0).toString().startsWith("t.pgn:game 2:line 4: FEN tag \"8/8/8/8/8/8/8/8 w - - 0 1\" is not a valid position ("),
                r.get(1).problems().toString());
    }
    @Test
    void gamesThatShareAFenTagEachStartFromIt() {
        String endgame = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n";
        String other = "[FEN \"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1\"]\n";
        String broken = "[FEN \"4k3/8/8/9/8/8/8/4K3 w - - 0 1\"]\n";
        List<ReadResult> r = read(endgame + "\n1. e4 *\n\n" + endgame + "\n1. e3 Kd7 *\n\n" + other + "\n1. d4 *\n\n"
                + broken + "\n1. e4 *\n\n" + broken + "\n1. e4 *\n\n" + endgame + "\n1. Kd2 *\n");
        assertEquals(6, r.size());
        assertEquals("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", r.get(0).game().orElseThrow().root().position().fen());
        assertEquals("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", r.get(0).game().orElseThrow().mainline().get(0).position().fen());
        assertEquals("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", r.get(1).game().orElseThrow().root().position().fen());
        assertEquals(2, r.get(1).game().orElseThrow().mainline().size());
        assertEquals("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", r.get(2).game().orElseThrow().root().position().fen());
        assertTrue(r.get(3).problems().get(0).toString().startsWith("t.pgn:game 4:line 13: FEN tag"), r.get(3).problems().toString());
        assertTrue(r.get(4).problems().get(0).toString().startsWith("t.pgn:game 5:line 17: FEN tag"), r.get(4).problems().toString());
        assertEquals("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", r.get(5).game().orElseThrow().root().position().fen());
    }
}


package org.kibitz.formats.movetext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.Fixtures;
import org.kibitz.formats.TestFiles;

class MoveTextTest {

    /** The movetext of a file's first game: the lines after its tags, up to the next game's tags. */
    private static String firstMovetext(String file, Charset cs) throws IOException {
        String all = Files.readString(TestFiles.shared("xiangqi/pgn/" + file), cs);
        StringBuilder sb = new StringBuilder();
        boolean inMoves = false;
        for (String line : all.split("\r?\n")) {
            boolean tag = line.startsWith("[");
            if (tag && inMoves) {
                break;
            }
            if (!tag && !line.isBlank()) {
                inMoves = true;
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    /** The same master game, pasted as plain text in Chinese, WXF (full-width) and ICCS: identical moves, as its PGN gives them. */
    @ParameterizedTest
    @ValueSource(strings = {"xqdb-xqdb_traditional.pgn", "xqdb-xqdb_international.pgn", "xqdb-bulk_games_uci.pgn"})
    void aPastedMoveListInAnyNotationGivesTheMovesOfItsPgn(String file) throws IOException {
        GameTree pgn = Fixtures.read("pgn", TestFiles.shared("xiangqi/pgn/xqdb-bulk_games_uci.pgn")).get(0).game().orElseThrow();
        String text = firstMovetext(file, StandardCharsets.UTF_8);
        GameTree game = Fixtures.readClean("text", text.getBytes(StandardCharsets.UTF_8), "pasted.txt");
        assertTrue(pgn.mainline().size() > 40);
        assertEquals(Fixtures.mainline(pgn, "iccs"), Fixtures.mainline(game, "iccs"));
    }

    @Test
    void traditionalBig5WithFullWidthDigitsReads() throws IOException {
        Charset big5 = Charset.forName("Big5-HKSCS");
        String text = firstMovetext("ccpd-tournaments-big5.pgn", big5);
        assertTrue(text.contains("進"), text);
        GameTree pgn = Fixtures.read("pgn", TestFiles.shared("xiangqi/pgn/ccpd-tournaments-big5.pgn")).get(0).game().orElseThrow();
        GameTree game = Fixtures.readClean("text", text.getBytes(big5), "big5.txt");
        assertEquals(Fixtures.mainline(pgn, "iccs"), Fixtures.mainline(game, "iccs"));
    }

    @Test
    void unnumberedListsWithoutSpacesAndAResultRead() {
        GameTree g = Fixtures.readClean("text", "炮二平五马８进７马二进三车９平８ 红胜".getBytes(StandardCharsets.UTF_8), "t.txt");
        assertEquals(List.of("h2e2", "h9g7", "h0g2", "i9h9"), Fixtures.mainline(g, "iccs"));
        assertEquals("1-0", g.tags().get("Result").orElseThrow());
        GameTree w = Fixtures.readClean("text", "C2.5 h8+7 H2+3 r9.8".getBytes(StandardCharsets.UTF_8), "w.txt");
        assertEquals(List.of("h2e2", "h9g7", "h0g2", "i9h9"), Fixtures.mainline(w, "iccs"));
    }

    @Test
    void writtenAndReadBackGivesTheSameMainLineFromASetUp() throws IOException {
        GameTree original = Fixtures.readClean("xqf", Files.readAllBytes(TestFiles.shared("xiangqi/xqf/cchess-test1.xqf")), "t.xqf");
        for (String notation : List.of("chinese", "wxf", "iccs")) {
            byte[] text = Fixtures.write("text", List.of(original), Optional.of(notation));
            GameTree again = Fixtures.readClean("text", text, "again.txt");
            assertEquals(original.startPosition().fen(), again.startPosition().fen(), notation);
            assertEquals(Fixtures.mainline(original, "iccs"), Fixtures.mainline(again, "iccs"), notation);
        }
        String chinese = new String(Fixtures.write("text", List.of(original), Optional.empty()), StandardCharsets.UTF_8);
        assertTrue(chinese.contains("1. "), chinese);
    }

    @Test
    void aBadMoveIsReportedWithItsLineAndTheMovesBeforeItKept() {
        List<ReadResult> r = Fixtures.read("text", "1. 炮二平五 马８进７\n2. 车一进三 车９平８\n".getBytes(StandardCharsets.UTF_8), "bad.txt");
        assertEquals(1, r.size());
        assertEquals(List.of("h2e2", "h9g7"), Fixtures.mainline(r.get(0).game().orElseThrow(), "iccs"));
        FormatProblem p = r.get(0).problems().get(0);
        assertEquals(FormatProblem.Location.line(2), p.location());
        assertFalse(r.get(0).clean());
    }

    @Test
    void pastedDhtmlXqPgnAndFenGoToTheirReaders() {
        GameTree d = Fixtures.readClean("text", "see [DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ] here"
                .getBytes(StandardCharsets.UTF_8), "d.txt");
        assertEquals(List.of("h2e2", "h9g7"), Fixtures.mainline(d, "iccs"));
        GameTree p = Fixtures.readClean("text", "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 *\n".getBytes(StandardCharsets.UTF_8), "p.txt");
        assertEquals(List.of("h2e2", "h9g7"), Fixtures.mainline(p, "iccs"));
        GameTree f = Fixtures.readClean("text", "3k4r/9/9/9/9/9/9/9/9/R3K4 b - - 0 1".getBytes(StandardCharsets.UTF_8), "f.txt");
        assertEquals("3k4r/9/9/9/9/9/9/9/9/R3K4 b - - 0 1", f.startPosition().fen());
    }

    /** A text file of several games, as the writer makes one: each numbered list (or FEN) after moves starts a game. */
    @Test
    void severalGamesInOneTextAreReadOneByOne() throws IOException {
        List<GameTree> games = Fixtures.read("pgn", TestFiles.shared("xiangqi/pgn/xqdb-bulk_games_uci.pgn")).stream()
                .limit(5).map(r -> r.game().orElseThrow()).toList();
        GameTree setUp = Fixtures.readClean("xqf", Files.readAllBytes(TestFiles.shared("xiangqi/xqf/cchess-test1.xqf")), "t.xqf");
        List<GameTree> all = new java.util.ArrayList<>(games);
        all.add(2, setUp);
        byte[] text = Fixtures.write("text", all, Optional.empty());
        List<ReadResult> back = Fixtures.read("text", text, "many.txt");
        assertEquals(all.size(), back.size());
        for (int i = 0; i < all.size(); i++) {
            assertTrue(back.get(i).clean(), back.get(i).problems().toString());
            assertEquals(Fixtures.mainline(all.get(i), "iccs"), Fixtures.mainline(back.get(i).game().orElseThrow(), "iccs"), "game " + (i + 1));
            assertEquals(all.get(i).startPosition().fen(), back.get(i).game().orElseThrow().startPosition().fen());
        }
    }
}

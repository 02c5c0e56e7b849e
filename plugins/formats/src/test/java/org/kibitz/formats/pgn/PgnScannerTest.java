package org.kibitz.formats.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.formats.TestFiles;
import org.kibitz.formats.text.LineReader;

class PgnScannerTest {

    static List<PgnGameText> scan(String text) throws IOException {
        return scan(text.getBytes(StandardCharsets.UTF_8));
    }

    static List<PgnGameText> scan(byte[] bytes) throws IOException {
        List<PgnGameText> out = new ArrayList<>();
        try (PgnScanner s = new PgnScanner(LineReader.open(new ByteArrayInputStream(bytes), Optional.empty()), "t.pgn")) {
            for (PgnGameText g; (g = s.next()) != null; ) {
                out.add(g);
            }
        }
        return out;
    }

    /** The tokens as short text: moves as is, NAGs $n, comments {..}, variations ( ), results. */
    static String tokens(PgnGameText g) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < g.size(); i++) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            switch (g.kind(i)) {
                case PgnGameText.MOVE, PgnGameText.RESULT -> sb.append(g.text(i));
                case PgnGameText.NAG -> sb.append('$').append(g.value(i));
                case PgnGameText.COMMENT -> sb.append('{').append(g.text(i)).append('}');
                case PgnGameText.OPEN -> sb.append('(');
                case PgnGameText.CLOSE -> sb.append(')');
                default -> sb.append('?');
            }
        }
        return sb.toString();
    }

    static int indexOf(PgnGameText g, String text) {
        for (int i = 0; i < g.size(); i++) {
            if (text.equals(g.text(i))) {
                return i;
            }
        }
        throw new AssertionError("no token " + text);
    }

    @Test
    void tagsMovesCommentsVariationsAndNags() throws IOException {
        List<PgnGameText> games = scan("""
                [Event "A \\"quoted\\" \\\\ name"]
                [White "[=0040.34h5a4]"]

                { Main opening: } 1. e4 c5 { Sicilian}  ( { Scandinavian: } 1... d5 ) (
                1... h5 $2 { is nonsense}  ) 2.Nf3 g6!? 3. d4 cxd4 ; rest of line
                % an escape line 1. e4
                4. Qxd4 +- 1-0
                """);
        assertEquals(1, games.size());
        PgnGameText g = games.get(0);
        assertEquals("A \"quoted\" \\ name", g.tag("Event"));
        assertEquals("[=0040.34h5a4]", g.tag("White"));
        assertEquals("{Main opening:} e4 c5 {Sicilian} ( {Scandinavian:} d5 ) ( h5 $2 {is nonsense} ) Nf3 g6 $5 d4 cxd4 {rest of line} Qxd4 $18 1-0",
                tokens(g));
        assertEquals(4, g.line(0));
        assertEquals(5, g.line(indexOf(g, "Nf3")));
        assertEquals(7, g.line(g.size() - 1));
    }

    @Test
    void aQuoteInsideATagValueIsTextUnlessABracketFollows() throws IOException {
        List<PgnGameText> games = scan("""
                [Event "首屆"嘉豐房地產杯"全國象棋王位賽"]
                [Site "a "b" c" ]
                [Round "1"\u3000] [Date "2008"]
                [Red "x "y"]
                [Black "z"

                1. h2e2 *
                """);
        PgnGameText g = games.get(0);
        assertEquals("首屆\"嘉豐房地產杯\"全國象棋王位賽", g.tag("Event"));
        assertEquals("a \"b\" c", g.tag("Site"));
        assertEquals("1", g.tag("Round"));
        assertEquals("2008", g.tag("Date"));
        assertEquals("x \"y", g.tag("Red"));
        assertEquals("z", g.tag("Black"));
    }

    @Test
    void gamesEndAtTheirResultOrAtTheNextTags() throws IOException {
        List<PgnGameText> games = scan("""
                [Event "1"]
                1. e4 e5 *
                [Event "2"]
                1. d4 d5
                [Event "3"]

                1. c4 1/2-1/2 [Event "4"]
                1. Nf3 0-1
                """);
        assertEquals(4, games.size());
        assertEquals(List.of(1, 2, 3, 4), games.stream().map(g -> g.number).toList());
        assertEquals("d4 d5", tokens(games.get(1)));
        assertEquals("c4 1/2-1/2", tokens(games.get(2)));
        assertEquals("4", games.get(3).tag("Event"));
        assertEquals(7, games.get(3).firstLine); // it shares the line with game 3's result
    }

    @Test
    void multiLineCommentsKeepTheirLineBreaksAndTheirStartLine() throws IOException {
        PgnGameText g = scan("[Event \"x\"]\n\n1. e4 {first\nsecond\r\n  third} e5 *\n").get(0);
        assertEquals("e4 {first\nsecond\n  third} e5 *", tokens(g));
        assertEquals(3, g.line(1));
        assertEquals(5, g.line(2));
    }

    @Test
    void blankLinesInsideHeadersAndMovetextAsChessBaseWritesThem() throws IOException {
        List<PgnGameText> games = scan(new String(TestFiles.resource("pgn/pychess-chessbase-empty-line.pgn"), StandardCharsets.UTF_8));
        assertEquals(1, games.size());
        assertEquals("2017.12.04", games.get(0).tag("Date"));
        assertEquals("AlphaZero vs. Stockfish", games.get(0).tag("Event"));
        assertTrue(tokens(games.get(0)).endsWith("Ra6+ Bd6 0-1"));
    }

    @Test
    void aGameWithTagsOnlyIsOneGame() throws IOException {
        List<PgnGameText> games = scan("[Event \"a\"]\n[Result \"*\"]\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. e4 *\n");
        assertEquals(2, games.size());
        assertEquals("", tokens(games.get(0)));
        assertEquals("e4 *", tokens(games.get(1)));
    }

    @Test
    void bannersBetweenGamesAreSkipped() throws IOException {
        List<PgnGameText> games = scan(TestFiles.resource("xqf/cchess-test.pgn"));
        assertEquals(1, games.size());
        assertEquals("炮二平五", games.get(0).firstMove());
        assertTrue(tokens(games.get(0)).endsWith("炮五进三 *"));
        assertEquals("象棋巫师(大师)", games.get(0).tag("Red"));
    }

    @Test
    void anUnclosedCommentDoesNotSwallowTheNextGame() throws IOException {
        List<PgnGameText> games = scan("[Event \"1\"]\n\n1. e4 {oops e5 2. Nf3\n\n[Event \"2\"]\n\n1. d4 *\n");
        assertEquals(2, games.size());
        assertEquals("e4 {oops e5 2. Nf3}", tokens(games.get(0)));
        FormatProblem p = games.get(0).problems.get(0);
        assertEquals("t.pgn:game 1:line 3: comment not closed: no closing brace before the next game", p.toString());
        assertEquals("d4 *", tokens(games.get(1)));
    }

    @Test
    void unbalancedParenthesesAreReported() throws IOException {
        PgnGameText g = scan("1. e4 ) e5 ( 1... c5 *\n").get(0);
        assertEquals("e4 e5 ( c5 *", tokens(g));
        assertEquals(2, g.problems.size());
    }

    @Test
    void xiangqiMoveNumbersAndFullWidthText() throws IOException {
        PgnGameText g = scan("""
                [Game "Chinese Chess"]
                  1. 炮二平五 炮８平５
                  3.          马８进７
                1. Ｃ２＝５ Ｈ８＋７ 2. h2e2 ＋Ｐ＋１ 3. 0-0 *
                """).get(0);
        assertEquals("炮二平五 炮８平５ 马８进７ Ｃ２＝５ Ｈ８＋７ h2e2 ＋Ｐ＋１ 0-0 *", tokens(g));
    }

    @Test
    void theEndOfTheFileEndsTheLastGame() throws IOException {
        List<PgnGameText> games = scan("[Event \"x\"]\n1. e4 e5");
        assertEquals(1, games.size());
        assertEquals("e4 e5", tokens(games.get(0)));
        assertNull(games.get(0).tag("Result"));
    }

    @Test
    void utf8ByteOrderMarkAndGamesWithoutMoves() throws IOException {
        List<PgnGameText> games = scan(TestFiles.resource("pgn/pychess-utf8-bom.pgn"));
        assertEquals(2, games.size());
        assertEquals("A", games.get(0).tag("Event"));
        assertEquals("*", tokens(games.get(0)));
    }
}

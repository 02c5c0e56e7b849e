package org.kibitz.formats.dhtmlxq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.Fixtures;
import org.kibitz.formats.TestFiles;

class DhtmlXqTest {

    /**
     * Our own decoding of a DhtmlXQ move list, from the format's facts alone: four digits a move,
     * column 0..8 = file a..i, row 0..9 counted from Black's back rank (rank = 9 - row).
     */
    static List<String> decode(String digits) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 4 <= digits.length(); i += 4) {
            out.add("" + (char) ('a' + digits.charAt(i) - '0') + (9 - (digits.charAt(i + 1) - '0'))
                    + (char) ('a' + digits.charAt(i + 2) - '0') + (9 - (digits.charAt(i + 3) - '0')));
        }
        return out;
    }

    private static String field(String block, String name) {
        Matcher m = Pattern.compile("\\[DhtmlXQ_" + name + "\\](.*?)\\[/DhtmlXQ_" + name + "\\]", Pattern.DOTALL).matcher(block);
        return m.find() ? m.group(1) : null;
    }

    @Test
    void theRealBlockOfTheCchessTestsReadsAsTheIndependentDecodingSays() throws IOException {
        byte[] bytes = Files.readAllBytes(TestFiles.shared("xiangqi/dhtmlxq/cchess-test_ubb.txt"));
        GameTree game = Fixtures.readClean("dhtmlxq", bytes, "cchess-test_ubb.txt");
        String movelist = field(new String(bytes, StandardCharsets.UTF_8), "movelist");
        List<String> expected = decode(movelist);
        assertEquals(77, expected.size());
        assertEquals(expected, Fixtures.mainline(game, "iccs"));
        assertEquals(List.of("炮二平五", "马８进７"), Fixtures.mainline(game, "chinese").subList(0, 2));
        assertEquals("1-0", game.tags().get("Result").orElseThrow());
        assertEquals("成都 孟辰", game.tags().get("Red").orElseThrow());
        assertEquals("江苏 刘柏宏", game.tags().get("Black").orElseThrow());
        assertEquals("2025年第五届上海杯象棋大师公开赛", game.tags().get("Event").orElseThrow());
        assertEquals("中炮对左三步虎", game.tags().get("Opening").orElseThrow());
        assertEquals("2025-09-27", game.tags().get("Date").orElseThrow());
    }

    @ParameterizedTest
    @ValueSource(strings = {"cchess-game_varations.xqf", "cchess-test_5_variations.xqf", "cchess-test1.xqf",
            "cchess-ucci_test1.xqf", "cchess-UnitTest.xqf", "eleeye-SAMPLE.XQF", "cchess-NoMove.xqf"})
    void writtenAndReadBackGivesTheSameGameWithSetUpVariationsAndComments(String name) throws IOException {
        byte[] xqf = Files.readAllBytes(TestFiles.shared("xiangqi/xqf/" + name));
        GameTree original = Fixtures.readClean("xqf", xqf, name);
        byte[] written = Fixtures.write("dhtmlxq", List.of(original), Optional.empty());
        GameTree again = Fixtures.readClean("dhtmlxq", written, "again.ubb");
        assertEquals(Fixtures.lines(original, "iccs"), Fixtures.lines(again, "iccs"));
        String a = Fixtures.dump(original);
        String b = Fixtures.dump(again);
        if (!a.equals(b)) {
            String[] x = a.split("\n");
            String[] y = b.split("\n");
            for (int i = 0; i < Math.min(x.length, y.length); i++) {
                if (!x[i].equals(y[i])) {
                    assertEquals(x[i], y[i], "line " + i);
                }
            }
        }
        assertEquals(a, b);
    }

    @Test
    void variationsFollowTheBranchNumbersOfTheFormat() {
        // Main line h2e2 h9g7 h0g2; branch 1 replaces Black's first move (step 2) with a6a5, then h0g2;
        // branch 2 replaces branch 1's step 3 with a3a4. Comments: start, main step 2, branch 1 step 3.
        String block = """
                [DhtmlXQ]
                [DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]
                [DhtmlXQ_move_0_2_1]03047967[/DhtmlXQ_move_0_2_1]
                [DhtmlXQ_move_1_3_2]0605[/DhtmlXQ_move_1_3_2]
                [DhtmlXQ_comment0]start||second line[/DhtmlXQ_comment0]
                [DhtmlXQ_comment2]main two[/DhtmlXQ_comment2]
                [DhtmlXQ_comment1_3]branch one three[/DhtmlXQ_comment1_3]
                [DhtmlXQ_result]和棋[/DhtmlXQ_result]
                [/DhtmlXQ]
                """;
        GameTree g = Fixtures.readClean("dhtmlxq", block.getBytes(StandardCharsets.UTF_8), "v.ubb");
        assertEquals(List.of(List.of("h2e2", "h9g7", "h0g2"), List.of("h2e2", "a6a5", "h0g2"), List.of("h2e2", "a6a5", "a3a4")),
                Fixtures.lines(g, "iccs"));
        assertEquals("start\nsecond line", g.root().comment());
        assertEquals("main two", g.mainline().get(1).comment());
        assertEquals("branch one three", g.root().children().get(0).children().get(1).children().get(0).comment());
        assertEquals("1/2-1/2", g.tags().get("Result").orElseThrow());
        String again = new String(Fixtures.write("dhtmlxq", List.of(g), Optional.empty()), StandardCharsets.UTF_8);
        assertEquals("03047967", field(again, "move_0_2_1"));
        assertEquals("0605", field(again, "move_1_3_2"));
        assertEquals("和棋", field(again, "result"));
        assertEquals("start||second line", field(again, "comment0"));
    }

    @Test
    void aSetUpPositionWithBlackToMoveComesFromBinit() {
        // Red: king e0 (49), rook a0 (09); Black: king d9 (30), rook i9 (80); everything else 99.
        StringBuilder binit = new StringBuilder();
        String[] red = {"09", "99", "99", "99", "49", "99", "99", "99", "99", "99", "99", "99", "99", "99", "99", "99"};
        String[] black = {"99", "99", "99", "99", "30", "99", "99", "99", "80", "99", "99", "99", "99", "99", "99", "99"};
        for (String s : red) {
            binit.append(s);
        }
        for (String s : black) {
            binit.append(s);
        }
        String block = "[DhtmlXQ][DhtmlXQ_binit]" + binit + "[/DhtmlXQ_binit][DhtmlXQ_movelist]80880900[/DhtmlXQ_movelist][/DhtmlXQ]";
        GameTree g = Fixtures.readClean("dhtmlxq", block.getBytes(StandardCharsets.UTF_8), "s.ubb");
        assertEquals("3k4r/9/9/9/9/9/9/9/9/R3K4 b - - 0 1", g.startPosition().fen());
        assertEquals(List.of("i9i1", "a0a9"), Fixtures.mainline(g, "iccs"));
        String again = new String(Fixtures.write("dhtmlxq", List.of(g), Optional.empty()), StandardCharsets.UTF_8);
        // Like pieces may take each other's slots: the position read back is what counts.
        assertEquals(g.startPosition().fen(),
                Fixtures.readClean("dhtmlxq", again.getBytes(StandardCharsets.UTF_8), "again.ubb").startPosition().fen());
        String written = field(again, "binit");
        int absent = 0;
        for (int i = 0; i < 64; i += 2) {
            absent += written.startsWith("99", i) ? 1 : 0;
        }
        assertEquals(28, absent);
    }

    @Test
    void aBrokenGameIsReportedWithItsLineAndTheNextGameStillReads() {
        String text = """
                [DhtmlXQ]
                [DhtmlXQ_title]one[/DhtmlXQ_title]
                [DhtmlXQ_movelist]77477062
                77470000[/DhtmlXQ_movelist]
                [/DhtmlXQ]
                [DhtmlXQ]
                [DhtmlXQ_title]two[/DhtmlXQ_title]
                [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]
                [/DhtmlXQ]
                """;
        List<ReadResult> r = Fixtures.read("dhtmlxq", text.getBytes(StandardCharsets.UTF_8), "two.ubb");
        assertEquals(2, r.size());
        assertEquals(List.of("h2e2", "h9g7"), Fixtures.mainline(r.get(0).game().orElseThrow(), "iccs"));
        FormatProblem p = r.get(0).problems().get(0);
        assertEquals(FormatProblem.Severity.ERROR, p.severity());
        assertEquals("two.ubb:game 1:line 3", p.toString().substring(0, "two.ubb:game 1:line 3".length()));
        assertTrue(r.get(1).clean());
        assertEquals(2, r.get(1).game().orElseThrow().mainline().size());
    }

    /** The game list's pass (tags and main-line length, no move played) gives what the full read gives. */
    @Test
    void theHeaderPassListsTheSameTagsAndPliesAsTheFullRead() throws IOException {
        String name = "cchess-1989年龙化杯象棋名师邀请赛35局.CBL";
        List<GameTree> library = Fixtures.read("ccbridge", Files.readAllBytes(TestFiles.shared("xiangqi/ccbridge/" + name)), name)
                .stream().map(r -> r.game().orElseThrow()).toList();
        byte[] ubb = Fixtures.write("dhtmlxq", library, Optional.empty());
        List<ReadResult> full = Fixtures.read("dhtmlxq", ubb, "lib.ubb");
        List<org.kibitz.api.format.GameHeader> headers = new ArrayList<>();
        try (var r = Fixtures.format("dhtmlxq").reader(new java.io.ByteArrayInputStream(ubb),
                org.kibitz.api.format.ReadContext.of("lib.ubb", Fixtures.GAMES))) {
            for (org.kibitz.api.format.GameHeader h; (h = r.nextHeader()) != null; ) {
                headers.add(h);
            }
        }
        assertEquals(36, full.size());
        assertEquals(full.size(), headers.size());
        for (int i = 0; i < full.size(); i++) {
            GameTree g = full.get(i).game().orElseThrow();
            assertEquals(g.tags().asMap(), headers.get(i).tags(), "game " + (i + 1));
            assertEquals(g.mainline().size(), headers.get(i).plies().getAsInt(), "game " + (i + 1));
            assertTrue(headers.get(i).readable());
        }
    }
}

package org.kibitz.formats.xqf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.Fixtures;
import org.kibitz.formats.TestFiles;

class XqfReaderTest {

    private static GameTree xqf(String name) {
        return Fixtures.readClean("xqf", TestFiles.resource("xqf/" + name), name);
    }

    @Test
    void eleeyeSampleGivesTheMainLineHeaderAndCommentsOfItsReferencePgn() {
        GameTree fromXqf = xqf("eleeye-SAMPLE.XQF");
        // The reference converter's output, read with our PGN reader (GBK, CRLF, "3.   马８进７" lines).
        GameTree fromPgn = Fixtures.readClean("pgn", TestFiles.resource("xqf/eleeye-SAMPLE.PGN"), "eleeye-SAMPLE.PGN");
        assertEquals(fromPgn.startPosition(), fromXqf.startPosition());
        assertEquals("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1", fromXqf.startPosition().fen());
        assertEquals(75, fromXqf.mainline().size());
        assertEquals(Fixtures.mainline(fromPgn, "iccs"), Fixtures.mainline(fromXqf, "iccs"));
        for (String tag : List.of("Event", "Date", "Site", "Red", "Black", "Result")) {
            assertEquals(fromPgn.tags().get(tag), fromXqf.tags().get(tag), tag);
        }
        assertEquals("许银川让九子对聂棋圣", fromXqf.tags().get("Event").orElseThrow());
        assertEquals("Chinese Chess", fromXqf.tags().get("Game").orElseThrow());
        List<GameNode> a = fromPgn.mainline();
        List<GameNode> b = fromXqf.mainline();
        assertEquals(fromPgn.root().comment(), fromXqf.root().comment());
        assertTrue(fromXqf.root().comment().startsWith("　　象棋让九子原属茶余饭后的娱乐"));
        int comments = 0;
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.get(i).comment(), b.get(i).comment(), "comment after ply " + (i + 1));
            comments += b.get(i).comment().isEmpty() ? 0 : 1;
        }
        assertEquals(11, comments);
    }

    @ParameterizedTest
    @CsvSource({"cchess-test1.xqf, cchess-test1_move.txt, 0-1", "cchess-ucci_test1.xqf, cchess-ucci_test1_move.txt, 1-0"})
    void cchessFilesMatchTheirTwinMoveLists(String xqf, String txt, String result) {
        GameTree g = xqf(xqf);
        List<String> lines = Arrays.stream(new String(TestFiles.resource("xqf/" + txt), StandardCharsets.UTF_8).split("\n"))
                .map(String::strip).filter(s -> !s.isEmpty()).toList();
        // First line: the FEN's board and side; last line: the result in words; between: the main line.
        assertEquals(lines.get(0), g.startPosition().fen().substring(0, lines.get(0).length()));
        assertEquals(lines.subList(1, lines.size() - 1), Fixtures.mainline(g, "chinese"));
        assertEquals(result, g.tags().get("Result").orElseThrow());
    }

    @Test
    void variationsKeepEveryBranch() {
        // The branches as the cchess project's own tests list them, leaves in depth-first order.
        assertEquals(List.of(
                List.of("炮二平五", "炮８平５", "马二进三", "马８进７", "车一平二", "车９进１", "马八进七", "马２进３"),
                List.of("炮二平五", "炮８平５", "马二进三", "马８进７", "车一平二", "车９进１", "兵三进一", "卒３进１"),
                List.of("炮二平五", "炮８平５", "马二进三", "马８进７", "车一平二", "车９进１", "兵七进一", "车９平４"),
                List.of("炮二平五", "炮８平５", "马二进三", "马８进７", "车一平二", "车９进１", "马八进九", "马２进３"),
                List.of("炮二平五", "马８进７", "马二进三", "卒７进１", "车一平二", "车９平８", "兵七进一", "马２进３"),
                List.of("炮二平五", "马８进７", "马二进三", "卒７进１", "车一平二", "炮２平５", "车二进六", "马２进３")),
                Fixtures.lines(xqf("cchess-game_varations.xqf"), "chinese"));
        assertEquals(List.of(
                List.of("炮二平五", "炮８平５", "马二进三", "马８进７", "兵三进一", "车９平８"),
                List.of("炮二平五", "炮８平５", "马二进三", "马８进７", "车一平二", "车９进１", "车二进六", "车９平４"),
                List.of("炮二平五", "炮８平５", "马二进三", "马８进７", "车一平二", "卒７进１", "兵七进一", "车９进１"),
                List.of("炮二平五", "炮８平５", "马二进三", "马８进７", "车一进一", "车９平８", "车一平六", "马２进３", "马八进七", "卒３进１"),
                List.of("炮二平六", "马８进７", "马二进三", "车９平８", "车一平二")),
                Fixtures.lines(xqf("cchess-test_5_variations.xqf"), "chinese"));
    }

    @Test
    void commentsOnMovesAndVariations() {
        GameTree g = xqf("cchess-UnitTest.xqf");
        assertEquals("棋局注解", g.root().comment());
        assertEquals("第一步红注解", g.mainline().get(0).comment());
        assertEquals("第二步黑注解", g.mainline().get(3).comment());
        assertEquals(3, g.root().children().size());
        assertEquals("1/2-1/2", g.tags().get("Result").orElseThrow());
        assertEquals("比赛名称", g.tags().get("Event").orElseThrow());
        assertEquals("标题", g.tags().get("Title").orElseThrow());
    }

    @ParameterizedTest
    @ValueSource(strings = {"cchess-EmptyTest.xqf", "cchess-NoMove.xqf"})
    void headerOnlyFilesGiveAGameWithNoMoves(String name) {
        GameTree g = xqf(name);
        assertTrue(g.mainline().isEmpty());
        assertEquals("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", g.startPosition().fen());
    }

    /**
     * The "BadMove" files of the cchess project broke its old readers (a version-10 file with
     * comment lengths, a version-12 file with rotated slots and a variation); every move in them is
     * legal, as Fairy-Stockfish 11.1 confirms by replaying each branch to the same final FEN.
     */
    @Test
    void badMoveFilesAreReadWholeAndMatchFairyStockfish() {
        GameTree one = xqf("cchess-BadMoveTest1.xqf");
        assertEquals(43, one.mainline().size());
        assertEquals("1R1akab2/3r5/4bc2n/p2Nn3C/3C2p2/9/P5P1P/9/4A4/2B1KAB2 b - - 3 22", one.mainlineEnd().position().fen());
        GameTree two = xqf("cchess-BadMoveTest2.xqf");
        List<String> leaves = two.allNodes().stream().filter(n -> n.children().isEmpty()).map(n -> n.position().fen()).toList();
        assertEquals(List.of("2Ca1k2r/4a4/2n1bNn2/p2r2p1p/9/9/P5P1P/2N1C4/9/2BAKABR1 b - - 0 18",
                "2bak3r/4a4/c1n1bcn2/p1R3pNp/9/5p3/P2r2P1P/2N1C4/2C6/2BAKABR1 b - - 4 15"), leaves);
    }

    @Test
    void anIllegalMoveIsLocatedAndItsBranchAloneIsDropped() {
        byte[] f = TestFiles.resource("xqf/cchess-BadMoveTest2.xqf");
        // Version 12: moves are encrypted. Re-point the variation's first move (record at 1306, e5e4
        // for Black) to a Red piece's square, which is illegal for Black.
        XqfKeys keys = XqfKeys.of(f);
        int at = 1306;
        int stream = keys.stream()[(at - 0x400) & 31];
        int fromSquare = 4 * 10 + 0; // e0, the Red king
        f[at] = (byte) (fromSquare + 24 + keys.fromKey() + stream);
        List<ReadResult> r = Fixtures.read("xqf", f, "bad.xqf");
        FormatProblem p = r.get(0).problems().get(0);
        assertEquals("bad.xqf:game 1:offset 1306: move e0e4 at move 13 is not legal for Black: this branch is skipped", p.toString());
        GameTree g = r.get(0).game().orElseThrow();
        assertEquals(35, g.mainline().size()); // the main line is untouched
        assertTrue(g.allNodes().stream().allMatch(n -> n.children().size() <= 1), "the broken variation is gone");
    }

    @Test
    void aTruncatedFileKeepsWhatCameBefore() {
        byte[] whole = TestFiles.resource("xqf/cchess-test1.xqf");
        // Cut inside the record of ply 109 (version 10: 4 bytes of move, 4 of comment length).
        byte[] cut = Arrays.copyOf(whole, 5527);
        List<ReadResult> r = Fixtures.read("xqf", cut, "cut.xqf");
        GameTree g = r.get(0).game().orElseThrow();
        assertFalse(r.get(0).clean());
        assertEquals(108, g.mainline().size());
        assertEquals("cut.xqf:game 1:offset 5525: move record cut short by the end of the file: expected 4 bytes, found 2",
                r.get(0).problems().get(0).toString());
    }

    @Test
    void aCommentLongerThanTheFileIsCutAndReported() {
        byte[] f = TestFiles.resource("xqf/cchess-UnitTest.xqf");
        // Version 18: the root comment's length field at 0x404 (encrypted, minus the comment key).
        XqfKeys keys = XqfKeys.of(f);
        int len = 5000 + keys.commentKey();
        for (int i = 0; i < 4; i++) {
            int at = 0x404 + i;
            f[at] = (byte) (((len >>> (8 * i)) & 0xFF) + keys.stream()[(at - 0x400) & 31]);
        }
        ReadResult r = Fixtures.read("xqf", f, "long.xqf").get(0);
        assertEquals("long.xqf:game 1:offset 1028: comment of 5,000 bytes runs past the end of the file: kept the 122 bytes there",
                r.problems().get(0).toString());
        assertTrue(r.game().orElseThrow().mainline().isEmpty());
    }

    /**
     * Version 11 is encrypted like 12-18 but does not rotate the piece slots; no real file of it
     * is at hand, so one is made from a version-12 file by undoing the rotation.
     */
    @Test
    void versionElevenReadsLikeTwelveWithoutTheRotation() {
        byte[] v12 = TestFiles.resource("xqf/cchess-BadMoveTest2.xqf");
        byte[] v11 = v12.clone();
        int pieceKey = XqfKeys.of(v12).pieceKey();
        for (int i = 0; i < 32; i++) {
            // v12 stores slot (pieceKey + 1 + i) at i; v11 stores slot i at i.
            v11[0x10 + ((pieceKey + 1 + i) % 32)] = v12[0x10 + i];
        }
        v11[2] = 11;
        assertEquals(Fixtures.dump(Fixtures.readClean("xqf", v12, "v12.xqf")), Fixtures.dump(Fixtures.readClean("xqf", v11, "v11.xqf")));
    }

    @Test
    void notAnXqfFile() {
        ReadResult r = Fixtures.read("xqf", "[Event \"x\"]".getBytes(StandardCharsets.US_ASCII), "x.xqf").get(0);
        assertTrue(r.game().isEmpty());
        assertEquals("x.xqf:game 1:offset 0: not an XQF file: it does not start with XQ", r.problems().get(0).toString());
    }
}

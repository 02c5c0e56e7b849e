package org.kibitz.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.api.game.AmbiguousMoveException;
import org.kibitz.api.game.IllegalMoveException;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.NotAMoveException;
import org.kibitz.api.game.Notation;

class NotationTest {

    private final XiangqiPlugin plugin = new XiangqiPlugin();
    private final Notation chinese = plugin.notation("chinese").orElseThrow();
    private final Notation wxf = plugin.notation("wxf").orElseThrow();
    private final Notation iccs = plugin.notation("iccs").orElseThrow();

    private static Move m(String s) {
        return Move.parseCoordinates(s, 0);
    }

    @Test
    void notationsInOrderChineseFirst() {
        assertEquals(List.of("chinese", "wxf", "iccs"), plugin.notations().stream().map(Notation::id).toList());
        assertEquals("iccs", plugin.coordinateNotation().id());
        assertEquals(0, plugin.coordinateRankBase());
    }

    @ParameterizedTest
    @CsvSource({
            "h2e2, 炮二平五, C2=5",
            "h0g2, 马二进三, H2+3",
            "i0i2, 车一进二, R1+2",
            "c3c4, 兵七进一, P7+1",
            "c0e2, 相七进五, E7+5",
            "d0e1, 仕六进五, A6+5",
            "e0e1, 帅五进一, K5+1",
            "h2h9, 炮二进七, C2+7",
    })
    void writesAndReadsRedMovesFromTheStart(String coords, String chineseText, String wxfText) throws Exception {
        XiangqiPosition start = plugin.startPosition();
        Move move = m(coords);
        assertEquals(chineseText, chinese.format(start, move));
        assertEquals(wxfText, wxf.format(start, move));
        assertEquals(coords, iccs.format(start, move));
        assertEquals(move, chinese.parse(start, chineseText));
        assertEquals(move, wxf.parse(start, wxfText));
        assertEquals(move, iccs.parse(start, coords));
    }

    @Test
    void blackUsesFullWidthDigitsAndItsOwnNames() throws Exception {
        XiangqiPosition p = plugin.startPosition().play(m("h2e2"));
        assertEquals("马８进７", chinese.format(p, m("h9g7")));
        assertEquals("炮８平５", chinese.format(p, m("h7e7")));
        assertEquals("象３进５", chinese.format(p, m("c9e7")));
        assertEquals("士４进５", chinese.format(p, m("d9e8")));
        assertEquals("将５进１", chinese.format(p, m("e9e8")));
        assertEquals("卒３进１", chinese.format(p, m("c6c5")));
        assertEquals("H8+7", wxf.format(p, m("h9g7")));
        for (String text : List.of("马８进７", "马8进7", "馬８進７", "H8+7", "h8+7", "Ｈ８＋７", "N8+7")) {
            Notation n = text.matches(".*[A-Za-zＡ-Ｚ].*") ? wxf : chinese;
            assertEquals(m("h9g7"), n.parse(p, text), text);
        }
    }

    @Test
    void readsTraditionalCharactersAndOtherForms() throws Exception {
        XiangqiPosition start = plugin.startPosition();
        assertEquals(m("h0g2"), chinese.parse(start, "傌二進三"));
        assertEquals(m("h2e2"), chinese.parse(start, " 炮二平五 "));
        assertEquals(m("h2e2"), chinese.parse(start, "炮二平五!?"));
        assertEquals(m("i0i1"), chinese.parse(start, "俥一進一"));
        assertEquals(m("i0i1"), chinese.parse(start, "車一进一"));
        assertEquals(m("h2e2"), chinese.parse(start, "炮 二\u3000平 五"), "blanks anywhere");
        assertEquals(m("h2e2"), chinese.parse(start, "炮二平五＋ ！"), "marks and blanks at the end");
        assertEquals(m("h2e2"), chinese.parse(start, "炮2平5"), "ASCII digits");
        assertEquals(m("h2e2"), chinese.parse(start, "包二平五"));
        assertEquals(m("h2e2"), wxf.parse(start, "C2.5"));
        assertEquals(m("h2e2"), wxf.parse(start, "Ｃ２＝５"));
        assertEquals(m("h2e2"), iccs.parse(start, "H2-E2"));
        assertEquals(m("h2e2"), iccs.parse(start, "ｈ２ｅ２"));
        XiangqiPosition black = start.play(m("h2e2"));
        assertEquals(m("h7e7"), chinese.parse(black, "砲８平５"));
        assertEquals(m("e9e8"), chinese.parse(black, "將５進１"));
    }

    @Test
    void blanksInsideAMoveAreJavasWhitespaceAndTheIdeographicSpace() {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            boolean expected = Character.isWhitespace(c) || c == '\u3000';
            assertEquals(expected, ChineseNotation.isBlank((char) c), "U+" + Integer.toHexString(c));
        }
    }

    @Test
    void tandemRooksAreFrontAndRear() throws Exception {
        XiangqiPosition p = plugin.parseFen("3k5/9/9/9/9/9/7R1/9/9/4K2R1 w - - 0 1");
        assertEquals("前车进一", chinese.format(p, m("h3h4")));
        assertEquals("后车进一", chinese.format(p, m("h0h1")));
        assertEquals("前车平四", chinese.format(p, m("h3f3")));
        assertEquals("+R+1", wxf.format(p, m("h3h4")));
        assertEquals("-R+1", wxf.format(p, m("h0h1")));
        assertEquals(m("h3h4"), wxf.parse(p, "R++1"));
        assertEquals(m("h0h1"), wxf.parse(p, "R-+1"));
        assertEquals(m("h3h4"), chinese.parse(p, "前車進一"));
        assertEquals(m("h3h4"), chinese.parse(p, "前二进一"), "front piece on file 二, the piece left out");
        // The file instead of front/rear: read when only one rook can make the move...
        assertEquals(m("h3h9"), chinese.parse(p, "车二进六"));
        // ...ambiguous when both can.
        AmbiguousMoveException e = assertThrows(AmbiguousMoveException.class, () -> chinese.parse(p, "车二进一"));
        assertTrue(e.getMessage().contains("h0h1") && e.getMessage().contains("h3h4"), e.getMessage());
        assertThrows(AmbiguousMoveException.class, () -> wxf.parse(p, "R2+1"));
    }

    @Test
    void advisorsAndElephantsOnOneFileNeedNoFrontOrRear() throws Exception {
        XiangqiPosition p = plugin.parseFen("3k5/9/9/9/9/2B6/9/3A5/9/2BAK4 w - - 0 1");
        assertEquals("仕六进五", chinese.format(p, m("d0e1")));
        assertEquals("仕六退五", chinese.format(p, m("d2e1")));
        assertEquals("相七进五", chinese.format(p, m("c0e2")));
        assertEquals("相七退五", chinese.format(p, m("c4e2")));
        assertEquals("A6-5", wxf.format(p, m("d2e1")));
        assertEquals(m("d2e1"), chinese.parse(p, "仕六退五"));
        assertEquals(m("d2e1"), chinese.parse(p, "前仕退五"), "front/rear is read too");
    }

    @Test
    void pawnsTwoThreeAndFourOnAFile() throws Exception {
        // Two: front and rear. Red's front is the higher rank.
        XiangqiPosition two = plugin.parseFen("5k3/9/9/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
        assertEquals("前兵进一", chinese.format(two, m("e6e7")));
        assertEquals("后兵平四", chinese.format(two, m("e5f5")));
        assertEquals("+P+1", wxf.format(two, m("e6e7")));
        assertEquals("-P=4", wxf.format(two, m("e5f5")));
        // Three: front, middle, rear.
        XiangqiPosition three = plugin.parseFen("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
        assertEquals("前兵平四", chinese.format(three, m("e7f7")));
        assertEquals("中兵平四", chinese.format(three, m("e6f6")));
        assertEquals("后兵平四", chinese.format(three, m("e5f5")));
        assertEquals("2P=4", wxf.format(three, m("e6f6")));
        assertEquals(m("e6f6"), chinese.parse(three, "中兵平四"));
        assertEquals(m("e6f6"), wxf.parse(three, "2P=4"));
        assertEquals(m("e6f6"), chinese.parse(three, "二兵平四"));
        // Four: numbered from the front.
        XiangqiPosition four = plugin.parseFen("5k3/4P4/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
        assertEquals("一兵平四", chinese.format(four, m("e8f8")));
        assertEquals("三兵平六", chinese.format(four, m("e6d6")));
        assertEquals("四兵平六", chinese.format(four, m("e5d5")));
        assertEquals("3P=6", wxf.format(four, m("e6d6")));
        assertEquals(m("e6d6"), chinese.parse(four, "三兵平六"));
        assertEquals(m("e6d6"), wxf.parse(four, "3P=6"));
    }

    @Test
    void pawnsDoubledOnTwoFilesAreNumberedFromTheRight() throws Exception {
        // Red pawns e6 e5 (file 五) and c6 c5 (file 七): 五 is right of 七, so e6 e5 are 一 二, c6 c5 三 四.
        XiangqiPosition p = plugin.parseFen("5k3/9/9/2P1P4/2P1P4/9/9/9/9/3K5 w - - 0 1");
        assertEquals("一兵进一", chinese.format(p, m("e6e7")));
        assertEquals("二兵平四", chinese.format(p, m("e5f5")));
        assertEquals("三兵平八", chinese.format(p, m("c6b6")));
        assertEquals("四兵平八", chinese.format(p, m("c5b5")));
        assertEquals("3P=8", wxf.format(p, m("c6b6")));
        assertEquals(m("c6b6"), chinese.parse(p, "三兵平八"));
        assertEquals(m("c6b6"), chinese.parse(p, "前兵七平八"), "front pawn with its file");
        assertEquals(m("c6b6"), wxf.parse(p, "+P7=8"));
        assertThrows(AmbiguousMoveException.class, () -> chinese.parse(p, "前兵进一"), "front pawn of which file?");
    }

    @Test
    void blackPawnsFrontIsTheLowerRank() throws Exception {
        XiangqiPosition p = plugin.parseFen("5k3/9/9/9/9/4p4/4p4/9/9/3K5 b - - 0 1");
        assertEquals("前卒平６", chinese.format(p, m("e3f3")));
        assertEquals("后卒平４", chinese.format(p, m("e4d4")));
        assertEquals("+P=6", wxf.format(p, m("e3f3")));
        assertEquals(m("e3f3"), chinese.parse(p, "前卒平6"));
        assertEquals(m("e3f3"), chinese.parse(p, "前卒5平6"), "front pawn with its file");
    }

    @Test
    void everyLegalMoveOfThePerftPositionsRoundTrips() throws Exception {
        int checked = 0;
        for (String row : Files.readAllLines(PgnMovetext.shared("xiangqi/perft.epd"))) {
            XiangqiPosition pos = plugin.parseFen(row.split(";")[0]);
            for (XiangqiPosition p : List.of(pos, pos.play(pos.legalMoves().get(0)))) {
                for (Move move : p.legalMoves()) {
                    for (Notation n : plugin.notations()) {
                        String text = n.format(p, move);
                        assertEquals(move, n.parse(p, text), n.id() + " " + text + " in " + p.fen());
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 5000, "checked " + checked);
    }

    /**
     * ICCS in its usual form ({@code h2e2}) is read by a short path; every other form by the general
     * one. Both must give the same answer for every pair of points: the same move when it is legal,
     * the same error when it is not.
     */
    @Test
    void iccsReadsTheUsualFormAsItReadsEveryOtherForm() throws Exception {
        Notation iccs = plugin.notation("iccs").orElseThrow();
        int legal = 0;
        int illegal = 0;
        for (String row : Files.readAllLines(PgnMovetext.shared("xiangqi/perft.epd")).subList(0, 6)) {
            XiangqiPosition p = plugin.parseFen(row.split(";")[0]);
            for (int from = 0; from < 90; from++) {
                for (int to = 0; to < 90; to++) {
                    String usual = "" + (char) ('a' + from % 9) + (char) ('0' + from / 9) + (char) ('a' + to % 9) + (char) ('0' + to / 9);
                    String other = usual.substring(0, 2).toUpperCase(Locale.ROOT) + "-" + usual.substring(2).toUpperCase(Locale.ROOT);
                    Object byUsual = read(iccs, p, usual);
                    assertEquals(read(iccs, p, other), byUsual, usual + " in " + p.fen());
                    if (byUsual instanceof Move) {
                        legal++;
                    } else {
                        illegal++;
                    }
                }
            }
        }
        assertTrue(legal > 100 && illegal > 10_000, legal + " legal, " + illegal + " not");
    }

    /** The move a notation reads, or the key of the error it gives. */
    private static Object read(Notation n, XiangqiPosition p, String text) {
        try {
            return n.parse(p, text);
        } catch (MoveParseException e) {
            return e.getClass().getSimpleName() + " " + e.text().key();
        }
    }

    @ParameterizedTest
    @CsvSource({
            "chinese, xyz", "chinese, 炮十平五", "chinese, 炮二走五", "chinese, 炮二平", "chinese, 炮二平五五", "chinese, ''", "chinese, 炮二+平五", "chinese, +炮二平五", "chinese, 炮二平十",
            "chinese, 六兵进一", "chinese, 前车进", "chinese, 车前车进一",
            "wxf, C0=5", "wxf, Z2=5", "wxf, C2*5", "wxf, C2=", "wxf, 炮二平五",
            "iccs, h2e", "iccs, j2e2", "iccs, h2e10", "iccs, 炮二平五", "iccs, h2e2e",
    })
    void notAMove(String id, String text) {
        Notation n = plugin.notation(id).orElseThrow();
        NotAMoveException e = assertThrows(NotAMoveException.class, () -> n.parse(plugin.startPosition(), text));
        assertBothLanguages(e);
    }

    @ParameterizedTest
    @CsvSource({
            "chinese, 车一进三", "chinese, 马二进四", "chinese, 前车进一", "chinese, 帅五平三", "chinese, 兵三平二",
            "wxf, R1+3", "wxf, H2+4", "wxf, +R+1", "wxf, P3=2",
            "iccs, h2h8", "iccs, e5e6", "iccs, h9g7", "iccs, e0e2",
    })
    void illegalHere(String id, String text) {
        Notation n = plugin.notation(id).orElseThrow();
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> n.parse(plugin.startPosition(), text));
        assertBothLanguages(e);
    }

    @Test
    void iccsSaysWhyAMoveIsIllegal() {
        XiangqiPosition start = plugin.startPosition();
        assertEquals("move.noPiece", assertThrows(IllegalMoveException.class, () -> iccs.parse(start, "e5e6")).text().key());
        assertEquals("move.wrongSide", assertThrows(IllegalMoveException.class, () -> iccs.parse(start, "h9g7")).text().key());
        assertEquals("move.illegal", assertThrows(IllegalMoveException.class, () -> iccs.parse(start, "h2h8")).text().key());
    }

    @Test
    void ambiguityHasItsOwnError() throws Exception {
        XiangqiPosition p = plugin.parseFen("3k5/9/9/9/9/9/7R1/9/9/4K2R1 w - - 0 1");
        AmbiguousMoveException e = assertThrows(AmbiguousMoveException.class, () -> chinese.parse(p, "车二进一"));
        assertBothLanguages(e);
        assertEquals("车二进一", e.input());
    }

    @Test
    void formatRefusesAnIllegalMove() {
        assertThrows(IllegalArgumentException.class, () -> chinese.format(plugin.startPosition(), m("h2h8")));
    }

    private static void assertBothLanguages(MoveParseException e) {
        String english = e.text().render(Locale.ENGLISH);
        String chinese = e.text().render(Locale.SIMPLIFIED_CHINESE);
        assertFalse(english.contains("{"), english);
        assertNotEquals(english, chinese);
        assertTrue(english.contains(e.input()), english);
    }
}

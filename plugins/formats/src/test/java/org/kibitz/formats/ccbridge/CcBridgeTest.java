package org.kibitz.formats.ccbridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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

class CcBridgeTest {

    private static byte[] bytes(String name) throws IOException {
        return Files.readAllBytes(TestFiles.shared("xiangqi/ccbridge/" + name));
    }

    private static int int32(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }

    /**
     * Our own decoding of a record's main line from the format's facts: after the 2214-byte header a
     * flag (and, when set, a length and the opening comment), then 4-byte records (mark, -, from, to),
     * squares as row*9+column with row 0 at Black's back rank; a comment (mark bit 2) adds a length and
     * its bytes; the main line is the run of records until one whose mark has bit 0 (line ends).
     */
    static List<String> decodeMainline(byte[] b, int base) {
        int pos = base + 2214;
        if (int32(b, pos) != 0) {
            pos += 4;
            pos += 4 + int32(b, pos);
        } else {
            pos += 4;
        }
        List<String> out = new ArrayList<>();
        while (pos + 4 <= b.length) {
            int mark = b[pos] & 0xFF;
            int from = b[pos + 2] & 0xFF;
            int to = b[pos + 3] & 0xFF;
            if (mark == 0 && from == 0 && to == 0) {
                break;
            }
            out.add("" + (char) ('a' + from % 9) + (9 - from / 9) + (char) ('a' + to % 9) + (9 - to / 9));
            pos += 4;
            if ((mark & 4) != 0) {
                pos += 4 + int32(b, pos);
            }
            if ((mark & 1) != 0) {
                break;
            }
        }
        return out;
    }

    /** A library's section headings are records with no piece on the board (the 1989 library: 38 records, 2 headings, 36 games). */
    private static boolean emptyBoard(byte[] b, int base) {
        for (int i = base + 2120; i < base + 2210; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    @Test
    void aCbrGameReadsAsItsSourceSays() throws IOException {
        GameTree g = Fixtures.readClean("ccbridge", bytes("cchess-test2.cbr"), "test2.cbr");
        // walker8088/cchess's own test of this file: 炮二平五, 炮８平５
        assertEquals(List.of("炮二平五", "炮８平５"), Fixtures.mainline(g, "chinese"));
        assertEquals(decodeMainline(bytes("cchess-test2.cbr"), 0), Fixtures.mainline(g, "iccs"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cchess-test.cbr", "cchess-test2.cbr"})
    void cbrMainLinesEqualTheIndependentDecoding(String name) throws IOException {
        byte[] b = bytes(name);
        GameTree g = Fixtures.readClean("ccbridge", b, name);
        assertEquals(decodeMainline(b, 0), Fixtures.mainline(g, "iccs"));
    }

    /** The CBF: moves as "77-47" (column, row from the top), the first 00-00 the opening comment. */
    @ParameterizedTest
    @ValueSource(strings = {"cchess-test.cbf", "cchess-test2.cbf"})
    void cbfMainLinesEqualTheIndependentDecoding(String name) throws IOException {
        byte[] b = bytes(name);
        GameTree g = Fixtures.readClean("ccbridge", b, name);
        List<String> expected = new ArrayList<>();
        Matcher m = Pattern.compile("<Move value=\"(\\d)(\\d)-(\\d)(\\d)\"").matcher(new String(b, StandardCharsets.UTF_8));
        while (m.find()) {
            if (!m.group().endsWith("\"00-00\"")) {
                expected.add("" + (char) ('a' + m.group(1).charAt(0) - '0') + (9 - (m.group(2).charAt(0) - '0'))
                        + (char) ('a' + m.group(3).charAt(0) - '0') + (9 - (m.group(4).charAt(0) - '0')));
            }
        }
        assertTrue(expected.size() > 40);
        assertEquals(expected, Fixtures.mainline(g, "iccs"));
        assertFalse(g.root().comment().isEmpty());
    }

    @Test
    void cbfOfTheCchessTestsHasItsListedMoves() throws IOException {
        GameTree g = Fixtures.readClean("ccbridge", bytes("cchess-test2.cbf"), "test2.cbf");
        // walker8088/cchess's test of this file lists these first moves
        assertEquals(List.of("炮二平五", "炮８平５", "马二进三", "马８进７", "车一进一", "车９平８", "车一平六", "车８进６"),
                Fixtures.mainline(g, "chinese").subList(0, 8));
        assertTrue(g.tags().get("ECCO").orElseThrow().matches("[A-E]\\d\\d"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cchess-1956年全国象棋锦标赛93局.CBL:93", "cchess-1989年龙化杯象棋名师邀请赛35局.CBL:36"})
    void aLibraryGivesEveryGameWithTheMovesOfItsRecord(String spec) throws IOException {
        String name = spec.substring(0, spec.indexOf(':'));
        int count = Integer.parseInt(spec.substring(spec.indexOf(':') + 1));
        byte[] b = bytes(name);
        List<ReadResult> games = Fixtures.read("ccbridge", b, name);
        // Independent: every 4096-byte block that starts with the record magic, after the first one found past the 576-byte header.
        byte[] magic = "CCBridge Record\0".getBytes(StandardCharsets.US_ASCII);
        int first = -1;
        for (int i = 576; i + magic.length <= b.length && first < 0; i++) {
            if (Arrays.equals(b, i, i + magic.length, magic, 0, magic.length)) {
                first = i;
            }
        }
        List<Integer> starts = new ArrayList<>();
        for (int at = first; at + magic.length <= b.length; at += 4096) {
            if (Arrays.equals(b, at, at + magic.length, magic, 0, magic.length) && !emptyBoard(b, at)) {
                starts.add(at);
            }
        }
        assertEquals(count, starts.size());
        assertEquals(count, games.size());
        for (int i = 0; i < count; i++) {
            ReadResult r = games.get(i);
            assertTrue(r.clean(), r.problems().toString());
            assertEquals(decodeMainline(b, starts.get(i)), Fixtures.mainline(r.game().orElseThrow(), "iccs"), "game " + (i + 1));
        }
        assertTrue(games.stream().allMatch(r -> r.game().orElseThrow().tags().contains("Red")));
    }

    @Test
    void aDamagedRecordIsReportedWithItsGameAndOffsetAndTheOthersStillRead(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        String name = "cchess-1989年龙化杯象棋名师邀请赛35局.CBL";
        byte[] b = bytes(name);
        List<ReadResult> clean = Fixtures.read("ccbridge", b, name);
        // Find game 2's record and make its first move start on an empty square (row 4, column 0 = a5).
        byte[] magic = "CCBridge Record\0".getBytes(StandardCharsets.US_ASCII);
        List<Integer> starts = new ArrayList<>();
        for (int i = 576; i + magic.length <= b.length; i++) {
            if (Arrays.equals(b, i, i + magic.length, magic, 0, magic.length) && !emptyBoard(b, i)) {
                starts.add(i);
            }
        }
        int base = starts.get(1);
        int pos = base + 2214;
        pos += int32(b, pos) != 0 ? 8 + int32(b, pos + 4) : 4;
        byte[] damaged = b.clone();
        damaged[pos + 2] = 36;
        List<ReadResult> games = Fixtures.read("ccbridge", damaged, "damaged.cbl");
        assertEquals(clean.size(), games.size());
        FormatProblem p = games.get(1).problems().get(0);
        assertEquals(2, p.gameNumber());
        assertEquals(FormatProblem.Location.offset(pos), p.location());
        assertTrue(games.get(1).game().orElseThrow().mainline().isEmpty());
        for (int i = 2; i < games.size(); i++) {
            assertTrue(games.get(i).clean());
            assertEquals(Fixtures.mainline(clean.get(i).game().orElseThrow(), "iccs"),
                    Fixtures.mainline(games.get(i).game().orElseThrow(), "iccs"));
        }
    }
}

package org.kibitz.formats.xqf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.formats.TestFiles;

/** The XQF header keys and decryption, checked against files XQStudio wrote, without any game rules. */
class XqfKeysTest {

    private static String board(byte[] file) {
        XqfKeys keys = XqfKeys.of(file);
        int[] squares = keys.pieceSquares(file);
        char[][] b = new char[10][9];
        for (int i = 0; i < 32; i++) {
            if (squares[i] <= 89) {
                char t = XqfReader.SLOTS.charAt(i % 16);
                b[squares[i] % 10][squares[i] / 10] = i < 16 ? t : Character.toLowerCase(t);
            }
        }
        return org.kibitz.formats.XiangqiPlacement.fen(b);
    }

    @ParameterizedTest
    @CsvSource({
            // version 18, a handicap game: Red gives up nine pieces
            "eleeye-SAMPLE.XQF, rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR",
            // version 10, unencrypted, set-up position (its twin txt gives this FEN)
            "cchess-test1.xqf, rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            // version 16, an end game (its twin txt gives this FEN)
            "cchess-ucci_test1.xqf, 2b1kabn1/4aR3/3R2N2/4p1p2/5P3/4P4/3N2Pr1/4C1n2/3pAr3/4K3c",
            // version 12: slots rotated
            "cchess-BadMoveTest2.xqf, rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
    })
    void pieceSquaresOfEveryVersion(String file, String expected) {
        assertEquals(expected, board(TestFiles.resource("xqf/" + file)));
    }

    @Test
    void firstMovesDecryptToTheGameOfTheTwinPgn() {
        byte[] f = TestFiles.resource("xqf/eleeye-SAMPLE.XQF");
        XqfKeys keys = XqfKeys.of(f);
        assertTrue(keys.encrypted());
        keys.decrypt(f, XqfReader.HEADER);
        // The root record carries the opening comment; the first move follows it.
        int tag = f[0x402] & 0xFF;
        assertTrue((tag & 0x20) != 0, "root has a comment");
        int len = (f[0x404] & 0xFF | (f[0x405] & 0xFF) << 8 | (f[0x406] & 0xFF) << 16 | f[0x407] << 24) - keys.commentKey();
        String comment = XqfReader.text(f, 0x408, len);
        assertTrue(comment.startsWith("　　象棋让九子原属茶余饭后的娱乐"), comment);
        int first = 0x408 + len;
        int from = (f[first] - 24 - keys.fromKey()) & 0xFF;
        int to = (f[first + 1] - 32 - keys.toKey()) & 0xFF;
        // 1. 炮八平五: the cannon on b2 goes to e2 (x*10+y: 12 -> 42).
        assertEquals(12, from);
        assertEquals(42, to);
    }

    @Test
    void versionTenIsPlain() {
        byte[] f = TestFiles.resource("xqf/cchess-test1.xqf");
        XqfKeys keys = XqfKeys.of(f);
        assertFalse(keys.encrypted());
        assertEquals(0, keys.commentKey());
    }
}

package org.kibitz.formats.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MovetextLayoutTest {

    /** East Asian wide characters as the ranges read, one test per range. */
    private static boolean wideByRanges(char c) {
        return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3)
                || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60)
                || (c >= 0xFFE0 && c <= 0xFFE6);
    }

    @Test
    void everyCharacterTakesTheColumnsItsRangeSays() {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            String one = String.valueOf((char) c);
            assertEquals(wideByRanges((char) c) ? 2 : 1, MovetextLayout.width(one, 0, 1), Integer.toHexString(c));
        }
    }

    @Test
    void chineseMovesTakeTwoColumnsACharacter() {
        assertEquals(8, MovetextLayout.width("炮二平五", 0, 4));
        assertEquals(8, MovetextLayout.width("馬８進７", 0, 4));
        assertEquals(4, MovetextLayout.width("Nxe4", 0, 4));
        assertEquals(4, MovetextLayout.width("1. 炮", 1, 4)); // ". 炮"
    }

    @Test
    void linesBreakBeforeTheColumnLimitCountingWideCharacters() {
        StringBuilder out = new StringBuilder();
        MovetextLayout layout = new MovetextLayout(out);
        for (int i = 0; i < 20; i++) {
            layout.token("炮二平五"); // 8 columns and a space: 8 to a line of 79
        }
        layout.end();
        String[] lines = out.toString().split("\n");
        assertEquals(3, lines.length);
        assertEquals(8 * 4 + 7, lines[0].length());
    }
}

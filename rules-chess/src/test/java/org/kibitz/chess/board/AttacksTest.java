package org.kibitz.chess.board;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The magic-bitboard constants and the table filled from them, against a plain ray walk. */
class AttacksTest {

    private static final int[][] ROOK = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    private static final int[][] BISHOP = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    /** The constants are what the search (Stockfish's, with its seeds) finds: none was copied wrong. */
    @Test
    void constantsAreWhatTheSearchFinds() {
        assertArrayEquals(Attacks.searchMagics(true), Attacks.ROOK_MAGIC, "rook magics");
        assertArrayEquals(Attacks.searchMagics(false), Attacks.BISHOP_MAGIC, "bishop magics");
    }

    /** Every relevant occupancy of every square gives the ray walk's attacks, whatever stands beyond. */
    @Test
    void everyTableEntryMatchesTheRayWalk() {
        for (int sq = 0; sq < 64; sq++) {
            check(sq, ROOK, true);
            check(sq, BISHOP, false);
        }
    }

    /** The squares between two squares on a line, and the whole line, against ray walks from both ends. */
    @Test
    void betweenAndLineMatchTheRayWalk() {
        int onLines = 0;
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                long bitA = 1L << a;
                long bitB = 1L << b;
                long between = 0;
                long line = 0;
                if (a != b && (Attacks.slide(a, 0L, ROOK) & bitB) != 0) {
                    between = Attacks.slide(a, bitB, ROOK) & Attacks.slide(b, bitA, ROOK);
                    line = (Attacks.slide(a, 0L, ROOK) & Attacks.slide(b, 0L, ROOK)) | bitA | bitB;
                } else if (a != b && (Attacks.slide(a, 0L, BISHOP) & bitB) != 0) {
                    between = Attacks.slide(a, bitB, BISHOP) & Attacks.slide(b, bitA, BISHOP);
                    line = (Attacks.slide(a, 0L, BISHOP) & Attacks.slide(b, 0L, BISHOP)) | bitA | bitB;
                }
                if (line != 0) {
                    onLines++;
                }
                assertEquals(between, Attacks.BETWEEN[64 * a + b], "between " + a + " and " + b);
                assertEquals(line, Attacks.LINE[64 * a + b], "line through " + a + " and " + b);
            }
        }
        // 64 squares, 14 others on the rank and file each, 7 to 13 on the diagonals: 896 + 560 pairs.
        assertEquals(896 + 560, onLines);
    }

    private static void check(int sq, int[][] dirs, boolean rook) {
        long edges = ((Attacks.RANK_1 | Attacks.RANK_8) & ~Attacks.rankOf(sq))
                | ((Attacks.FILE_A | Attacks.FILE_H) & ~Attacks.fileOf(sq));
        long mask = Attacks.slide(sq, 0L, dirs) & ~edges;
        long outside = ~mask & ~(1L << sq);
        long b = 0;
        int n = 0;
        do {
            long expected = Attacks.slide(sq, b, dirs);
            // Pieces off the mask (edges, other lines) must not change the lookup.
            long noise = (b * 0x9E3779B97F4A7C15L) & outside;
            long got = rook ? Attacks.rook(sq, b | noise) : Attacks.bishop(sq, b | noise);
            assertEquals(expected, got, (rook ? "rook" : "bishop") + " on " + sq + " with " + Long.toHexString(b));
            n++;
            b = (b - mask) & mask;
        } while (b != 0);
        assertEquals(1 << Long.bitCount(mask), n);
    }
}

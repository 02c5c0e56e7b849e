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

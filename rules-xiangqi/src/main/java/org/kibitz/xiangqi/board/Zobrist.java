package org.kibitz.xiangqi.board;

/**
 * Zobrist keys of the xiangqi board: one 64-bit key per piece code and point, one for Black to move.
 * Fixed (a SplitMix64 stream from a constant seed), so hashes are stable across runs and can be stored.
 * There is no standard xiangqi key set like Polyglot's for chess; these are Kibitz's own.
 */
public final class Zobrist {

    /** {@code PIECE_SQUARE[code * 90 + sq]}; rows for code 0 and 8 (no piece) are zero. */
    static final long[] PIECE_SQUARE = new long[16 * Geometry.SQUARES];
    /** XORed in when Black is to move. */
    public static final long BLACK_TO_MOVE;

    static {
        long state = 0x4B1B17A9C5E3D2F1L;
        for (int code = 0; code < 16; code++) {
            int type = code & 7;
            for (int sq = 0; sq < Geometry.SQUARES; sq++) {
                state += 0x9E3779B97F4A7C15L;
                PIECE_SQUARE[code * Geometry.SQUARES + sq] = type == 0 ? 0 : mix(state);
            }
        }
        state += 0x9E3779B97F4A7C15L;
        BLACK_TO_MOVE = mix(state);
    }

    private Zobrist() {
    }

    /** The key of a piece code on a point. */
    public static long key(int code, int sq) {
        return PIECE_SQUARE[code * Geometry.SQUARES + sq];
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

package org.kibitz.chess.board;

/**
 * Zobrist keys laid out for {@link Board}'s piece codes, with the Polyglot numbers, so that a board's
 * key is the Polyglot book key of its position.
 *
 * <p>Polyglot's rules, which {@link Board} follows: the side-to-move number is included when White
 * is to move; castling numbers per right (Chess960 rights map to the short/long right of their
 * side); the en passant file only when a pawn of the side to move stands next to the pawn that has
 * just made a double step (a pseudo-legal capture: a pinned capturer still counts).
 */
public final class Zobrist {

    private Zobrist() {
    }

    /** By {@code 64 * pieceCode + square}. */
    static final long[] PIECE_SQUARE = new long[16 * 64];
    /** By the 4-bit castling-rights mask of {@link Board}. */
    static final long[] CASTLING = new long[16];
    static final long[] EP_FILE = new long[8];
    static final long WHITE_TO_MOVE = PolyglotRandom.RANDOM_64[780];

    static {
        long[] r = PolyglotRandom.RANDOM_64;
        for (int colour = 0; colour < 2; colour++) {
            for (int type = Board.PAWN; type <= Board.KING; type++) {
                int kind = 2 * (type - 1) + (colour == Board.WHITE ? 1 : 0);
                int code = Board.piece(colour, type);
                for (int sq = 0; sq < 64; sq++) {
                    PIECE_SQUARE[64 * code + sq] = r[64 * kind + sq];
                }
            }
        }
        for (int mask = 0; mask < 16; mask++) {
            long k = 0;
            for (int i = 0; i < 4; i++) {
                if ((mask & (1 << i)) != 0) {
                    k ^= r[768 + i];
                }
            }
            CASTLING[mask] = k;
        }
        System.arraycopy(r, 772, EP_FILE, 0, 8);
    }

    /** The key of a piece on a square. */
    public static long pieceSquare(int pieceCode, int square) {
        return PIECE_SQUARE[64 * pieceCode + square];
    }
}

package org.kibitz.chess.board;

import java.util.Arrays;

/**
 * Where each castling right's king and rook stand and which squares castling needs, fixed for a
 * game when its start position is set up (Chess960 puts kings and rooks on many files).
 *
 * <p>Rights are indexed 0 white king side (h-side), 1 white queen side (a-side), 2 black king side,
 * 3 black queen side; {@link Board}'s rights mask has bit {@code 1 << index} for each. Immutable,
 * shared by every board copied from the same game.
 */
final class CastlingGeometry {

    static final CastlingGeometry NONE = new CastlingGeometry(new int[]{-1, -1, -1, -1}, new int[]{-1, -1});

    /** The castling rook's square per right, or -1. */
    final int[] rookSquare;
    /** The king's square per right (its colour's king square at setup), or -1. */
    final int[] kingSquare = new int[4];
    /** Squares that must be empty, king and castling rook aside. */
    final long[] mustBeEmpty = new long[4];
    /** Squares the king crosses or lands on, which must not be attacked. */
    final long[] kingPath = new long[4];
    /** The rights kept when a piece leaves or arrives on a square. */
    final int[] keepRights = new int[64];

    /**
     * @param rookSquare rook square per right, -1 for none
     * @param kingSquares the king square per colour, -1 when unknown (no right for that colour)
     */
    CastlingGeometry(int[] rookSquare, int[] kingSquares) {
        this.rookSquare = rookSquare.clone();
        Arrays.fill(keepRights, 15);
        for (int i = 0; i < 4; i++) {
            int rook = this.rookSquare[i];
            int colour = i >>> 1;
            int king = kingSquares[colour];
            kingSquare[i] = rook < 0 ? -1 : king;
            if (rook < 0) {
                continue;
            }
            boolean kingSide = (i & 1) == 0;
            int base = colour == Board.WHITE ? 0 : 56;
            int kingTo = base + (kingSide ? 6 : 2);
            int rookTo = base + (kingSide ? 5 : 3);
            long span = Attacks.BETWEEN[64 * king + kingTo] | (1L << kingTo)
                    | Attacks.BETWEEN[64 * rook + rookTo] | (1L << rookTo);
            mustBeEmpty[i] = span & ~(1L << king) & ~(1L << rook);
            kingPath[i] = Attacks.BETWEEN[64 * king + kingTo] | (1L << kingTo);
            keepRights[rook] &= ~(1 << i);
            keepRights[king] &= ~(colour == Board.WHITE ? 3 : 12);
        }
    }

    /** The right index for castling with the rook on {@code rookSquare} by the king on {@code kingSquare}. */
    static int rightIndex(int kingSquare, int rookSquare) {
        return (kingSquare >= 56 ? 2 : 0) + (rookSquare > kingSquare ? 0 : 1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CastlingGeometry g && Arrays.equals(rookSquare, g.rookSquare)
                && Arrays.equals(kingSquare, g.kingSquare);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(rookSquare) * 31 + Arrays.hashCode(kingSquare);
    }
}

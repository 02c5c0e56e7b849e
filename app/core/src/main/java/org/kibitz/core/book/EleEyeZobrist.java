package org.kibitz.core.book;

import java.util.Map;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;

/**
 * ElephantEye's Zobrist numbers, as its {@code BOOK.DAT} keys positions (written from the
 * description of ElephantEye's {@code pregen.cpp} and {@code position.cpp}, xqbase/eleeye, LGPL).
 *
 * <p>The numbers come from an RC4 key stream whose key is four zero bytes: each number is four
 * stream bytes read as a little-endian 32-bit value; a Zobrist record is three numbers (key, lock 0,
 * lock 1). The first record is the side-to-move record, then one per piece type (0..13: Red king,
 * advisor, bishop, knight, rook, cannon, pawn, then Black's in the same order) and per square of
 * ElephantEye's 16x16 board (0..255). A position's record is the XOR of its pieces' records, and the
 * side-to-move record's when Black moves. A point at file {@code f} (0 = a) and rank {@code r}
 * (0 = Red's back rank) is ElephantEye's square {@code (f + 3) + ((12 - r) << 4)}.
 */
public final class EleEyeZobrist {

    private static final int[] PLAYER = new int[3];
    private static final int[][][] TABLE = new int[14][256][3];

    static {
        Rc4 rc4 = new Rc4(new byte[4]);
        fill(rc4, PLAYER);
        for (int pt = 0; pt < 14; pt++) {
            for (int sq = 0; sq < 256; sq++) {
                fill(rc4, TABLE[pt][sq]);
            }
        }
    }

    private EleEyeZobrist() {
    }

    private static void fill(Rc4 rc4, int[] zobrist) {
        for (int i = 0; i < 3; i++) {
            zobrist[i] = rc4.nextInt();
        }
    }

    /** ElephantEye's lock 1 of a xiangqi position (the key of {@code BOOK.DAT}), its files mirrored when asked. */
    public static int lock1(Position position, boolean mirrored) {
        return record(position.pieces(), position.sideToMove(), mirrored)[2];
    }

    /** ElephantEye's key, lock 0 and lock 1 of a position given by its pieces and side to move. */
    public static int[] record(Map<Square, Piece> pieces, Side toMove, boolean mirrored) {
        int[] z = toMove == Side.BLACK ? PLAYER.clone() : new int[3];
        for (Map.Entry<Square, Piece> e : pieces.entrySet()) {
            int type = pieceType(e.getValue());
            if (type < 0) {
                continue;
            }
            Square s = e.getKey();
            int file = mirrored ? 8 - s.file() : s.file();
            int[] t = TABLE[type][square(file, s.rank())];
            z[0] ^= t[0];
            z[1] ^= t[1];
            z[2] ^= t[2];
        }
        return z;
    }

    /** ElephantEye's square of a point. */
    static int square(int file, int rank) {
        return (file + 3) + ((12 - rank) << 4);
    }

    /** ElephantEye's piece type 0..13, or -1 for a piece it does not know. */
    private static int pieceType(Piece piece) {
        int t = switch (piece.type()) {
            case 'K' -> 0;
            case 'A' -> 1;
            case 'B', 'E' -> 2;
            case 'N', 'H' -> 3;
            case 'R' -> 4;
            case 'C' -> 5;
            case 'P' -> 6;
            default -> -1;
        };
        return t < 0 ? -1 : piece.side() == Side.WHITE ? t : t + 7;
    }

    /** The RC4 key stream. */
    private static final class Rc4 {
        private final int[] s = new int[256];
        private int x;
        private int y;

        Rc4(byte[] key) {
            for (int i = 0; i < 256; i++) {
                s[i] = i;
            }
            int j = 0;
            for (int i = 0; i < 256; i++) {
                j = (j + s[i] + (key[i % key.length] & 0xFF)) & 0xFF;
                swap(i, j);
            }
        }

        private void swap(int i, int j) {
            int t = s[i];
            s[i] = s[j];
            s[j] = t;
        }

        int nextByte() {
            x = (x + 1) & 0xFF;
            y = (y + s[x]) & 0xFF;
            swap(x, y);
            return s[(s[x] + s[y]) & 0xFF];
        }

        int nextInt() {
            int b0 = nextByte();
            int b1 = nextByte();
            int b2 = nextByte();
            int b3 = nextByte();
            return b0 | b1 << 8 | b2 << 16 | b3 << 24;
        }
    }
}

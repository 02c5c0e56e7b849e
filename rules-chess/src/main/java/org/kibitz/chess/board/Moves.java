package org.kibitz.chess.board;

/**
 * The int encoding of moves on a {@link Board}: 15 bits, so a move fits a {@code short} in a
 * transposition table.
 *
 * <pre>
 * bits  0..5   from square (a1 = 0 .. h8 = 63)
 * bits  6..11  to square; for castling the square of the castling ROOK (king takes own rook),
 *              in standard chess and Chess960 alike
 * bits 12..14  flag: NORMAL, DOUBLE_PUSH, CASTLING, EN_PASSANT, PROMOTE_KNIGHT..PROMOTE_QUEEN
 * </pre>
 *
 * Captures are not flagged: the board knows what stands on the target square. {@link #NONE} (0,
 * a1a1) is never a legal move.
 */
public final class Moves {

    private Moves() {
    }

    public static final int NONE = 0;

    public static final int NORMAL = 0;
    public static final int DOUBLE_PUSH = 1;
    public static final int CASTLING = 2;
    public static final int EN_PASSANT = 3;
    public static final int PROMOTE_KNIGHT = 4;
    public static final int PROMOTE_BISHOP = 5;
    public static final int PROMOTE_ROOK = 6;
    public static final int PROMOTE_QUEEN = 7;

    public static int of(int from, int to) {
        return from | to << 6;
    }

    public static int of(int from, int to, int flag) {
        return from | to << 6 | flag << 12;
    }

    public static int from(int move) {
        return move & 63;
    }

    public static int to(int move) {
        return (move >>> 6) & 63;
    }

    public static int flag(int move) {
        return (move >>> 12) & 7;
    }

    public static boolean isPromotion(int move) {
        return flag(move) >= PROMOTE_KNIGHT;
    }

    public static boolean isCastling(int move) {
        return flag(move) == CASTLING;
    }

    public static boolean isEnPassant(int move) {
        return flag(move) == EN_PASSANT;
    }

    /** The piece type promoted to ({@link Board#KNIGHT}..{@link Board#QUEEN}), or {@link Board#NO_PIECE}. */
    public static int promotionType(int move) {
        int f = flag(move);
        return f >= PROMOTE_KNIGHT ? f - PROMOTE_KNIGHT + Board.KNIGHT : Board.NO_PIECE;
    }

    /** The flag for promoting to a piece type. */
    public static int promotionFlag(int type) {
        if (type < Board.KNIGHT || type > Board.QUEEN) {
            throw new IllegalArgumentException("cannot promote to piece type " + type);
        }
        return type - Board.KNIGHT + PROMOTE_KNIGHT;
    }

    /** The square's name, {@code e4}. */
    public static String squareName(int square) {
        return "" + (char) ('a' + (square & 7)) + (char) ('1' + (square >>> 3));
    }

    /**
     * The move as UCI writes it: castling as the king's two-square move unless {@code chess960}, in
     * which case as king takes rook; promotions with a lower-case letter; {@code 0000} for NONE.
     */
    public static String toUci(int move, boolean chess960) {
        if (move == NONE) {
            return "0000";
        }
        int from = from(move);
        int to = to(move);
        if (isCastling(move) && !chess960) {
            to = (from & 56) + (to > from ? 6 : 2);
        }
        String s = squareName(from) + squareName(to);
        int promo = promotionType(move);
        return promo == Board.NO_PIECE ? s : s + "nbrq".charAt(promo - Board.KNIGHT);
    }

    /** Debugging text: the UCI form with castling as king takes rook. */
    public static String toString(int move) {
        return toUci(move, true);
    }
}

package org.kibitz.xiangqi.board;

/**
 * Piece and side codes of the internal {@link Board}: small ints, so that the board is an {@code int[]}
 * and tests are array lookups.
 *
 * <p>A piece code is {@code type | side << 3}: Red pieces are 1..7, Black pieces 9..15, 0 is an empty
 * point. {@code code & 7} is the type, {@code code >>> 3} the side.
 */
public final class Pieces {

    /** Red moves first; also the index of Red in per-side arrays. */
    public static final int RED = 0;
    public static final int BLACK = 1;

    public static final int EMPTY = 0;
    public static final int KING = 1;
    public static final int ADVISOR = 2;
    public static final int ELEPHANT = 3;
    public static final int HORSE = 4;
    public static final int ROOK = 5;
    public static final int CANNON = 6;
    public static final int PAWN = 7;

    /** FEN letters by type, index 0 unused. */
    private static final String LETTERS = ".KABNRCP";

    private Pieces() {
    }

    public static int code(int type, int side) {
        return type | side << 3;
    }

    public static int type(int code) {
        return code & 7;
    }

    /** The side of a non-empty piece code. */
    public static int side(int code) {
        return code >>> 3;
    }

    /** Upper-case FEN letter of a type: K A B N R C P. */
    public static char letter(int type) {
        return LETTERS.charAt(type);
    }

    /** The FEN letter of a piece code: upper case for Red, lower case for Black. */
    public static char fenLetter(int code) {
        char c = letter(type(code));
        return side(code) == RED ? c : Character.toLowerCase(c);
    }

    /**
     * The type for a letter of either case, accepting the older E (elephant) and H (horse); 0 when it is
     * no piece letter.
     */
    public static int typeOf(char letter) {
        return switch (Character.toUpperCase(letter)) {
            case 'K' -> KING;
            case 'A' -> ADVISOR;
            case 'B', 'E' -> ELEPHANT;
            case 'N', 'H' -> HORSE;
            case 'R' -> ROOK;
            case 'C' -> CANNON;
            case 'P' -> PAWN;
            default -> 0;
        };
    }
}

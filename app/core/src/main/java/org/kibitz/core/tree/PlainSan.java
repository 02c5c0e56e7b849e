package org.kibitz.core.tree;

import org.kibitz.chess.board.Board;
import org.kibitz.chess.board.BoardReplay;
import org.kibitz.chess.board.Moves;

/**
 * Reads the SAN moves of an import's light path (decision 0038) straight on the rules' board,
 * replayed in place ({@link BoardReplay}): the shapes nearly every file writes ({@code e4}, {@code exd5}, {@code Nbd7}, {@code R1e2},
 * {@code e8=Q+}, {@code O-O}), resolved as the chess rules' SAN reader resolves them (the pieces of
 * the named type that reach the square, each one's move checked for legality), without the game
 * tree, the API's move and position objects or the notation lookup around it. Anything else, an
 * illegal or ambiguous move included, gives {@link Moves#NONE}: the caller then reads the game in
 * full and so reports what the full reader reports.
 */
final class PlainSan {

    private PlainSan() {
    }

    /** The board's move {@code token} names in {@code b}, {@link Moves#NONE} when it is not plain or not one legal move. */
    static int parse(BoardReplay b, String token) {
        int end = token.length();
        while (end > 0 && (token.charAt(end - 1) == '+' || token.charAt(end - 1) == '#')) {
            end--;
        }
        if (end < 2) {
            return Moves.NONE;
        }
        char c0 = token.charAt(0);
        if (c0 == 'O' || c0 == '0') {
            if (end == 3 && token.charAt(1) == '-' && token.charAt(2) == c0) {
                return b.castlingMove(true);
            }
            if (end == 5 && token.charAt(1) == '-' && token.charAt(2) == c0 && token.charAt(3) == '-' && token.charAt(4) == c0) {
                return b.castlingMove(false);
            }
            return Moves.NONE;
        }
        int promo = Board.NO_PIECE;
        char last = token.charAt(end - 1);
        if (last == 'N' || last == 'B' || last == 'R' || last == 'Q') {
            promo = type(last);
            end--;
            if (end > 0 && token.charAt(end - 1) == '=') {
                end--;
            }
            if (end < 2) {
                return Moves.NONE;
            }
        }
        if (!isFile(token.charAt(end - 2)) || !isRank(token.charAt(end - 1))) {
            return Moves.NONE;
        }
        int i = 0;
        int type = Board.PAWN;
        int letter = type(c0);
        if (letter != Board.NO_PIECE && letter != Board.PAWN) {
            type = letter;
            i++;
        }
        int fromFile = -1;
        int fromRank = -1;
        if (i < end - 2 && isFile(token.charAt(i))) {
            fromFile = token.charAt(i++) - 'a';
        }
        if (i < end - 2 && isRank(token.charAt(i))) {
            fromRank = token.charAt(i++) - '1';
        }
        if (i < end - 2 && token.charAt(i) == 'x') {
            i++;
        }
        if (i != end - 2) {
            return Moves.NONE;
        }
        if (type == Board.PAWN && fromRank >= 0) {
            return Moves.NONE; // long algebraic: the full reader's other path
        }
        if (promo != Board.NO_PIECE && type != Board.PAWN) {
            return Moves.NONE;
        }
        int to = (token.charAt(end - 2) - 'a') + 8 * (token.charAt(end - 1) - '1');
        long mask = -1L;
        if (fromFile >= 0) {
            mask &= 0x0101010101010101L << fromFile;
        } else if (type == Board.PAWN) {
            mask &= 0x0101010101010101L << (to & 7); // a pawn move without a from-file is a push
        }
        if (fromRank >= 0) {
            mask &= 0xFFL << (8 * fromRank);
        }
        long candidates = b.reaching(type, to) & mask;
        int found = Moves.NONE;
        while (candidates != 0) {
            int f = Long.numberOfTrailingZeros(candidates);
            candidates &= candidates - 1;
            int m = b.reachedMove(f, to, promo);
            if (m == Moves.NONE) {
                continue;
            }
            if (found != Moves.NONE) {
                return Moves.NONE; // ambiguous: the full reader says so
            }
            found = m;
        }
        return found;
    }

    /**
     * The tree's packed move ({@link TreeMove#pack}) for a board move of a standard chess position:
     * castling as the king's two-square step, a promotion by its upper-case letter.
     */
    static int pack(int move) {
        int from = Moves.from(move);
        int to = Moves.to(move);
        if (Moves.isCastling(move)) {
            to = (from & 56) + (to > from ? 6 : 2);
        }
        int promo = Moves.promotionType(move);
        int v = (from & 7) | (from >>> 3) << 4 | (to & 7) << 8 | (to >>> 3) << 12;
        return promo == Board.NO_PIECE ? v : v | "PNBRQK".charAt(promo - 1) << 16;
    }

    private static int type(char c) {
        return switch (c) {
            case 'N' -> Board.KNIGHT;
            case 'B' -> Board.BISHOP;
            case 'R' -> Board.ROOK;
            case 'Q' -> Board.QUEEN;
            case 'K' -> Board.KING;
            default -> Board.NO_PIECE;
        };
    }

    private static boolean isFile(char c) {
        return c >= 'a' && c <= 'h';
    }

    private static boolean isRank(char c) {
        return c >= '1' && c <= '8';
    }
}

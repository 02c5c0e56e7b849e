package org.kibitz.core.tree;

import java.util.OptionalDouble;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Side;

/**
 * What an opening tree knows of one move from one position: the games that played it and how they
 * ended, the average rating of the player who made it, and the years it was played in.
 *
 * @param move        the move
 * @param games       games that played it (each game once, however often it met the position)
 * @param whiteWins   of those, games White (Red in xiangqi) won
 * @param draws       drawn games
 * @param blackWins   games Black won
 * @param ratingSum   sum of the mover's ratings over the games that gave one
 * @param ratingCount games that gave the mover's rating
 * @param firstYear   the earliest year it was played, 0 when no game gave one
 * @param lastYear    the latest year, 0 when no game gave one
 */
public record TreeMove(Move move, long games, long whiteWins, long draws, long blackWins, long ratingSum,
                       long ratingCount, int firstYear, int lastYear) {

    /** Games won by {@code side}, the side to move in the position (the mover). */
    public long wins(Side side) {
        return side == Side.WHITE ? whiteWins : blackWins;
    }

    /** Games lost by {@code side}. */
    public long losses(Side side) {
        return side == Side.WHITE ? blackWins : whiteWins;
    }

    /** The mover's average rating, when some game gave one. */
    public OptionalDouble averageRating() {
        return ratingCount == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) ratingSum / ratingCount);
    }

    /** Packs a move into the tree's key: from file, from rank, to file, to rank in 4 bits each, promotion above. */
    public static int pack(Move m) {
        return m.from().file() | m.from().rank() << 4 | m.to().file() << 8 | m.to().rank() << 12 | m.promotion() << 16;
    }

    /** The move {@link #pack} packed. */
    public static Move unpack(int v) {
        return new Move(org.kibitz.api.game.Square.of(v & 15, v >> 4 & 15),
                org.kibitz.api.game.Square.of(v >> 8 & 15, v >> 12 & 15), (char) (v >>> 16 & 0xFFFF));
    }
}

package org.kibitz.api.game;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable game position: where the pieces stand, who moves, and the counters and rights its
 * game keeps. {@link #play(Move)} returns a new position; rules modules keep their own fast
 * make/unmake boards for search and perft behind this interface.
 *
 * <p>Implementations define {@code equals}/{@code hashCode} on the full FEN state.
 */
public interface Position {

    /** The id of the game this position belongs to ({@code chess}, {@code xiangqi}). */
    String gameId();

    Side sideToMove();

    /** The piece on a square, if any. */
    Optional<Piece> pieceAt(Square square);

    /** Every piece on the board by square, in no particular order. */
    Map<Square, Piece> pieces();

    /** Every legal move, in the rules module's generation order. */
    List<Move> legalMoves();

    /** The legal moves of the piece on {@code from}. */
    default List<Move> legalMovesFrom(Square from) {
        return legalMoves().stream().filter(m -> m.from().equals(from)).toList();
    }

    boolean isLegal(Move move);

    /**
     * The position after a legal move.
     *
     * @throws IllegalArgumentException when the move is not legal here
     */
    Position play(Move move);

    /** Whether a legal move captures (for chess, en passant included). */
    boolean isCapture(Move move);

    /** Whether the side to move is in check. */
    boolean inCheck();

    /**
     * The result this position decides on its own: checkmate, stalemate, insufficient material.
     * Rulings that need the history (repetition, perpetual check, move-count rules) come from
     * {@link GamePlugin#adjudicate(List)}.
     */
    Optional<Outcome> outcome();

    /**
     * The same position with the files reversed (left and right swapped), where the game's rules make
     * it an equivalent position: xiangqi's board is symmetric, so a book stores a position and its
     * mirror image once. Empty where reversing the files is not the same game (chess: castling and the
     * king's and queen's sides).
     */
    default Optional<Position> mirrored() {
        return Optional.empty();
    }

    /** The position in the game's standard FEN. */
    String fen();

    /** Zobrist hash of the position; for chess it equals the Polyglot book key. */
    long hash();

    /** Plies since the last capture or irreversible move (the fifty-move counter in chess). */
    int halfmoveClock();

    /** The FEN full-move number, starting at 1 and increasing after Black's move. */
    int fullmoveNumber();
}

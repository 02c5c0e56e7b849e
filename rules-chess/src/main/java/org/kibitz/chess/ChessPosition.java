package org.kibitz.chess;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.game.Termination;
import org.kibitz.chess.board.Board;
import org.kibitz.chess.board.Moves;

/**
 * An immutable chess position (standard or Chess960) behind the game-neutral {@link Position}.
 *
 * <p>It wraps a {@link Board} that is never changed after construction; {@link #play(Move)} copies
 * it and makes the move on the copy. Legal moves are generated once, on first use.
 *
 * <p><b>Castling in {@link Move}s</b>: a standard position writes castling as the king's
 * two-square move ({@code e1g1}), a Chess960 position as the king taking its own rook
 * ({@code e1h1}), as engines write them with {@code UCI_Chess960} off and on. Each accepts the
 * other form too where it cannot mean anything else: king takes own rook is never an ordinary move,
 * and in Chess960 a king move of two or more files to the c- or g-file from the castling king's
 * square is castling (a one-file move, as {@code f1g1}, stays an ordinary king move).
 *
 * <p><b>Whether a position is Chess960</b> comes from the FEN (see {@link org.kibitz.chess.board.Fen}),
 * or from the caller ({@link ChessPlugin#parseFen(String, String)} with a variant name), and is kept
 * by every position played from it.
 *
 * <p>{@link #equals(Object)} compares the full FEN state and the variant; {@link #hash()} is the
 * Polyglot key.
 */
public final class ChessPosition implements Position {

    private static final String PIECE_LETTERS = "PNBRQK";

    private final Board board;
    private volatile int[] legal;
    private volatile List<Move> legalMoves;

    ChessPosition(Board frozen) {
        this.board = frozen;
    }

    /** A position holding a copy of {@code board} (its move history is not kept). */
    public static ChessPosition of(Board board) {
        return new ChessPosition(board.copy());
    }

    /** A fresh mutable board for this position, for search or perft. */
    public Board toBoard() {
        return board.copy();
    }

    /** The frozen board, for reading only (package use, no copy). */
    Board board() {
        return board;
    }

    @Override
    public String gameId() {
        return ChessPlugin.ID;
    }

    /** Whether castling follows Chess960 rules (and is written king takes rook). */
    public boolean isChess960() {
        return board.isChess960();
    }

    @Override
    public Side sideToMove() {
        return board.sideToMove() == Board.WHITE ? Side.WHITE : Side.BLACK;
    }

    @Override
    public Optional<Piece> pieceAt(Square square) {
        if (square.file() > 7 || square.rank() > 7) {
            return Optional.empty();
        }
        int p = board.pieceOn(8 * square.rank() + square.file());
        return p == Board.NO_PIECE ? Optional.empty() : Optional.of(piece(p));
    }

    @Override
    public Map<Square, Piece> pieces() {
        Map<Square, Piece> out = new LinkedHashMap<>();
        for (int sq = 0; sq < 64; sq++) {
            int p = board.pieceOn(sq);
            if (p != Board.NO_PIECE) {
                out.put(square(sq), piece(p));
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /** The legal moves in the board's encoding (see {@link Moves}); do not modify the array. */
    int[] intMoves() {
        int[] l = legal;
        if (l == null) {
            int[] buffer = new int[Board.MAX_MOVES];
            int n = board.generate(buffer, 0, Board.GEN_ALL);
            l = java.util.Arrays.copyOf(buffer, n);
            legal = l;
        }
        return l;
    }

    @Override
    public List<Move> legalMoves() {
        List<Move> l = legalMoves;
        if (l == null) {
            int[] ms = intMoves();
            List<Move> out = new ArrayList<>(ms.length);
            for (int m : ms) {
                out.add(toMove(m));
            }
            l = Collections.unmodifiableList(out);
            legalMoves = l;
        }
        return l;
    }

    @Override
    public boolean isLegal(Move move) {
        return toInternal(move) != Moves.NONE;
    }

    @Override
    public ChessPosition play(Move move) {
        int m = toInternal(move);
        if (m == Moves.NONE) {
            throw new IllegalArgumentException("not a legal move in " + fen() + ": " + move.coordinates(1));
        }
        return play(m);
    }

    /** The position after a legal move in the board's encoding. */
    ChessPosition play(int move) {
        Board b = board.copy();
        b.makeMove(move);
        return new ChessPosition(b);
    }

    @Override
    public boolean isCapture(Move move) {
        int m = toInternal(move);
        return m != Moves.NONE && board.isCapture(m);
    }

    @Override
    public boolean inCheck() {
        return board.inCheck();
    }

    @Override
    public Optional<Outcome> outcome() {
        if (intMoves().length == 0) {
            return Optional.of(board.inCheck()
                    ? Outcome.win(sideToMove().opposite(), Termination.CHECKMATE)
                    : Outcome.draw(Termination.STALEMATE));
        }
        if (board.insufficientMaterial()) {
            return Optional.of(Outcome.draw(Termination.INSUFFICIENT_MATERIAL));
        }
        return Optional.empty();
    }

    @Override
    public String fen() {
        return board.fen();
    }

    /** The FEN with castling rights as rook files (Shredder-FEN), e.g. {@code HAha}. */
    public String shredderFen() {
        return board.shredderFen();
    }

    /** The Polyglot key. */
    @Override
    public long hash() {
        return board.key();
    }

    /** The key for the repetition rule: the Polyglot key, without an en passant file no legal capture uses. */
    public long repetitionKey() {
        return board.repetitionKey();
    }

    /** Whether the two positions count as the same position for the repetition rule. */
    public boolean sameForRepetition(ChessPosition other) {
        return board.sameRepetitionState(other.board);
    }

    @Override
    public int halfmoveClock() {
        return board.halfmoveClock();
    }

    @Override
    public int fullmoveNumber() {
        return board.fullmoveNumber();
    }

    /**
     * The board's move for an API move, accepting either castling form (see the class comment);
     * {@link Moves#NONE} when it is not legal here.
     */
    public int toInternal(Move move) {
        Square f = move.from();
        Square t = move.to();
        if (f.file() > 7 || f.rank() > 7 || t.file() > 7 || t.rank() > 7) {
            return Moves.NONE;
        }
        int from = 8 * f.rank() + f.file();
        int to = 8 * t.rank() + t.file();
        int promotion = move.isPromotion() ? PIECE_LETTERS.indexOf(move.promotion()) + 1 : Board.NO_PIECE;
        if (move.isPromotion() && (promotion < Board.KNIGHT || promotion > Board.QUEEN)) {
            return Moves.NONE;
        }
        boolean chess960 = board.isChess960();
        for (int m : intMoves()) {
            if (Moves.from(m) != from) {
                continue;
            }
            if (Moves.isCastling(m)) {
                int rook = Moves.to(m);
                int kingTo = (from & 56) + (rook > from ? 6 : 2);
                boolean matches = chess960
                        ? to == rook || (to == kingTo && Math.abs((kingTo & 7) - (from & 7)) >= 2)
                        : to == kingTo || to == rook;
                if (matches && promotion == Board.NO_PIECE) {
                    return m;
                }
            } else if (Moves.to(m) == to && Moves.promotionType(m) == promotion) {
                return m;
            }
        }
        return Moves.NONE;
    }

    /** The API move for a board move, castling in this position's form. */
    public Move toMove(int move) {
        int from = Moves.from(move);
        int to = Moves.to(move);
        if (Moves.isCastling(move) && !board.isChess960()) {
            to = (from & 56) + (to > from ? 6 : 2);
        }
        int promo = Moves.promotionType(move);
        return promo == Board.NO_PIECE
                ? new Move(square(from), square(to))
                : new Move(square(from), square(to), PIECE_LETTERS.charAt(promo - 1));
    }

    static Square square(int sq) {
        return Square.of(sq & 7, sq >>> 3);
    }

    static Piece piece(int code) {
        return new Piece(Board.colourOf(code) == Board.WHITE ? Side.WHITE : Side.BLACK,
                PIECE_LETTERS.charAt(Board.typeOf(code) - 1));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChessPosition p && board.sameState(p.board);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(board.key()) * 31 + board.halfmoveClock() * 7 + board.fullmoveNumber();
    }

    @Override
    public String toString() {
        return fen();
    }
}

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
import org.kibitz.chess.board.BoardState;
import org.kibitz.chess.board.Moves;

/**
 * An immutable chess position (standard or Chess960) behind the game-neutral {@link Position}.
 *
 * <p>It holds a {@link BoardState}: the bitboards and the state, about a hundred bytes, with no
 * {@link Board} inside. Reading and writing a game ask only targeted questions of it (which piece
 * of a type reaches a square, is this one move legal, what comes after it), answered on the
 * bitboards; the full list of legal moves is generated on a {@link Board} the first time someone
 * asks for it, and kept.
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

    private final BoardState state;
    private volatile int[] legal;
    private volatile List<Move> legalMoves;
    /**
     * The last API move this position put into the board's encoding. Reading a game file asks the
     * same position about the same move three times: the notation reads it, the tree plays it, and
     * the writer formats it; the legality check is then done once. A plain field: the record's
     * fields are final, so a thread that sees the record sees it whole.
     */
    private Resolved resolved;
    /** The FEN, made on first request and kept: files' games mostly share the one start position. */
    private String fen;

    private record Resolved(Move move, int internal) {
    }

    ChessPosition(Board board) {
        this.state = BoardState.of(board);
    }

    ChessPosition(BoardState state) {
        this.state = state;
    }

    /** A position holding a copy of {@code board} (its move history is not kept). */
    public static ChessPosition of(Board board) {
        return new ChessPosition(board);
    }

    /** A fresh mutable board for this position, for search or perft. */
    public Board toBoard() {
        return state.toBoard();
    }

    /** The position's bitboards and state (package use: notations read it). */
    BoardState state() {
        return state;
    }

    @Override
    public String gameId() {
        return ChessPlugin.ID;
    }

    /** Whether castling follows Chess960 rules (and is written king takes rook). */
    public boolean isChess960() {
        return state.isChess960();
    }

    @Override
    public Side sideToMove() {
        return state.sideToMove() == Board.WHITE ? Side.WHITE : Side.BLACK;
    }

    @Override
    public Optional<Piece> pieceAt(Square square) {
        if (square.file() > 7 || square.rank() > 7) {
            return Optional.empty();
        }
        int p = state.pieceOn(8 * square.rank() + square.file());
        return p == Board.NO_PIECE ? Optional.empty() : Optional.of(piece(p));
    }

    @Override
    public Map<Square, Piece> pieces() {
        Map<Square, Piece> out = new LinkedHashMap<>();
        for (int sq = 0; sq < 64; sq++) {
            int p = state.pieceOn(sq);
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
            int n = state.toBoard().generate(buffer, 0, Board.GEN_ALL);
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
        return new ChessPosition(state.play(move));
    }

    @Override
    public boolean isCapture(Move move) {
        int m = toInternal(move);
        return m != Moves.NONE && state.isCapture(m);
    }

    @Override
    public boolean inCheck() {
        return state.inCheck();
    }

    @Override
    public Optional<Outcome> outcome() {
        Optional<Outcome> o = outcome;
        if (o == null) {
            o = computeOutcome();
            outcome = o;
        }
        return o;
    }

    // Asked more than once of the same position (an arbiter asks after every move, then its rules ask
    // again): kept, as the FEN is. A race only computes it twice.
    private volatile Optional<Outcome> outcome;

    private Optional<Outcome> computeOutcome() {
        Board board = state.toBoard();
        if (!board.hasLegalMove()) {
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
        String f = fen;
        if (f == null) {
            f = state.toBoard().fen();
            fen = f;
        }
        return f;
    }

    /** The FEN with castling rights as rook files (Shredder-FEN), e.g. {@code HAha}. */
    public String shredderFen() {
        return state.toBoard().shredderFen();
    }

    /** The Polyglot key. */
    @Override
    public long hash() {
        return state.key();
    }

    /** The key for the repetition rule: the Polyglot key, without an en passant file no legal capture uses. */
    public long repetitionKey() {
        return state.enPassantSquare() == Board.NO_SQUARE ? state.key() : state.toBoard().repetitionKey();
    }

    /** Whether the two positions count as the same position for the repetition rule. */
    public boolean sameForRepetition(ChessPosition other) {
        return state.toBoard().sameRepetitionState(other.state.toBoard());
    }

    @Override
    public int halfmoveClock() {
        return state.halfmoveClock();
    }

    @Override
    public int fullmoveNumber() {
        return state.fullmoveNumber();
    }

    /**
     * The board's move for an API move, accepting either castling form (see the class comment);
     * {@link Moves#NONE} when it is not legal here.
     */
    public int toInternal(Move move) {
        Resolved r = resolved;
        if (r != null && r.move == move) {
            return r.internal;
        }
        int m = resolve(move);
        resolved = new Resolved(move, m);
        return m;
    }

    private int resolve(Move move) {
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
        return toInternal(from, to, promotion);
    }

    /** {@link #toInternal(Move)} for squares and a promotion piece type ({@link Board#NO_PIECE} for none). */
    int toInternal(int from, int to, int promotion) {
        BoardState s = state;
        if (promotion == Board.NO_PIECE && (s.piecesOfType(Board.KING) >>> from & 1) != 0
                && from == s.kingSquare(s.sideToMove())) {
            int castling = castlingTo(from, to);
            if (castling != Moves.NONE) {
                return castling;
            }
        }
        return s.legalMove(from, to, promotion);
    }

    /** The legal castling move a king move from {@code from} to {@code to} stands for, or {@link Moves#NONE}. */
    private int castlingTo(int from, int to) {
        boolean chess960 = state.isChess960();
        for (int side = 0; side < 2; side++) {
            int m = state.castlingMove(side == 0);
            if (m == Moves.NONE || Moves.from(m) != from) {
                continue;
            }
            int rook = Moves.to(m);
            int kingTo = (from & 56) + (rook > from ? 6 : 2);
            boolean matches = chess960
                    ? to == rook || (to == kingTo && Math.abs((kingTo & 7) - (from & 7)) >= 2)
                    : to == kingTo || to == rook;
            if (matches) {
                return m;
            }
        }
        return Moves.NONE;
    }

    /** {@link #toMove(int)} for a legal move that is about to be played or written from here. */
    Move resolvedMove(int move) {
        Move m = toMove(move);
        resolved = new Resolved(m, move);
        return m;
    }

    /** The API move for a board move, castling in this position's form. */
    public Move toMove(int move) {
        int from = Moves.from(move);
        int to = Moves.to(move);
        if (Moves.isCastling(move) && !state.isChess960()) {
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
        return o instanceof ChessPosition p && state.sameState(p.state);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(state.key()) * 31 + state.halfmoveClock() * 7 + state.fullmoveNumber();
    }

    @Override
    public String toString() {
        return fen();
    }
}

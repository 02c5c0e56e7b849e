package org.kibitz.engine.chess;

import java.util.Locale;
import org.kibitz.chess.board.Board;
import org.kibitz.chess.board.Moves;
import org.kibitz.engine.search.Scores;
import org.kibitz.engine.search.SearchBoard;

/**
 * Chess for the search, on the rules module's bitboard {@link Board}: legal generation, make/unmake,
 * SEE and Polyglot keys come from there; the evaluation is {@link ChessEvaluation}. Draws by the
 * rules: a repetition (the first one inside the search, as engines count them), the fifty-move rule,
 * and material with which nobody can mate.
 */
public final class ChessSearchBoard implements SearchBoard {

    /** Values for move ordering (SEE has its own); the king last so that it captures last. */
    private static final int[] VALUE = {0, 100, 320, 330, 500, 950, 1000};

    private final Board board;
    private final boolean chess960Notation;

    /**
     * @param board            the position with the moves that led to it (for repetitions); the search plays on it
     * @param chess960Notation write castling as king takes rook ({@code UCI_Chess960})
     */
    public ChessSearchBoard(Board board, boolean chess960Notation) {
        this.board = board;
        this.chess960Notation = chess960Notation;
    }

    /** The board underneath. */
    public Board board() {
        return board;
    }

    @Override
    public int side() {
        return board.sideToMove();
    }

    @Override
    public long key() {
        return board.key();
    }

    @Override
    public boolean inCheck() {
        return board.inCheck();
    }

    @Override
    public int generateMoves(int[] moves, int start) {
        return board.generate(moves, start, Board.GEN_ALL);
    }

    @Override
    public int generateNoisy(int[] moves, int start) {
        return board.generate(moves, start, Board.GEN_CAPTURES);
    }

    @Override
    public void make(int move) {
        board.makeMove(move);
    }

    @Override
    public void unmake() {
        board.unmakeMove();
    }

    @Override
    public void makeNull() {
        board.makeNullMove();
    }

    @Override
    public void unmakeNull() {
        board.unmakeNullMove();
    }

    @Override
    public boolean isNoisy(int move) {
        return Moves.isPromotion(move) || board.isCapture(move);
    }

    @Override
    public int gain(int move) {
        int g = VALUE[board.capturedPiece(move) & 7];
        if (Moves.isPromotion(move)) {
            g += VALUE[Moves.promotionType(move)] - VALUE[Board.PAWN];
        }
        return g;
    }

    @Override
    public int moverValue(int move) {
        return VALUE[board.pieceOn(Moves.from(move)) & 7];
    }

    @Override
    public int see(int move) {
        return board.see(move);
    }

    @Override
    public int evaluate() {
        return ChessEvaluation.evaluate(board);
    }

    @Override
    public int ruleScore(int ply) {
        if (board.halfmoveClock() >= 100 && !(board.inCheck() && !board.hasLegalMove())) {
            return 0;
        }
        if (board.isRepetition() || board.insufficientMaterial()) {
            return 0;
        }
        return Scores.NONE;
    }

    @Override
    public int noMovesScore(int ply) {
        return board.inCheck() ? -Scores.MATE + ply : 0;
    }

    @Override
    public boolean nullMoveAllowed() {
        int us = board.sideToMove();
        return (board.pieces(us, Board.KNIGHT) | board.pieces(us, Board.BISHOP) | board.pieces(us, Board.ROOK)
                | board.pieces(us, Board.QUEEN)) != 0;
    }

    @Override
    public int historyIndex(int move) {
        return move & 0xFFF;
    }

    @Override
    public String moveText(int move) {
        return Moves.toUci(move, chess960Notation);
    }

    @Override
    public int parseMove(String text) {
        return board.parseUci(text.toLowerCase(Locale.ROOT));
    }

    @Override
    public String fen() {
        return board.fen();
    }

    @Override
    public SearchBoard copy() {
        return new ChessSearchBoard(board.copyWithHistory(), chess960Notation);
    }
}

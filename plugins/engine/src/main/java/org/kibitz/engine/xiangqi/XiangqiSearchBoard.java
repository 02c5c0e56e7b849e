package org.kibitz.engine.xiangqi;

import static org.kibitz.xiangqi.board.Pieces.CANNON;
import static org.kibitz.xiangqi.board.Pieces.HORSE;
import static org.kibitz.xiangqi.board.Pieces.ROOK;

import java.util.Locale;
import org.kibitz.engine.search.Scores;
import org.kibitz.engine.search.SearchBoard;
import org.kibitz.xiangqi.board.Board;
import org.kibitz.xiangqi.board.Repetition;

/**
 * Xiangqi for the search, on the rules module's {@link Board}: legal generation, make/unmake, Zobrist
 * keys and the repetition history come from there; SEE ({@link XiangqiSee}) and the evaluation
 * ({@link XiangqiEvaluation}) are ours. The game's rulings in the search: no legal move loses
 * (checkmate and stalemate alike); a repetition is judged by the board's history as the rules
 * module's adjudication does, so that a side which checked on every move of the cycle loses
 * ({@link Scores#RULE_WIN}) and any other repetition is a draw; 120 plies without a capture draw.
 */
public final class XiangqiSearchBoard implements SearchBoard {

    /** The natural-move limit of the Chinese rules, in plies without a capture (as the rules module adjudicates). */
    static final int MOVE_LIMIT_PLIES = 120;

    private final Board board;
    private final XiangqiSee see = new XiangqiSee();
    private final int[] scratch = new int[Board.MAX_MOVES];

    /** @param board the position with the moves that led to it (for repetitions); the search plays on it */
    public XiangqiSearchBoard(Board board) {
        this.board = board;
    }

    /** The board underneath. */
    public Board board() {
        return board;
    }

    @Override
    public int side() {
        return board.side();
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
        return start + board.generateLegal(moves, start);
    }

    @Override
    public int generateNoisy(int[] moves, int start) {
        int end = start + board.generateCaptures(moves, start);
        int n = start;
        for (int i = start; i < end; i++) {
            int m = moves[i];
            if (board.isLegal(m)) {
                moves[n++] = m;
            }
        }
        return n;
    }

    @Override
    public void make(int move) {
        board.make(move);
    }

    @Override
    public void unmake() {
        board.unmake();
    }

    @Override
    public void makeNull() {
        board.makeNull();
    }

    @Override
    public void unmakeNull() {
        board.unmakeNull();
    }

    @Override
    public boolean isNoisy(int move) {
        return board.pieceAt(Board.to(move)) != 0;
    }

    @Override
    public int gain(int move) {
        return XiangqiSee.VALUE[board.pieceAt(Board.to(move)) & 7];
    }

    @Override
    public int moverValue(int move) {
        return XiangqiSee.VALUE[board.pieceAt(Board.from(move)) & 7];
    }

    @Override
    public int see(int move) {
        return see.see(board, move);
    }

    @Override
    public int evaluate() {
        return XiangqiEvaluation.evaluate(board);
    }

    @Override
    public int ruleScore(int ply) {
        int ruling = board.repetition(2);
        switch (ruling) {
            case Repetition.NONE -> {
                return board.halfmoveClock() >= MOVE_LIMIT_PLIES ? 0 : Scores.NONE;
            }
            case Repetition.WIN_PERPETUAL_CHECK, Repetition.WIN_PERPETUAL_CHASE -> {
                return Scores.RULE_WIN - ply;
            }
            case Repetition.LOSS_PERPETUAL_CHECK, Repetition.LOSS_PERPETUAL_CHASE -> {
                return -Scores.RULE_WIN + ply;
            }
            default -> {
                return 0;
            }
        }
    }

    @Override
    public int noMovesScore(int ply) {
        return -Scores.MATE + ply;
    }

    @Override
    public boolean nullMoveAllowed() {
        int ub = board.side() << 3;
        return board.count(ROOK | ub) + board.count(HORSE | ub) + board.count(CANNON | ub) > 0;
    }

    @Override
    public int historyIndex(int move) {
        return move & 0x3FFF;
    }

    @Override
    public String moveText(int move) {
        return Board.moveText(move);
    }

    @Override
    public int parseMove(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        int n = board.generateLegal(scratch, 0);
        for (int i = 0; i < n; i++) {
            if (Board.moveText(scratch[i]).equals(t)) {
                return scratch[i];
            }
        }
        return 0;
    }

    @Override
    public String fen() {
        return board.fen();
    }

    @Override
    public SearchBoard copy() {
        return new XiangqiSearchBoard(board.copy());
    }
}

package org.kibitz.xiangqi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
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
import org.kibitz.xiangqi.board.Board;
import org.kibitz.xiangqi.board.Geometry;
import org.kibitz.xiangqi.board.Mailbox;
import org.kibitz.xiangqi.board.Pieces;
import org.kibitz.xiangqi.board.Zobrist;

/**
 * An immutable xiangqi position: 90 points, side to move, the no-capture clock and the move number.
 * Questions about moves (legal moves, check, outcome) are answered once by a fresh {@link Board} and
 * cached; {@link #toBoard()} gives that board to whoever needs make/unmake (perft, the engine).
 */
public final class XiangqiPosition implements Position {

    private static final Piece[] PIECES = new Piece[16];

    static {
        for (int code = 1; code < 16; code++) {
            if ((code & 7) != 0) {
                PIECES[code] = new Piece(code >>> 3 == Pieces.RED ? Side.WHITE : Side.BLACK, Pieces.letter(code & 7));
            }
        }
    }

    private final byte[] squares;
    private final int side;
    private final int halfmove;
    private final int fullmove;
    private final long hash;
    /**
     * Where the generals stand: Red's point in the low byte, Black's in the next, 0xFF for one not on
     * the board (set-up positions under test). Kept so that checking a move's legality, asked once or
     * twice for every move a game file holds, does not search the palace first.
     */
    private final int kings;
    /**
     * Whether the side to move is in check, when known without the attack test: {@link #CHECK_UNKNOWN},
     * {@link #NOT_IN_CHECK} or {@link #IN_CHECK}. Known after most moves of a game (see {@link
     * Mailbox#checkAfterMove}); when the side is not in check, most of its moves need no attack
     * test to be found legal (see {@link Mailbox#after}).
     */
    private final byte check;

    private static final byte CHECK_UNKNOWN = 0;
    private static final byte NOT_IN_CHECK = 1;
    private static final byte IN_CHECK = 2;

    // Computed on first use; racy but idempotent, and only immutable values are published.
    private volatile Analysis analysis;
    /**
     * The last API move this position checked: reading a game asks the same position about the same
     * move when the notation reads it, the tree plays it and the writer formats it. The record's
     * fields are final, so a thread that sees it sees it whole.
     */
    private Resolved resolved;
    /**
     * The FEN, made on first request: a file's games mostly start from the one start position, whose
     * FEN tag a writer puts in every game.
     */
    private String fen;

    /**
     * The points after the last move this position found legal, made by that test (see {@link
     * Mailbox#after}): the move a game plays next, nearly always. Final fields, as for {@link
     * #resolved}: a thread that sees the record sees the array's contents.
     */
    private Played played;

    private record Resolved(Move move, int internal) {
    }

    private record Played(int move, byte[] squares) {
    }

    /** Legal moves (board ints, generation order) and check, computed together by one board. */
    private record Analysis(int[] moves, List<Move> list, boolean inCheck) {
    }

    private XiangqiPosition(byte[] squares, int side, int halfmove, int fullmove, long hash, int kings, byte check) {
        this.squares = squares;
        this.side = side;
        this.halfmove = halfmove;
        this.fullmove = fullmove;
        this.hash = hash;
        this.kings = kings;
        this.check = check;
    }

    static XiangqiPosition of(XiangqiFen.Parsed p) {
        byte[] sq = new byte[Geometry.SQUARES];
        long h = p.side() == Pieces.BLACK ? Zobrist.BLACK_TO_MOVE : 0;
        int kings = 0xFFFF;
        for (int i = 0; i < sq.length; i++) {
            sq[i] = (byte) p.squares()[i];
            if (sq[i] != 0) {
                h ^= Zobrist.key(sq[i], i);
                if ((sq[i] & 7) == Pieces.KING) {
                    kings = withKing(kings, sq[i] >>> 3, i);
                }
            }
        }
        return new XiangqiPosition(sq, p.side(), p.halfmove(), p.fullmove(), h, kings, CHECK_UNKNOWN);
    }

    /** A board set up at this position, with no history before it. */
    public Board toBoard() {
        return Board.of(codes(), side, halfmove, fullmove);
    }

    /** The piece codes of {@link Pieces}, index {@code rank * 9 + file}. */
    int[] codes() {
        int[] out = new int[Geometry.SQUARES];
        for (int i = 0; i < out.length; i++) {
            out[i] = squares[i];
        }
        return out;
    }

    /** The piece codes by point, {@code rank * 9 + file}: the position's own array, not to be changed. */
    byte[] mailbox() {
        return squares;
    }

    /** The piece code on a point (internal numbering). */
    int codeAt(int sq) {
        return squares[sq];
    }

    /** {@link Pieces#RED} or {@link Pieces#BLACK}. */
    int side() {
        return side;
    }

    /** The legal moves as board ints, in generation order. Do not modify. */
    int[] legalInts() {
        return analysis().moves();
    }

    /**
     * The board int of a move if it is legal here, else {@link Board#NO_MOVE}: asked of the few
     * points it concerns, not of a list of every legal move (see {@link Mailbox}).
     */
    int legalInt(Move move) {
        Resolved r = resolved;
        if (r != null && r.move == move) {
            return r.internal;
        }
        int m = toInt(move);
        if (m != Board.NO_MOVE && !isLegal(m)) {
            m = Board.NO_MOVE;
        }
        resolved = new Resolved(move, m);
        return m;
    }

    /** {@link #toMove(int)} for a legal move that is about to be played or written from here. */
    Move resolvedMove(int m) {
        Move move = toMove(m);
        resolved = new Resolved(move, m);
        return move;
    }

    /** {@code kings} with {@code side}'s general on {@code sq}. */
    private static int withKing(int kings, int side, int sq) {
        int shift = side == Pieces.RED ? 0 : 8;
        return kings & ~(0xFF << shift) | sq << shift;
    }

    /** Whether a board move (any int) is legal here. */
    boolean isLegal(int move) {
        int k = side == Pieces.RED ? kings & 0xFF : kings >>> 8;
        byte[] next = Mailbox.after(squares, side, move, k == 0xFF ? -1 : k, check == NOT_IN_CHECK);
        if (next == null) {
            return false;
        }
        played = new Played(move, next);
        return true;
    }

    /** The board int of a move's points, or {@link Board#NO_MOVE} when off the board or a promotion. */
    static int toInt(Move move) {
        Square f = move.from();
        Square t = move.to();
        if (move.isPromotion() || f.file() >= 9 || f.rank() >= 10 || t.file() >= 9 || t.rank() >= 10) {
            return Board.NO_MOVE;
        }
        return Board.move(f.rank() * 9 + f.file(), t.rank() * 9 + t.file());
    }

    static Move toMove(int m) {
        int from = Board.from(m);
        int to = Board.to(m);
        return new Move(Square.of(Geometry.FILE[from], Geometry.RANK[from]), Square.of(Geometry.FILE[to], Geometry.RANK[to]));
    }

    private Analysis analysis() {
        Analysis a = analysis;
        if (a == null) {
            Board b = toBoard();
            int[] buf = new int[Board.MAX_MOVES];
            int n = b.generateLegal(buf, 0);
            int[] moves = Arrays.copyOf(buf, n);
            List<Move> list = new ArrayList<>(n);
            for (int m : moves) {
                list.add(toMove(m));
            }
            a = new Analysis(moves, Collections.unmodifiableList(list), b.inCheck());
            analysis = a;
        }
        return a;
    }

    /**
     * The position after a legal board move (no check that it is legal: an illegal one would make
     * a position whose check is known wrongly).
     */
    XiangqiPosition after(int m) {
        int from = Board.from(m);
        int to = Board.to(m);
        int pc = squares[from];
        int cap = squares[to];
        Played p = played;
        byte[] sq;
        if (p != null && p.move == m) {
            sq = p.squares; // made when the move was found legal; no one changes it
        } else {
            sq = squares.clone();
            sq[to] = (byte) pc;
            sq[from] = 0;
        }
        long h = hash ^ Zobrist.key(pc, from) ^ Zobrist.key(pc, to) ^ Zobrist.BLACK_TO_MOVE;
        if (cap != 0) {
            h ^= Zobrist.key(cap, to);
        }
        int k = kings;
        if ((pc & 7) == Pieces.KING) {
            k = withKing(k, side, to);
        }
        if ((cap & 7) == Pieces.KING) {
            k = withKing(k, side ^ 1, 0xFF); // taken: only in positions made up by tests
        }
        // The side to move next was not in check before this move: in no position is the side not
        // to move in check (a FEN that has it is refused, and every move played is legal). So
        // whether it is now depends on this move's points alone, which tell it for most moves.
        byte next = CHECK_UNKNOWN;
        int king = side == Pieces.RED ? k >>> 8 : k & 0xFF;
        if (king != 0xFF) {
            int c = Mailbox.checkAfterMove(sq, side ^ 1, king, pc, from, to);
            next = c < 0 ? CHECK_UNKNOWN : c == 0 ? NOT_IN_CHECK : IN_CHECK;
        }
        return new XiangqiPosition(sq, side ^ 1, cap != 0 ? 0 : halfmove + 1, side == Pieces.BLACK ? fullmove + 1 : fullmove, h, k,
                next);
    }

    // ---------------------------------------------------------------- Position

    @Override
    public String gameId() {
        return XiangqiPlugin.ID;
    }

    @Override
    public Side sideToMove() {
        return side == Pieces.RED ? Side.WHITE : Side.BLACK;
    }

    @Override
    public Optional<Piece> pieceAt(Square square) {
        if (square.file() >= 9 || square.rank() >= 10) {
            return Optional.empty();
        }
        return Optional.ofNullable(PIECES[squares[square.rank() * 9 + square.file()]]);
    }

    @Override
    public Map<Square, Piece> pieces() {
        Map<Square, Piece> out = new HashMap<>();
        for (int i = 0; i < squares.length; i++) {
            if (squares[i] != 0) {
                out.put(Square.of(Geometry.FILE[i], Geometry.RANK[i]), PIECES[squares[i]]);
            }
        }
        return Collections.unmodifiableMap(out);
    }

    @Override
    public List<Move> legalMoves() {
        return analysis().list();
    }

    @Override
    public boolean isLegal(Move move) {
        return legalInt(move) != Board.NO_MOVE;
    }

    @Override
    public XiangqiPosition play(Move move) {
        int m = legalInt(move);
        if (m == Board.NO_MOVE) {
            throw new IllegalArgumentException("not a legal move in " + fen() + ": " + move.coordinates(0));
        }
        return after(m);
    }

    @Override
    public boolean isCapture(Move move) {
        int m = toInt(move);
        return m != Board.NO_MOVE && squares[Board.to(m)] != 0 && (squares[Board.to(m)] >>> 3) != side;
    }

    @Override
    public boolean inCheck() {
        if (check != CHECK_UNKNOWN) {
            return check == IN_CHECK;
        }
        Analysis a = analysis;
        return a != null ? a.inCheck() : Mailbox.inCheck(squares, side);
    }

    /**
     * Checkmate or stalemate, both a loss for the side to move in xiangqi; otherwise a draw when neither
     * side has a piece that can cross the river (nothing but generals, advisors and elephants): no side
     * can ever attack the other's general, which every rule set calls a draw (中国象棋竞赛规则: 双方均无
     * 过河子力). Checked after the moves, so a stalemate still decides first.
     */
    @Override
    public Optional<Outcome> outcome() {
        Analysis a = analysis();
        if (a.moves().length > 0) {
            return noAttackers() ? Optional.of(Outcome.draw(Termination.INSUFFICIENT_MATERIAL)) : Optional.empty();
        }
        Side winner = sideToMove().opposite();
        return Optional.of(Outcome.win(winner, a.inCheck() ? Termination.CHECKMATE : Termination.STALEMATE));
    }

    /** The position with its files reversed: the same position to xiangqi's rules. */
    @Override
    public Optional<Position> mirrored() {
        String[] fields = fen().split(" ", 2);
        String[] rows = fields[0].split("/");
        StringBuilder b = new StringBuilder(fields[0].length() + 16);
        for (int i = 0; i < rows.length; i++) {
            b.append(i == 0 ? "" : "/").append(new StringBuilder(rows[i]).reverse());
        }
        try {
            return Optional.of(XiangqiPosition.of(XiangqiFen.parse(b + (fields.length > 1 ? " " + fields[1] : ""))));
        } catch (org.kibitz.api.game.FenException e) {
            throw new IllegalStateException("the mirror of a legal position reads back: " + fen(), e);
        }
    }

    /** Whether neither side has a rook, horse, cannon or pawn. */
    boolean noAttackers() {
        for (byte code : squares) {
            int type = Pieces.type(code);
            if (type >= Pieces.HORSE) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String fen() {
        String f = fen;
        if (f == null) {
            f = XiangqiFen.write(codes(), side, halfmove, fullmove);
            fen = f;
        }
        return f;
    }

    @Override
    public long hash() {
        return hash;
    }

    /** Plies since the last capture: the FEN's half-move field, the clock of the natural-move limit. */
    @Override
    public int halfmoveClock() {
        return halfmove;
    }

    @Override
    public int fullmoveNumber() {
        return fullmove;
    }

    /** Whether the pieces and the side to move are the same (the counters aside): the repetition test. */
    public boolean samePlacement(XiangqiPosition other) {
        return hash == other.hash && side == other.side && Arrays.equals(squares, other.squares);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof XiangqiPosition p && samePlacement(p) && halfmove == p.halfmove && fullmove == p.fullmove;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(hash) * 31 + halfmove * 1009 + fullmove;
    }

    @Override
    public String toString() {
        return fen();
    }
}

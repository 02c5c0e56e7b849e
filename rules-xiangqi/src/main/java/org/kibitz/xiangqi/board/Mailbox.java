package org.kibitz.xiangqi.board;

import static org.kibitz.xiangqi.board.Geometry.ADVISOR_START;
import static org.kibitz.xiangqi.board.Geometry.ADVISOR_TO;
import static org.kibitz.xiangqi.board.Geometry.ELEPHANT_START;
import static org.kibitz.xiangqi.board.Geometry.ELEPHANT_TO;
import static org.kibitz.xiangqi.board.Geometry.FILE;
import static org.kibitz.xiangqi.board.Geometry.HORSE_ATTACK;
import static org.kibitz.xiangqi.board.Geometry.HORSE_ATTACK_START;
import static org.kibitz.xiangqi.board.Geometry.HORSE_START;
import static org.kibitz.xiangqi.board.Geometry.HORSE_TO;
import static org.kibitz.xiangqi.board.Geometry.KING_START;
import static org.kibitz.xiangqi.board.Geometry.KING_TO;
import static org.kibitz.xiangqi.board.Geometry.PAWN_ATTACK;
import static org.kibitz.xiangqi.board.Geometry.PAWN_ATTACK_START;
import static org.kibitz.xiangqi.board.Geometry.PAWN_START;
import static org.kibitz.xiangqi.board.Geometry.PAWN_TO;
import static org.kibitz.xiangqi.board.Geometry.RANK;
import static org.kibitz.xiangqi.board.Geometry.SQUARES;
import static org.kibitz.xiangqi.board.Pieces.CANNON;
import static org.kibitz.xiangqi.board.Pieces.KING;
import static org.kibitz.xiangqi.board.Pieces.RED;
import static org.kibitz.xiangqi.board.Pieces.ROOK;

/**
 * Move questions asked of a bare mailbox (90 piece codes, {@code rank * 9 + file}) without setting
 * up a {@link Board}: whether one move is legal, whether a side is in check. Reading a game asks
 * these once per move, and a board (piece lists, occupancy masks, history) plus a list of every
 * legal move cost three times what reading a chess move costs; these look at the few points the
 * question is about. The board and these answer alike (a test
 * compares them on every position of many games).
 */
public final class Mailbox {

    /**
     * For a general on point {@code k} and any point {@code s}, at {@code k * 90 + s}: bit 0 when
     * {@code s} is on the general's file or rank (where a rook, a cannon, a cannon's screen or the
     * other general acts on it), bit 1 when {@code s} is a diagonal neighbour (where a horse that
     * attacks the general has its leg). A move that touches neither kind of point can neither
     * give check nor uncover one.
     */
    private static final byte[] NEAR = new byte[SQUARES * SQUARES];

    static {
        for (int k = 0; k < SQUARES; k++) {
            for (int s = 0; s < SQUARES; s++) {
                int df = Math.abs(FILE[k] - FILE[s]);
                int dr = Math.abs(RANK[k] - RANK[s]);
                NEAR[k * SQUARES + s] = (byte) ((df == 0 || dr == 0 ? 1 : 0) | (df == 1 && dr == 1 ? 2 : 0));
            }
        }
    }

    private Mailbox() {
    }

    /** Codes a piece of {@code side} may land on: the empty point (bit 0) and the enemy's codes. */
    private static int targets(int side) {
        return side == RED ? 0xFE01 : 0x00FF;
    }

    /** Whether {@code move} (a board int) is legal for {@code side} on {@code squares}. */
    public static boolean isLegal(byte[] squares, int side, int move) {
        return after(squares, side, move, -1, false) != null;
    }

    /**
     * The points once {@code move} is played, a new array, when it is legal for {@code side}; null
     * when it is not. The general's safety is asked of that array: reading a game plays the one
     * legal move it finds, and the position after it is then made of this array, not of a second
     * copy (and the attack test reads plain points instead of seeing them through the move).
     *
     * <p>When {@code side} is known not to be in check, a move of another piece than the general
     * that leaves no point on the general's file or rank or beside its corners, and lands on none
     * of its file or rank, cannot expose it (nothing between the general and an attacker changes),
     * so the general's safety is not asked: most moves of a game are such moves.
     *
     * @param kingSquare where {@code side}'s general stands, -1 when the caller does not know (a
     *                   position keeps it, and reading a game asks this once or twice a move)
     * @param notInCheck whether {@code side} is known not to be in check here; heeded only with a
     *                   {@code kingSquare}
     */
    public static byte[] after(byte[] squares, int side, int move, int kingSquare, boolean notInCheck) {
        int from = Board.from(move);
        int to = Board.to(move);
        if (move == Board.NO_MOVE || from >= SQUARES || to >= SQUARES) {
            return null;
        }
        int pc = squares[from];
        if (pc == 0 || pc >>> 3 != side || (targets(side) >>> squares[to] & 1) == 0
                || !reaches(squares, pc, from, to)) {
            return null;
        }
        int k = (pc & 7) == KING ? to : kingSquare >= 0 ? kingSquare : kingSquare(squares, side);
        byte[] next = squares.clone();
        next[to] = (byte) pc;
        next[from] = 0;
        if (notInCheck && k == kingSquare && (NEAR[k * SQUARES + from] | NEAR[k * SQUARES + to] & 1) == 0) {
            return next;
        }
        return attacks(next, k, side) != 0 ? null : next;
    }

    /**
     * Whether {@code side}'s general, on {@code king}, is in check once the other side has moved
     * the piece {@code pc} from {@code from} to {@code to} ({@code squares} are the points after the
     * move), given that it was not in check before the move: 1 when it is, 0 when it is not, -1
     * when the move touched the general's lines or a horse's leg beside it and only the whole
     * attack test can tell. Otherwise the only possible attacker is the moved piece itself, as a
     * horse or a pawn: nothing between the general and any other piece changed.
     */
    public static int checkAfterMove(byte[] squares, int side, int king, int pc, int from, int to) {
        if ((NEAR[king * SQUARES + from] | NEAR[king * SQUARES + to] & 1) != 0) {
            return -1;
        }
        int type = pc & 7;
        if (type == Pieces.HORSE) {
            for (int i = HORSE_ATTACK_START[king], e = HORSE_ATTACK_START[king + 1]; i < e; i++) {
                int v = HORSE_ATTACK[i];
                if ((v & 0xff) == to && squares[v >>> 8] == 0) {
                    return 1;
                }
            }
        } else if (type == Pieces.PAWN) {
            int pb = side * (SQUARES + 1) + king;
            for (int i = PAWN_ATTACK_START[pb], e = PAWN_ATTACK_START[pb + 1]; i < e; i++) {
                if (PAWN_ATTACK[i] == to) {
                    return 1;
                }
            }
        }
        return 0;
    }

    /** Whether {@code side}'s general stands attacked (is in check). */
    public static boolean inCheck(byte[] squares, int side) {
        return attacks(squares, kingSquare(squares, side), side) != 0;
    }

    /** The point of {@code side}'s general (searched in its palace). */
    private static int kingSquare(byte[] squares, int side) {
        int king = KING | side << 3;
        int base = side == RED ? 0 : 63;
        for (int r = 0; r < 3; r++) {
            for (int f = 3; f <= 5; f++) {
                if (squares[base + r * 9 + f] == king) {
                    return base + r * 9 + f;
                }
            }
        }
        throw new IllegalStateException("no general of side " + side);
    }

    /**
     * For the pieces that move by steps (general, advisor, elephant, horse, and each side's pawns),
     * whether a piece on {@code from} reaches {@code to}, at {@code STEP_ROW[code] + from * 90 + to}: 0
     * when it does not, {@link #FREE} when it does, else 1 + the point that must be empty (the
     * elephant's eye, the horse's leg). Asked of every move a game reads; one load where walking
     * the piece's list of steps to find {@code to} took a branch for each step, mispredicted as
     * often as not (48 KB, of which a game touches a few lines).
     */
    private static final byte[] STEPS = new byte[6 * SQUARES * SQUARES];
    private static final int FREE = SQUARES + 1;
    /** The row of {@link #STEPS} for a piece code (type | side << 3); -1 for rooks and cannons. */
    private static final int[] STEP_ROW = new int[16];

    static {
        java.util.Arrays.fill(STEP_ROW, -1);
        int[][] rows = {{KING, RED}, {Pieces.ADVISOR, RED}, {Pieces.ELEPHANT, RED}, {Pieces.HORSE, RED}, {Pieces.PAWN, RED},
            {Pieces.PAWN, Pieces.BLACK}};
        for (int row = 0; row < rows.length; row++) {
            int type = rows[row][0];
            int base = row * SQUARES * SQUARES;
            STEP_ROW[type | rows[row][1] << 3] = base;
            if (type != Pieces.PAWN) {
                STEP_ROW[type | Pieces.BLACK << 3] = base; // the same steps for both sides
            }
            for (int from = 0; from < SQUARES; from++) {
                int at = base + from * SQUARES;
                switch (type) {
                    case KING -> steps(KING_START, KING_TO, from, at, false);
                    case Pieces.ADVISOR -> steps(ADVISOR_START, ADVISOR_TO, from, at, false);
                    case Pieces.ELEPHANT -> steps(ELEPHANT_START, ELEPHANT_TO, from, at, true);
                    case Pieces.HORSE -> steps(HORSE_START, HORSE_TO, from, at, true);
                    default -> steps(PAWN_START, PAWN_TO, rows[row][1] * (SQUARES + 1) + from, at, false);
                }
            }
        }
    }

    private static void steps(int[] start, int[] to, int index, int at, boolean blockable) {
        for (int i = start[index], e = start[index + 1]; i < e; i++) {
            int v = to[i];
            STEPS[at + (v & 0xff)] = (byte) (blockable ? 1 + (v >>> 8) : FREE);
        }
    }

    /** Whether the piece {@code pc} on {@code from} goes to {@code to} by its way of moving. */
    static boolean reaches(byte[] squares, int pc, int from, int to) {
        int row = STEP_ROW[pc];
        if (row >= 0) {
            int v = STEPS[row + from * SQUARES + to];
            return v == FREE || v != 0 && squares[v - 1] == 0;
        }
        // Rook or cannon: along a line, with nothing between (rook, or cannon moving) or one screen
        // between (cannon capturing).
        int step;
        if (RANK[from] == RANK[to]) {
            step = to > from ? 1 : -1;
        } else if (FILE[from] == FILE[to]) {
            step = to > from ? 9 : -9;
        } else {
            return false;
        }
        int between = 0;
        for (int s = from + step; s != to; s += step) {
            between += -squares[s] >>> 31; // piece codes are 0 (empty) to 15; no branch on what stands there
        }
        if ((pc & 7) == ROOK || squares[to] == 0) {
            return between == 0;
        }
        return between == 1;
    }

    /**
     * Whether the point {@code sq}, held by {@code side}, is attacked by the other side's rooks,
     * cannons, horses, pawns or facing general: not 0 when it is.
     *
     * <p>Along the point's file and rank, the occupied points are first gathered into a mask, without
     * a branch, and the nearest one or two pieces each way are read off the mask: walking each line
     * out to its first piece stopped at a different point every time, which the processor mispredicted
     * on nearly every line (the attack test is a fifth of reading a xiangqi game file).
     *
     * <p>The answer is worked out as a number, not found by branches that return early: reading a
     * game asks this of legal moves only, so an attacked general was a branch never taken, which
     * C2 compiles as a trap. The first move of a file that is not legal (game 21,177 of the Big5
     * collection) then sent this method and the line test back to be compiled again; now only the
     * caller that decides meets it. A position with no attack, the usual case, does the same work.
     */
    static int attacks(byte[] squares, int sq, int side) {
        int tb = (side ^ 1) << 3;
        int rook = ROOK | tb;
        int cannon = CANNON | tb;
        int f = FILE[sq];
        int r = RANK[sq];
        int onFile = 0;
        for (int i = 0; i < 10; i++) {
            onFile |= (-squares[f + 9 * i] >>> 31) << i; // piece codes are 0 (empty) to 15
        }
        int onRank = 0;
        int first = r * 9;
        for (int i = 0; i < 9; i++) {
            onRank |= (-squares[first + i] >>> 31) << i;
        }
        // The facing general attacks along the file as a rook does.
        int hit = lineAttacks(squares, onFile & (-2 << r), true, 9, f, rook, cannon, KING | tb)
                | lineAttacks(squares, onFile & ((1 << r) - 1), false, 9, f, rook, cannon, KING | tb)
                | lineAttacks(squares, onRank & (-2 << f), true, 1, r * 9, rook, cannon, rook)
                | lineAttacks(squares, onRank & ((1 << f) - 1), false, 1, r * 9, rook, cannon, rook);
        int horse = Pieces.HORSE | tb;
        for (int i = HORSE_ATTACK_START[sq], e = HORSE_ATTACK_START[sq + 1]; i < e; i++) {
            int v = HORSE_ATTACK[i];
            if (squares[v & 0xff] == horse) {
                hit |= same(squares[v >>> 8], 0); // its leg free
            }
        }
        int pawn = Pieces.PAWN | tb;
        int pb = side * (SQUARES + 1) + sq;
        for (int i = PAWN_ATTACK_START[pb], e = PAWN_ATTACK_START[pb + 1]; i < e; i++) {
            hit |= same(squares[PAWN_ATTACK[i]], pawn);
        }
        return hit;
    }

    /** 1 when two piece codes (0 to 15) are the same, else 0; without a branch. */
    private static int same(int a, int b) {
        return (a ^ b) - 1 >>> 31;
    }

    /**
     * One line out of a point, given as the mask of the occupied points beyond it ({@code ahead}:
     * towards higher bits, nearest first; else towards lower bits): 1 when the first piece is an
     * enemy rook (or the facing general), or the second an enemy cannon, else 0. Bit {@code i} of
     * the line is the point {@code base + i * step}.
     */
    private static int lineAttacks(byte[] squares, int beyond, boolean ahead, int step, int base,
                                   int rook, int cannon, int king) {
        if (beyond == 0) {
            return 0;
        }
        int first = ahead ? Integer.numberOfTrailingZeros(beyond) : 31 - Integer.numberOfLeadingZeros(beyond);
        int c = squares[base + first * step];
        int hit = same(c, rook) | same(c, king);
        beyond &= ~(1 << first);
        if (beyond == 0) {
            return hit;
        }
        int second = ahead ? Integer.numberOfTrailingZeros(beyond) : 31 - Integer.numberOfLeadingZeros(beyond);
        return hit | same(squares[base + second * step], cannon);
    }
}

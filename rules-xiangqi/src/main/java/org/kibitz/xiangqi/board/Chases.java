package org.kibitz.xiangqi.board;

import static org.kibitz.xiangqi.board.Geometry.RANK;
import static org.kibitz.xiangqi.board.Geometry.SQUARES;

/**
 * Which enemy pieces a side chases (捉) on a board as it stands: the pieces it threatens to win.
 * A move chases what this finds after it and did not find before it.
 *
 * <p>The definition is the one computer xiangqi uses (Pikafish's and Fairy-Stockfish's, read, not
 * copied), worked out on the board itself rather than with attack tables:
 * <ul>
 *   <li>the chasers are the rooks, horses, cannons, advisors and elephants: a general or a soldier
 *       may attack as often as it likes;</li>
 *   <li>the chased are the pieces other than the general, and soldiers only once they have crossed
 *       the river;</li>
 *   <li>only a capture the chaser could legally make counts: a pinned piece (by a rook, a cannon's
 *       screen or the facing generals) threatens nothing that would expose its own general;</li>
 *   <li>a horse or cannon attacking a rook, and an advisor or elephant attacking a rook, horse or
 *       cannon, chase it whether it is protected or not (they win material even when it is taken
 *       back);</li>
 *   <li>otherwise the piece is chased when it is not protected: after the capture no piece of its
 *       side can legally take back. Protection that only looks like protection counts as none: a
 *       cannon whose screen is the piece taken, a protector pinned to its general, a general that
 *       would walk into check;</li>
 *   <li>two pieces of the same kind attacking each other chase nothing, unless the one attacked
 *       cannot take back (it is pinned, or a horse's leg is blocked one way only).</li>
 * </ul>
 */
public final class Chases {

    private Chases() {
    }

    /**
     * The points of {@code side}'s enemy pieces that {@code side} chases on {@code squares}, as a
     * 90-bit set in two longs ({@code [0]} points 0-63, {@code [1]} points 64-89).
     */
    public static long[] chasedBy(byte[] squares, int side) {
        return chasedBy(squares, side, null, -1, -1);
    }

    /**
     * The chases {@code side}'s move {@code from -> to} made, as Fairy-Stockfish's AXF reading counts
     * them: of the pieces chased after the move ({@code squares}) and not before ({@code before}),
     * those attacked anew (by the moved piece, or by a piece whose line it opened), or whose
     * protector the move pinned. A chase that only comes from a protection cut off some other way
     * (the move blocks the protector's line, or takes away a cannon's screen) is not counted.
     */
    public static long[] newChasesAxf(byte[] before, byte[] squares, int side, int from, int to) {
        long[] was = chasedBy(before, side);
        long[] is = chasedBy(squares, side, before, from, to);
        return new long[] {is[0] & ~was[0], is[1] & ~was[1]};
    }

    private static long[] chasedBy(byte[] squares, int side, byte[] before, int movedFrom, int movedTo) {
        long[] out = new long[2];
        int enemy = side ^ 1;
        for (int from = 0; from < SQUARES; from++) {
            int a = squares[from];
            if (a == 0 || a >>> 3 != side) {
                continue;
            }
            int at = a & 7;
            if (at == Pieces.KING || at == Pieces.PAWN) {
                continue;
            }
            for (int to = 0; to < SQUARES; to++) {
                int v = squares[to];
                if (v == 0 || v >>> 3 != enemy || !target(v, to)) {
                    continue;
                }
                if (!Mailbox.reaches(squares, a, from, to) || !Mailbox.isLegal(squares, side, Board.move(from, to))) {
                    continue;
                }
                if (before != null && !newlyChased(before, squares, side, from == movedTo ? movedFrom : from, from, to)) {
                    continue;
                }
                if (chases(squares, side, from, to, at, v & 7)) {
                    out[to >>> 6] |= 1L << (to & 63);
                }
            }
        }
        return out;
    }

    /**
     * Whether the attack of the piece now on {@code from} (on {@code was} before the move) on the piece
     * on {@code to} is new, or the victim's protection was taken by a pin: an enemy piece that could
     * take back before still reaches the point but may not take back now.
     */
    private static boolean newlyChased(byte[] before, byte[] squares, int side, int was, int from, int to) {
        int a = squares[from];
        if (before[was] != a || before[to] != squares[to] || !Mailbox.reaches(before, a, was, to)) {
            return true;
        }
        byte[] then = before.clone();
        then[to] = then[was];
        then[was] = 0;
        byte[] now = squares.clone();
        now[to] = now[from];
        now[from] = 0;
        int enemy = side ^ 1;
        for (int s = 0; s < SQUARES; s++) {
            int q = then[s];
            if (q != 0 && q >>> 3 == enemy && now[s] == q && Mailbox.isLegal(then, enemy, Board.move(s, to))
                    && Mailbox.reaches(now, q, s, to) && !Mailbox.isLegal(now, enemy, Board.move(s, to))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the piece {@code v} on {@code to} may be chased at all: not a general, not an uncrossed soldier. */
    private static boolean target(int v, int to) {
        int vt = v & 7;
        if (vt == Pieces.KING) {
            return false;
        }
        if (vt == Pieces.PAWN) {
            // A red soldier has crossed on ranks 5-9, a black one on ranks 0-4.
            return (v >>> 3) == Pieces.RED ? RANK[to] >= 5 : RANK[to] <= 4;
        }
        return true;
    }

    private static boolean chases(byte[] squares, int side, int from, int to, int at, int vt) {
        if ((at == Pieces.HORSE || at == Pieces.CANNON) && vt == Pieces.ROOK) {
            return true;
        }
        if ((at == Pieces.ADVISOR || at == Pieces.ELEPHANT)
                && (vt == Pieces.ROOK || vt == Pieces.HORSE || vt == Pieces.CANNON)) {
            return true;
        }
        if (protectedAfterCapture(squares, side, from, to)) {
            return false;
        }
        if (at == vt) {
            // Mutual attack between like pieces is an offer to exchange, unless the other cannot take back.
            return !Mailbox.isLegal(squares, side ^ 1, Board.move(to, from));
        }
        return true;
    }

    /** Whether, once {@code side} has taken on {@code to} from {@code from}, the other side can legally take back. */
    private static boolean protectedAfterCapture(byte[] squares, int side, int from, int to) {
        byte[] after = squares.clone();
        after[to] = after[from];
        after[from] = 0;
        int enemy = side ^ 1;
        for (int s = 0; s < SQUARES; s++) {
            int q = after[s];
            if (q != 0 && q >>> 3 == enemy && Mailbox.reaches(after, q, s, to)
                    && Mailbox.isLegal(after, enemy, Board.move(s, to))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the set holds point {@code sq}. */
    public static boolean has(long[] set, int sq) {
        return (set[sq >>> 6] >>> (sq & 63) & 1) != 0;
    }
}

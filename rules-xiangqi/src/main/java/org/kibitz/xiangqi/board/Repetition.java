package org.kibitz.xiangqi.board;

/**
 * The ruling on a repeated cycle of positions, shared by the board's search-time check
 * ({@link Board#repetition(int)}) and the plugin's adjudication of a whole game.
 *
 * <p>Each move of the cycle carries rule bits: {@link #CHECK} when it gave check, {@link #CHASE} when it
 * chased (attacked an unprotected piece anew, in the AXF sense). A side whose every move in the cycle
 * gave check loses by perpetual check; a side whose every move was a check or a chase loses by perpetual
 * chase (with one chasing or checking on every move, and the other not). Both sides doing the same is a
 * draw, and so is a repetition in which neither does. This module sets only {@link #CHECK}; the AXF chase
 * detection (which pieces count as chased, protected, or exempt) is a later addition that only has to
 * set {@link #CHASE} bits, via {@link Board#markViolation(int)} or the plugin's adjudicator.
 *
 * <p>Results are ints so that a search can use them without allocating; they are from the point of view
 * of the side to move at the end of the cycle.
 */
public final class Repetition {

    /** Rule bit of a move: it gave check. */
    public static final int CHECK = 1;
    /** Rule bit of a move: it chased a piece (set by a chase detector; none in this module yet). */
    public static final int CHASE = 2;

    /** No repetition. */
    public static final int NONE = 0;
    /** A repetition that neither side is to blame for: a draw. */
    public static final int DRAW = 1;
    /** The side to move wins: the other side checked on every one of its moves in the cycle. */
    public static final int WIN_PERPETUAL_CHECK = 2;
    /** The side to move loses: it checked on every one of its moves in the cycle. */
    public static final int LOSS_PERPETUAL_CHECK = 3;
    /** The side to move wins: the other side chased (or checked) on every move. */
    public static final int WIN_PERPETUAL_CHASE = 4;
    /** The side to move loses: it chased (or checked) on every move. */
    public static final int LOSS_PERPETUAL_CHASE = 5;

    private Repetition() {
    }

    /**
     * Judges the moves that led from ply {@code first} to ply {@code last}, whose positions are the same.
     *
     * @param violations rule bits by ply: {@code violations[j]} belongs to the move that led to ply {@code j}
     * @param first      the ply of the earlier occurrence
     * @param last       the ply of the current occurrence; the side to move there is "us"
     */
    public static int judge(byte[] violations, int first, int last) {
        boolean themCheck = true;
        boolean usCheck = true;
        boolean themForbidden = true;
        boolean usForbidden = true;
        for (int j = first + 1; j <= last; j++) {
            int v = violations[j];
            // The move into `last` was the opponent's; then they alternate backwards.
            if (((last - j) & 1) == 0) {
                themCheck &= (v & CHECK) != 0;
                themForbidden &= (v & (CHECK | CHASE)) != 0;
            } else {
                usCheck &= (v & CHECK) != 0;
                usForbidden &= (v & (CHECK | CHASE)) != 0;
            }
        }
        if (themCheck != usCheck) {
            return themCheck ? WIN_PERPETUAL_CHECK : LOSS_PERPETUAL_CHECK;
        }
        if (themCheck) {
            return DRAW;
        }
        if (themForbidden != usForbidden) {
            return themForbidden ? WIN_PERPETUAL_CHASE : LOSS_PERPETUAL_CHASE;
        }
        return DRAW;
    }
}

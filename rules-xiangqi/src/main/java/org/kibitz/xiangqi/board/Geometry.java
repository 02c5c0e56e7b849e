package org.kibitz.xiangqi.board;

/**
 * The xiangqi board as precomputed tables: for every point, where each kind of piece may step and
 * which point must be empty for it (horse leg, elephant eye), and the reverse (who can attack a point).
 * Sliding pieces use the line tables: the nearest occupied point on a rank or file in each direction,
 * looked up by the line's occupancy bits.
 *
 * <p>Points are numbered {@code rank * 9 + file}: a0 = 0, i0 = 8, a9 = 81, i9 = 89. Step lists are flat
 * arrays with a start index per point ({@code X_START[sq]} to {@code X_START[sq + 1]}); an entry that
 * needs an empty point packs it as {@code target | blocker << 8}.
 */
public final class Geometry {

    public static final int FILES = 9;
    public static final int RANKS = 10;
    public static final int SQUARES = 90;

    public static final byte[] FILE = new byte[SQUARES];
    public static final byte[] RANK = new byte[SQUARES];

    /** Red's (index 0) and Black's (index 1) palace points. */
    static final boolean[][] PALACE = new boolean[2][SQUARES];

    // Steps: target | blocker << 8 where a blocker applies.
    static final int[] KING_START = new int[SQUARES + 1];
    static final int[] KING_TO;
    static final int[] ADVISOR_START = new int[SQUARES + 1];
    static final int[] ADVISOR_TO;
    static final int[] ELEPHANT_START = new int[SQUARES + 1];
    static final int[] ELEPHANT_TO;
    static final int[] HORSE_START = new int[SQUARES + 1];
    static final int[] HORSE_TO;
    /** Pawn steps by side: index {@code side * (SQUARES + 1) + sq} into the start table. */
    static final int[] PAWN_START = new int[2 * (SQUARES + 1)];
    static final int[] PAWN_TO;

    /** Horses that attack a point: {@code horseSquare | leg << 8}. */
    static final int[] HORSE_ATTACK_START = new int[SQUARES + 1];
    static final int[] HORSE_ATTACK;
    /** Enemy pawns that attack a point of {@code side}: index like {@link #PAWN_START}. */
    static final int[] PAWN_ATTACK_START = new int[2 * (SQUARES + 1)];
    static final int[] PAWN_ATTACK;

    /**
     * Line tables. {@code RANK_HIGH[pos << 9 | occupancy]} is the file of the nearest occupied point
     * right of {@code pos} on a rank (9 when none), {@code RANK_LOW} the nearest left (-1 when none);
     * {@code FILE_HIGH[pos << 10 | occupancy]} and {@code FILE_LOW} the same along a file (10 / -1).
     */
    static final byte[] RANK_HIGH = new byte[9 << 9];
    static final byte[] RANK_LOW = new byte[9 << 9];
    static final byte[] FILE_HIGH = new byte[10 << 10];
    static final byte[] FILE_LOW = new byte[10 << 10];

    static {
        for (int sq = 0; sq < SQUARES; sq++) {
            FILE[sq] = (byte) (sq % FILES);
            RANK[sq] = (byte) (sq / FILES);
        }
        for (int sq = 0; sq < SQUARES; sq++) {
            int f = FILE[sq];
            int r = RANK[sq];
            PALACE[0][sq] = f >= 3 && f <= 5 && r <= 2;
            PALACE[1][sq] = f >= 3 && f <= 5 && r >= 7;
        }

        Steps king = new Steps();
        Steps advisor = new Steps();
        Steps elephant = new Steps();
        Steps horse = new Steps();
        for (int sq = 0; sq < SQUARES; sq++) {
            int f = FILE[sq];
            int r = RANK[sq];
            int palace = PALACE[0][sq] ? 0 : PALACE[1][sq] ? 1 : -1;
            king.start(sq);
            advisor.start(sq);
            if (palace >= 0) {
                int[][] orth = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
                for (int[] d : orth) {
                    int t = at(f + d[0], r + d[1]);
                    if (t >= 0 && PALACE[palace][t]) {
                        king.add(t);
                    }
                }
                int[][] diag = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
                for (int[] d : diag) {
                    int t = at(f + d[0], r + d[1]);
                    if (t >= 0 && PALACE[palace][t]) {
                        advisor.add(t);
                    }
                }
            }
            elephant.start(sq);
            boolean redHalf = r <= 4;
            for (int df = -2; df <= 2; df += 4) {
                for (int dr = -2; dr <= 2; dr += 4) {
                    int t = at(f + df, r + dr);
                    if (t >= 0 && (RANK[t] <= 4) == redHalf) {
                        elephant.add(t | at(f + df / 2, r + dr / 2) << 8);
                    }
                }
            }
            horse.start(sq);
            int[][] jumps = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
            for (int[] d : jumps) {
                int t = at(f + d[0], r + d[1]);
                if (t >= 0) {
                    // The leg is the orthogonal neighbour in the direction of the long step.
                    int leg = Math.abs(d[0]) == 2 ? at(f + d[0] / 2, r) : at(f, r + d[1] / 2);
                    horse.add(t | leg << 8);
                }
            }
        }
        KING_TO = king.finish(KING_START);
        ADVISOR_TO = advisor.finish(ADVISOR_START);
        ELEPHANT_TO = elephant.finish(ELEPHANT_START);
        HORSE_TO = horse.finish(HORSE_START);

        int[] pawnTo = new int[2 * SQUARES * 3];
        int n = 0;
        for (int side = 0; side < 2; side++) {
            int forward = side == 0 ? 1 : -1;
            for (int sq = 0; sq < SQUARES; sq++) {
                PAWN_START[side * (SQUARES + 1) + sq] = n;
                int f = FILE[sq];
                int r = RANK[sq];
                int t = at(f, r + forward);
                if (t >= 0) {
                    pawnTo[n++] = t;
                }
                boolean crossed = side == 0 ? r >= 5 : r <= 4;
                if (crossed) {
                    for (int df = -1; df <= 1; df += 2) {
                        t = at(f + df, r);
                        if (t >= 0) {
                            pawnTo[n++] = t;
                        }
                    }
                }
            }
            PAWN_START[side * (SQUARES + 1) + SQUARES] = n;
        }
        PAWN_TO = java.util.Arrays.copyOf(pawnTo, n);

        // Reverse tables: who attacks a point. Each step list turned round, its entries in the order
        // of the points they come from (a bucket per target, filled walking the points up): this
        // runs at every start, in the interpreter, where the search of every pair of points took
        // most of the tables' 70 ms.
        HORSE_ATTACK = reverse(HORSE_START, HORSE_TO, 0, HORSE_ATTACK_START);
        int[] redAttacked = new int[SQUARES + 1];
        int[] blackAttacked = new int[SQUARES + 1];
        // Red's points are attacked by Black's pawns, Black's by Red's.
        int[] byBlack = reverse(PAWN_START, PAWN_TO, SQUARES + 1, redAttacked);
        int[] byRed = reverse(PAWN_START, PAWN_TO, 0, blackAttacked);
        PAWN_ATTACK = new int[byBlack.length + byRed.length];
        System.arraycopy(byBlack, 0, PAWN_ATTACK, 0, byBlack.length);
        System.arraycopy(byRed, 0, PAWN_ATTACK, byBlack.length, byRed.length);
        for (int sq = 0; sq <= SQUARES; sq++) {
            PAWN_ATTACK_START[sq] = redAttacked[sq];
            PAWN_ATTACK_START[SQUARES + 1 + sq] = byBlack.length + blackAttacked[sq];
        }

        for (int pos = 0; pos < 9; pos++) {
            nearest(pos, 9, RANK_HIGH, RANK_LOW);
        }
        for (int pos = 0; pos < 10; pos++) {
            nearest(pos, 10, FILE_HIGH, FILE_LOW);
        }
    }

    /**
     * The step list {@code starts}/{@code to} (from {@code starts[offset + sq]}) turned round: for
     * every target, the points whose steps reach it, in increasing order, with the step's blocker
     * kept ({@code from | blocker << 8}). Fills {@code reverseStarts} and returns the entries.
     */
    private static int[] reverse(int[] starts, int[] to, int offset, int[] reverseStarts) {
        int[] count = new int[SQUARES + 1];
        int total = starts[offset + SQUARES] - starts[offset];
        for (int from = 0; from < SQUARES; from++) {
            for (int i = starts[offset + from]; i < starts[offset + from + 1]; i++) {
                count[(to[i] & 0xff) + 1]++;
            }
        }
        for (int sq = 0; sq < SQUARES; sq++) {
            count[sq + 1] += count[sq];
        }
        System.arraycopy(count, 0, reverseStarts, 0, SQUARES + 1);
        int[] out = new int[total];
        for (int from = 0; from < SQUARES; from++) {
            for (int i = starts[offset + from]; i < starts[offset + from + 1]; i++) {
                out[count[to[i] & 0xff]++] = from | (to[i] >>> 8) << 8;
            }
        }
        return out;
    }

    private Geometry() {
    }

    /** The point at file and rank, or -1 when off the board. */
    public static int at(int file, int rank) {
        return file >= 0 && file < FILES && rank >= 0 && rank < RANKS ? rank * FILES + file : -1;
    }

    /** Whether a point is in the palace of {@code side}. */
    public static boolean inPalace(int side, int sq) {
        return PALACE[side][sq];
    }

    /** Whether a point can ever hold a piece of this type and side (advisor, elephant, pawn and king points). */
    public static boolean reachable(int type, int side, int sq) {
        int f = FILE[sq];
        int r = side == Pieces.RED ? RANK[sq] : 9 - RANK[sq];
        return switch (type) {
            case Pieces.KING -> PALACE[side][sq];
            case Pieces.ADVISOR -> PALACE[side][sq] && (f + r) % 2 == 1;
            // c0 g0, a2 e2 i2, c4 g4 (counted from the side's own back rank)
            case Pieces.ELEPHANT -> (r == 0 || r == 4) ? (f == 2 || f == 6) : r == 2 && (f == 0 || f == 4 || f == 8);
            case Pieces.PAWN -> r >= 5 || (r >= 3 && f % 2 == 0);
            default -> true;
        };
    }

    /**
     * For every occupancy of a line of {@code length} points, the nearest occupied point above
     * {@code pos} ({@code length} when none) and below it (-1 when none), by bit scans.
     */
    private static void nearest(int pos, int length, byte[] high, byte[] low) {
        int shift = length == 9 ? 9 : 10;
        int below = (1 << pos) - 1;
        for (int occ = 0; occ < 1 << length; occ++) {
            int above = occ >>> (pos + 1);
            high[pos << shift | occ] = (byte) (above == 0 ? length : pos + 1 + Integer.numberOfTrailingZeros(above));
            int under = occ & below;
            low[pos << shift | occ] = (byte) (under == 0 ? -1 : 31 - Integer.numberOfLeadingZeros(under));
        }
    }

    /** Builder for a flat step table. */
    private static final class Steps {
        private final int[] data = new int[SQUARES * 8];
        private final int[] starts = new int[SQUARES + 1];
        private int size;

        void start(int sq) {
            starts[sq] = size;
        }

        void add(int entry) {
            data[size++] = entry;
        }

        int[] finish(int[] startTable) {
            starts[SQUARES] = size;
            System.arraycopy(starts, 0, startTable, 0, SQUARES + 1);
            return java.util.Arrays.copyOf(data, size);
        }
    }
}

package org.kibitz.engine.xiangqi;

import static org.kibitz.xiangqi.board.Pieces.ADVISOR;
import static org.kibitz.xiangqi.board.Pieces.BLACK;
import static org.kibitz.xiangqi.board.Pieces.CANNON;
import static org.kibitz.xiangqi.board.Pieces.ELEPHANT;
import static org.kibitz.xiangqi.board.Pieces.HORSE;
import static org.kibitz.xiangqi.board.Pieces.KING;
import static org.kibitz.xiangqi.board.Pieces.PAWN;
import static org.kibitz.xiangqi.board.Pieces.RED;
import static org.kibitz.xiangqi.board.Pieces.ROOK;

import org.kibitz.xiangqi.board.Board;

/**
 * The xiangqi evaluation: material and piece-square tables tapered between middlegame and endgame by
 * the attacking material left (chariot 4, horse and cannon 2 each; 32 at the start), plus chariot and
 * horse mobility, the guards (advisors and elephants) a general keeps against the attackers facing it,
 * the open-file cannon (空头炮), and a brake on the score of a side that has nothing left to attack with.
 * Centipawns, a soldier before the river = 100.
 *
 * <h2>The numbers</h2>
 * Material follows the usual references (chariot 9, cannon 4.5, horse 4, advisor 2, elephant 2,
 * soldier 1, 2 once across the river), middlegame / endgame:
 * <ul>
 *   <li>chariot 900 / 1000; cannon 450 / 400 and horse 400 / 450 (the cannon needs screens, which the
 *       endgame lacks; the horse gains room); advisor 200 / 200; elephant 200 / 200;</li>
 *   <li>soldier by point: 100 at home (105-110 on the central file or one step on), 180-190 just across
 *       the river, 200-240 on the way to the palace, 130-150 on the last rank (it can only move
 *       sideways there); 20 more in the endgame once across.</li>
 * </ul>
 * The tables are our own: horses want the centre and the points by the enemy palace (卧槽, 挂角) and
 * not the edge files; cannons the central file (中炮) and the enemy back rank; chariots to advance and
 * the river banks; the general to stay home; advisors and elephants their central points.
 */
public final class XiangqiEvaluation {

    static final int[] MG_VALUE = {0, 0, 200, 200, 400, 900, 450, 100};
    static final int[] EG_VALUE = {0, 0, 200, 200, 450, 1000, 400, 100};
    private static final int[] PHASE = {0, 0, 0, 0, 2, 4, 2, 0};
    private static final int MAX_PHASE = 32;
    private static final int TEMPO = 10;

    /** {@code MG_PST[type][point]} for Red (a0 = 0); Black reads the point mirrored across the river. */
    static final int[][] MG_PST = new int[8][90];
    static final int[][] EG_PST = new int[8][90];

    /** The point seen from the other side: same file, rank 9 - rank. */
    static final int[] MIRROR = new int[90];

    private static final int[][] HORSE_JUMPS = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};

    static {
        for (int sq = 0; sq < 90; sq++) {
            int f = sq % 9;
            int r = sq / 9;
            MIRROR[sq] = (9 - r) * 9 + f;
            int df = Math.abs(f - 4);
            boolean middle = df <= 1;

            // Soldier (total value before the material table is added back below).
            int pmg;
            int peg;
            switch (r) {
                case 3, 4 -> {
                    pmg = (r == 4 ? 105 : 100) + (f == 4 ? 5 : 0);
                    peg = pmg;
                }
                case 5 -> {
                    pmg = 180 + (df <= 2 ? 10 : 0);
                    peg = pmg + 20;
                }
                case 6 -> {
                    pmg = 200 + (middle ? 20 : df == 2 ? 10 : 0);
                    peg = pmg + 20;
                }
                case 7 -> {
                    pmg = 210 + (middle ? 30 : df == 2 ? 15 : 0);
                    peg = pmg + 20;
                }
                case 8 -> {
                    pmg = 200 + (middle ? 30 : df == 2 ? 10 : 0);
                    peg = pmg + 20;
                }
                case 9 -> {
                    pmg = 130 + (middle ? 20 : 0);
                    peg = pmg;
                }
                default -> {
                    pmg = 100; // a soldier can never stand behind its start
                    peg = 100;
                }
            }
            MG_PST[PAWN][sq] = pmg;
            EG_PST[PAWN][sq] = peg;

            int[] horseRank = {-10, 0, 5, 5, 10, 15, 20, 25, 20, 5};
            int hmg = 4 * (4 - df) + horseRank[r] + (f == 0 || f == 8 ? -15 : 0)
                    + ((r == 7 && (f == 2 || f == 6)) || (r == 8 && (f == 3 || f == 5)) ? 10 : 0)
                    + (r == 2 && (f == 2 || f == 6) ? 10 : 0);
            int[] horseRankEg = {-5, 0, 5, 5, 8, 10, 15, 20, 20, 10};
            int heg = 3 * (4 - df) + horseRankEg[r] + (f == 0 || f == 8 ? -10 : 0);
            set(HORSE, sq, hmg, heg);

            int cmg = (f == 4 ? (r <= 2 ? 20 : 10) : 0) + (r == 9 ? 15 : 0) + (f == 0 || f == 8 ? -5 : 0);
            int ceg = 5 - df;
            set(CANNON, sq, cmg, ceg);

            int[] rookRank = {-5, 0, 5, 5, 10, 15, 15, 20, 15, 10};
            set(ROOK, sq, rookRank[r] + (middle ? 5 : 0), 2 * (4 - df) + (r >= 5 ? 10 : 0));

            int amg = sq == 13 ? 5 : 0; // e1, the centre of the palace
            set(ADVISOR, sq, amg, amg);
            int emg = sq == 22 ? 5 : (r == 2 && (f == 0 || f == 8)) || r == 4 ? -5 : 0; // e2 centre; edges and river weaker
            set(ELEPHANT, sq, emg, emg);

            int kmg = -(r * 10 + (f == 4 ? 0 : 5));
            set(KING, sq, r <= 2 ? kmg : 0, r <= 2 ? kmg / 2 : 0);
        }
    }

    private static void set(int type, int sq, int mg, int eg) {
        MG_PST[type][sq] = MG_VALUE[type] + mg;
        EG_PST[type][sq] = EG_VALUE[type] + eg;
    }

    private XiangqiEvaluation() {
    }

    /** The evaluation from the side to move's point of view. */
    public static int evaluate(Board b) {
        int mg = 0;
        int eg = 0;
        int phase = 0;
        int[] attackers = new int[2];
        for (int side = RED; side <= BLACK; side++) {
            int sign = side == RED ? 1 : -1;
            int smg = 0;
            int seg = 0;
            for (int type = KING; type <= PAWN; type++) {
                int code = type | side << 3;
                int n = b.count(code);
                phase += PHASE[type] * n;
                for (int i = 0; i < n; i++) {
                    int sq = b.pieceSquare(code, i);
                    int rel = side == RED ? sq : MIRROR[sq];
                    smg += MG_PST[type][rel];
                    seg += EG_PST[type][rel];
                    if (type == ROOK) {
                        int m = rookMobility(b, sq);
                        smg += 3 * (m - 8);
                        seg += 3 * (m - 8);
                        attackers[side] += 2;
                    } else if (type == HORSE) {
                        int m = horseMobility(b, sq, side);
                        smg += 6 * (m - 3);
                        seg += 6 * (m - 3);
                        attackers[side] += 1;
                    } else if (type == CANNON) {
                        attackers[side] += 1;
                    } else if (type == PAWN && (side == RED ? sq / 9 >= 5 : sq / 9 <= 4)) {
                        attackers[side] += 1;
                    }
                }
            }
            mg += sign * smg;
            eg += sign * seg;
        }
        for (int side = RED; side <= BLACK; side++) {
            int sign = side == RED ? 1 : -1;
            int missing = 25 * (2 - b.count(ADVISOR | side << 3)) + 20 * (2 - b.count(ELEPHANT | side << 3));
            int threat = Math.min(attackers[side ^ 1], 6);
            mg -= sign * missing * threat / 6;
            eg -= sign * missing * threat / 12;
            if (emptyCannon(b, side)) {
                mg -= sign * 40;
                eg -= sign * 20;
            }
        }
        int p = Math.min(phase, MAX_PHASE);
        int score = (mg * p + eg * (MAX_PHASE - p)) / MAX_PHASE;
        // A side without chariot, horse, cannon or crossed soldier cannot mate: its lead is not a win.
        if (score > 0 && attackers[RED] == 0 || score < 0 && attackers[BLACK] == 0) {
            score /= 8;
        }
        return (b.side() == RED ? score : -score) + TEMPO;
    }

    /** Empty points a chariot can reach plus the enemy piece it can take, along its four lines. */
    private static int rookMobility(Board b, int sq) {
        int f = sq % 9;
        int r = sq / 9;
        int n = 0;
        for (int x = f + 1; x < 9; x++) {
            n++;
            if (b.pieceAt(r * 9 + x) != 0) {
                break;
            }
        }
        for (int x = f - 1; x >= 0; x--) {
            n++;
            if (b.pieceAt(r * 9 + x) != 0) {
                break;
            }
        }
        for (int y = r + 1; y < 10; y++) {
            n++;
            if (b.pieceAt(y * 9 + f) != 0) {
                break;
            }
        }
        for (int y = r - 1; y >= 0; y--) {
            n++;
            if (b.pieceAt(y * 9 + f) != 0) {
                break;
            }
        }
        return n;
    }

    /** Jumps a horse can make: leg free, target on the board and not its own piece. */
    private static int horseMobility(Board b, int sq, int side) {
        int f = sq % 9;
        int r = sq / 9;
        int n = 0;
        for (int[] j : HORSE_JUMPS) {
            int tf = f + j[0];
            int tr = r + j[1];
            if (tf < 0 || tf > 8 || tr < 0 || tr > 9) {
                continue;
            }
            int leg = Math.abs(j[0]) == 2 ? r * 9 + f + j[0] / 2 : (r + j[1] / 2) * 9 + f;
            if (b.pieceAt(leg) != 0) {
                continue;
            }
            int t = b.pieceAt(tr * 9 + tf);
            if (t == 0 || t >>> 3 != side) {
                n++;
            }
        }
        return n;
    }

    /** An enemy cannon on the general's file with nothing between them: every piece that steps in is pinned. */
    private static boolean emptyCannon(Board b, int side) {
        int k = b.kingSquare(side);
        int f = k % 9;
        int step = side == RED ? 9 : -9;
        int enemyCannon = CANNON | (side ^ 1) << 3;
        for (int s = k + step; s >= 0 && s < 90; s += step) {
            int pc = b.pieceAt(s);
            if (pc != 0) {
                return pc == enemyCannon && s % 9 == f;
            }
        }
        return false;
    }
}

package org.kibitz.engine.chess;

import static org.kibitz.chess.board.Board.BISHOP;
import static org.kibitz.chess.board.Board.BLACK;
import static org.kibitz.chess.board.Board.KING;
import static org.kibitz.chess.board.Board.KNIGHT;
import static org.kibitz.chess.board.Board.PAWN;
import static org.kibitz.chess.board.Board.QUEEN;
import static org.kibitz.chess.board.Board.ROOK;
import static org.kibitz.chess.board.Board.WHITE;

import org.kibitz.chess.board.Attacks;
import org.kibitz.chess.board.Board;

/**
 * The chess evaluation: material and piece-square tables, tapered between middlegame and endgame by
 * the material left (knight and bishop 1, rook 2, queen 4; 24 at the start), plus a few cheap terms
 * read off the bitboards: pawn structure (passed, doubled, isolated), bishop pair, rooks on open files,
 * mobility, the king's pawn shield, and driving a lone king to the edge. Centipawns, a pawn = 100.
 *
 * <h2>The numbers</h2>
 * Material, middlegame / endgame: pawn 100 / 110, knight 325 / 300, bishop 335 / 320, rook 490 / 540,
 * queen 980 / 960 (the usual 1-3-3-5-9 scale, rooks and pawns gaining in the endgame). The tables are
 * our own, built from a few rules rather than tuned: knights and bishops want the centre and to leave
 * the back rank; rooks the seventh rank; the king a castled corner in the middlegame and the centre in
 * the endgame; pawns to advance, the centre pawns first. Every term is from White's side and mirrored
 * for Black.
 */
public final class ChessEvaluation {

    static final int[] MG_VALUE = {0, 100, 325, 335, 490, 980, 0};
    static final int[] EG_VALUE = {0, 110, 300, 320, 540, 960, 0};
    private static final int[] PHASE = {0, 0, 1, 1, 2, 4, 0};
    private static final int MAX_PHASE = 24;
    private static final int TEMPO = 10;

    /** {@code MG_PST[type][square]} for White (a1 = 0); Black reads {@code square ^ 56}. Material included. */
    static final int[][] MG_PST = new int[7][64];
    static final int[][] EG_PST = new int[7][64];

    private static final int[] PASSED_MG = {0, 5, 10, 20, 35, 60, 100, 0};
    private static final int[] PASSED_EG = {0, 10, 20, 40, 70, 120, 180, 0};
    /** Squares in front of a pawn on its own and the neighbouring files, by colour and square. */
    private static final long[] PASSED_MASK = new long[128];
    private static final long[] ADJACENT_FILES = new long[8];

    static {
        for (int sq = 0; sq < 64; sq++) {
            int f = sq & 7;
            int r = sq >>> 3;
            // 0 on the rim, 3 in the four centre squares, in each direction; 0..6 together.
            int centre = Math.min(f, 7 - f) + Math.min(r, 7 - r);

            int[] pawnMg = {0, 0, 3, 8, 15, 25, 40, 0};
            int[] pawnEg = {0, 0, 5, 15, 30, 50, 80, 0};
            int pmg = pawnMg[r];
            if (f == 3 || f == 4) {
                pmg += r == 1 ? -10 : (r == 3 || r == 4) ? 15 : 0;
            } else if (f == 2 || f == 5) {
                pmg += (r == 3 || r == 4) ? 5 : 0;
            }
            set(PAWN, sq, r == 0 || r == 7 ? 0 : pmg, r == 0 || r == 7 ? 0 : pawnEg[r]);

            set(KNIGHT, sq, -35 + 10 * centre - (r == 0 ? 10 : 0), -30 + 9 * centre);

            boolean longDiagonal = f == r || f == 7 - r;
            set(BISHOP, sq, -10 + 4 * centre - (r == 0 ? 10 : 0) + (longDiagonal ? 8 : 0), -10 + 4 * centre);

            set(ROOK, sq, (r == 6 ? 20 : 0) + (r == 0 && (f == 3 || f == 4) ? 5 : 0), r == 6 ? 15 : 0);

            set(QUEEN, sq, r == 0 ? 0 : -5 + 2 * centre, -20 + 6 * centre);

            int kmg;
            if (r == 0) {
                kmg = new int[] {20, 30, 10, 0, 0, 10, 30, 20}[f];
            } else if (r == 1) {
                kmg = new int[] {-5, -5, -10, -15, -15, -10, -5, -5}[f];
            } else {
                kmg = -30 - 10 * (r - 2);
            }
            set(KING, sq, kmg, -40 + 10 * centre);
        }
        for (int f = 0; f < 8; f++) {
            long file = Attacks.FILE_A << f;
            ADJACENT_FILES[f] = (f > 0 ? file >>> 1 : 0) | (f < 7 ? file << 1 : 0);
        }
        for (int sq = 0; sq < 64; sq++) {
            int f = sq & 7;
            int r = sq >>> 3;
            long files = (Attacks.FILE_A << f) | ADJACENT_FILES[f];
            long white = 0;
            long black = 0;
            for (int rr = r + 1; rr < 8; rr++) {
                white |= files & (Attacks.RANK_1 << (8 * rr));
            }
            for (int rr = r - 1; rr >= 0; rr--) {
                black |= files & (Attacks.RANK_1 << (8 * rr));
            }
            PASSED_MASK[sq] = white;
            PASSED_MASK[64 + sq] = black;
        }
    }

    private static void set(int type, int sq, int mg, int eg) {
        MG_PST[type][sq] = MG_VALUE[type] + mg;
        EG_PST[type][sq] = EG_VALUE[type] + eg;
    }

    private ChessEvaluation() {
    }

    /** The evaluation from the side to move's point of view. */
    public static int evaluate(Board b) {
        int mg = 0;
        int eg = 0;
        int phase = 0;
        long occ = b.occupied();
        long wPawns = b.pieces(WHITE, PAWN);
        long bPawns = b.pieces(BLACK, PAWN);
        long wPawnAttacks = ((wPawns & ~Attacks.FILE_A) << 7) | ((wPawns & ~Attacks.FILE_H) << 9);
        long bPawnAttacks = ((bPawns & ~Attacks.FILE_A) >>> 9) | ((bPawns & ~Attacks.FILE_H) >>> 7);

        for (int colour = WHITE; colour <= BLACK; colour++) {
            int sign = colour == WHITE ? 1 : -1;
            int flip = colour == WHITE ? 0 : 56;
            long own = b.pieces(colour);
            long ownPawns = colour == WHITE ? wPawns : bPawns;
            long theirPawns = colour == WHITE ? bPawns : wPawns;
            long safe = ~own & ~(colour == WHITE ? bPawnAttacks : wPawnAttacks);
            int smg = 0;
            int seg = 0;
            for (int type = PAWN; type <= KING; type++) {
                long bb = b.pieces(colour, type);
                phase += PHASE[type] * Long.bitCount(bb);
                while (bb != 0) {
                    int sq = Long.numberOfTrailingZeros(bb);
                    bb &= bb - 1;
                    int rel = sq ^ flip;
                    smg += MG_PST[type][rel];
                    seg += EG_PST[type][rel];
                    switch (type) {
                        case PAWN -> {
                            int f = sq & 7;
                            long file = Attacks.FILE_A << f;
                            if ((PASSED_MASK[colour * 64 + sq] & theirPawns) == 0) {
                                int rr = rel >>> 3;
                                smg += PASSED_MG[rr];
                                seg += PASSED_EG[rr];
                            }
                            if ((ownPawns & ADJACENT_FILES[f]) == 0) {
                                smg -= 12;
                                seg -= 10;
                            }
                            if (Long.bitCount(ownPawns & file) > 1) {
                                // Counted for each pawn of a doubled file: the pair pays twice half.
                                smg -= 5;
                                seg -= 10;
                            }
                        }
                        case KNIGHT -> {
                            int n = Long.bitCount(Attacks.KNIGHT[sq] & safe);
                            smg += (n - 4) * 4;
                            seg += (n - 4) * 4;
                        }
                        case BISHOP -> {
                            int n = Long.bitCount(Attacks.bishop(sq, occ) & safe);
                            smg += (n - 6) * 5;
                            seg += (n - 6) * 5;
                        }
                        case ROOK -> {
                            int n = Long.bitCount(Attacks.rook(sq, occ) & safe);
                            smg += (n - 7) * 2;
                            seg += (n - 7) * 4;
                            long file = Attacks.FILE_A << (sq & 7);
                            if ((file & ownPawns) == 0) {
                                boolean open = (file & theirPawns) == 0;
                                smg += open ? 25 : 12;
                                seg += open ? 10 : 6;
                            }
                        }
                        case QUEEN -> {
                            int n = Long.bitCount(Attacks.queen(sq, occ) & safe);
                            smg += (n - 14);
                            seg += (n - 14) * 2;
                        }
                        default -> smg += shield(sq, colour, ownPawns);
                    }
                }
            }
            if (Long.bitCount(b.pieces(colour, BISHOP)) >= 2) {
                smg += 30;
                seg += 50;
            }
            mg += sign * smg;
            eg += sign * seg;
        }
        eg += mopUp(b);
        int p = Math.min(phase, MAX_PHASE);
        int score = (mg * p + eg * (MAX_PHASE - p)) / MAX_PHASE;
        score = scaleDrawish(b, score);
        return (b.sideToMove() == WHITE ? score : -score) + TEMPO;
    }

    /** The middlegame pawn shield of a king on its first two ranks: pawns on the three files before it. */
    private static int shield(int ksq, int colour, long ownPawns) {
        int r = ksq >>> 3;
        int relRank = colour == WHITE ? r : 7 - r;
        if (relRank > 1) {
            return 0;
        }
        int f = ksq & 7;
        long files = (Attacks.FILE_A << f) | ADJACENT_FILES[f];
        int dir = colour == WHITE ? 1 : -1;
        long first = files & (Attacks.RANK_1 << (8 * (r + dir)));
        long second = files & (Attacks.RANK_1 << (8 * (r + 2 * dir)));
        return 10 * Long.bitCount(ownPawns & first) + 5 * Long.bitCount(ownPawns & second) - 15;
    }

    /** A lone king is driven to the edge and the winning king brought close, so mates get played. */
    private static int mopUp(Board b) {
        for (int weak = WHITE; weak <= BLACK; weak++) {
            if (Long.bitCount(b.pieces(weak)) == 1) {
                int strong = weak ^ 1;
                if ((b.pieces(strong, ROOK) | b.pieces(strong, QUEEN)) == 0
                        && Long.bitCount(b.pieces(strong, BISHOP) | b.pieces(strong, KNIGHT)) < 2) {
                    continue;
                }
                int wk = b.kingSquare(weak);
                int sk = b.kingSquare(strong);
                int wf = wk & 7;
                int wr = wk >>> 3;
                int edge = Math.max(3 - wf, wf - 4) + Math.max(3 - wr, wr - 4);
                int dist = Math.abs(wf - (sk & 7)) + Math.abs(wr - (sk >>> 3));
                int bonus = 20 * edge + 10 * (14 - dist);
                return strong == WHITE ? bonus : -bonus;
            }
        }
        return 0;
    }

    /** Without pawns, a lead of less than a rook rarely wins: shrink it. */
    private static int scaleDrawish(Board b, int score) {
        int strong = score > 0 ? WHITE : BLACK;
        if (b.pieces(strong, PAWN) != 0) {
            return score;
        }
        int weak = strong ^ 1;
        int diff = material(b, strong) - material(b, weak);
        if (diff < 400) {
            return score / 8;
        }
        return score;
    }

    private static int material(Board b, int colour) {
        int m = 0;
        for (int type = KNIGHT; type <= QUEEN; type++) {
            m += MG_VALUE[type] * Long.bitCount(b.pieces(colour, type));
        }
        return m;
    }
}

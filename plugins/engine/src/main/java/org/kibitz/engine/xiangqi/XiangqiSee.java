package org.kibitz.engine.xiangqi;

import static org.kibitz.xiangqi.board.Pieces.ADVISOR;
import static org.kibitz.xiangqi.board.Pieces.CANNON;
import static org.kibitz.xiangqi.board.Pieces.ELEPHANT;
import static org.kibitz.xiangqi.board.Pieces.HORSE;
import static org.kibitz.xiangqi.board.Pieces.KING;
import static org.kibitz.xiangqi.board.Pieces.PAWN;
import static org.kibitz.xiangqi.board.Pieces.RED;
import static org.kibitz.xiangqi.board.Pieces.ROOK;

import org.kibitz.xiangqi.board.Board;

/**
 * Static exchange evaluation for xiangqi, which the rules module does not offer: the material a
 * capture wins when both sides keep recapturing on its point with their least valuable attacker and
 * may stop when it suits them. Pins are ignored, as in chess SEE; x-rays come for free because the
 * attackers are looked up again after every capture on a board whose captured-away pieces are masked
 * out: a chariot behind a chariot, a cannon that finds a new screen or loses its screen, a horse whose
 * leg is freed.
 *
 * <p>Not thread-safe (a scratch array); one per board.
 */
final class XiangqiSee {

    /** Exchange values by type: none, general, advisor, elephant, horse, chariot, cannon, soldier. */
    static final int[] VALUE = {0, 10_000, 200, 200, 400, 900, 450, 100};

    private static final int[][] HORSE_FROM = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
    private static final int[][] DIAGONALS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    private static final int[][] LINES = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

    private final int[] gain = new int[40];
    private Board board;
    /** Points whose pieces have already captured on the target (they stand there no more). */
    private long goneLo;
    private long goneHi;

    /** The SEE of a capture (or a quiet move: what it loses by standing there) of the side to move. */
    int see(Board b, int move) {
        board = b;
        int from = Board.from(move);
        int to = Board.to(move);
        goneLo = 0;
        goneHi = 0;
        gone(from);
        int mover = b.pieceAt(from);
        gain[0] = VALUE[b.pieceAt(to) & 7];
        int onTarget = mover & 7;
        int side = (mover >>> 3) ^ 1;
        int d = 0;
        while (d < gain.length - 1) {
            int attacker = leastAttacker(to, side);
            if (attacker < 0) {
                break;
            }
            int type = piece(attacker) & 7;
            if (type == KING && leastAttacker(to, side ^ 1) >= 0) {
                break; // the general may not recapture onto a defended point
            }
            d++;
            gain[d] = VALUE[onTarget] - gain[d - 1];
            onTarget = type;
            gone(attacker);
            side ^= 1;
        }
        for (; d > 0; d--) {
            gain[d - 1] = -Math.max(-gain[d - 1], gain[d]);
        }
        return gain[0];
    }

    private void gone(int sq) {
        if (sq < 64) {
            goneLo |= 1L << sq;
        } else {
            goneHi |= 1L << (sq - 64);
        }
    }

    private boolean isGone(int sq) {
        return ((sq < 64 ? goneLo >>> sq : goneHi >>> (sq - 64)) & 1) != 0;
    }

    /** The piece on a point as the exchange sees it (0 once it has captured away). */
    private int piece(int sq) {
        return isGone(sq) ? 0 : board.pieceAt(sq);
    }

    /** The point of {@code side}'s least valuable piece attacking {@code t}, or -1. */
    private int leastAttacker(int t, int side) {
        int best = -1;
        int bestValue = Integer.MAX_VALUE;
        int tf = t % 9;
        int tr = t / 9;
        int ub = side << 3;

        // Soldiers: from behind, and from the sides once across the river.
        int forward = side == RED ? -1 : 1;
        int br = tr + forward;
        if (br >= 0 && br <= 9 && piece(br * 9 + tf) == (PAWN | ub)) {
            return br * 9 + tf;
        }
        boolean crossedHere = side == RED ? tr >= 5 : tr <= 4;
        if (crossedHere) {
            if (tf > 0 && piece(t - 1) == (PAWN | ub)) {
                return t - 1;
            }
            if (tf < 8 && piece(t + 1) == (PAWN | ub)) {
                return t + 1;
            }
        }
        boolean ownPalace = tf >= 3 && tf <= 5 && (side == RED ? tr <= 2 : tr >= 7);
        if (ownPalace) {
            for (int[] d : DIAGONALS) {
                int f = tf + d[0];
                int r = tr + d[1];
                if (f >= 3 && f <= 5 && r >= 0 && r <= 9 && piece(r * 9 + f) == (ADVISOR | ub)) {
                    return r * 9 + f;
                }
            }
        }
        boolean ownHalf = side == RED ? tr <= 4 : tr >= 5;
        if (ownHalf) {
            for (int df = -2; df <= 2; df += 4) {
                for (int dr = -2; dr <= 2; dr += 4) {
                    int f = tf + df;
                    int r = tr + dr;
                    if (f < 0 || f > 8 || r < 0 || r > 9 || (side == RED ? r > 4 : r < 5)) {
                        continue;
                    }
                    if (piece(r * 9 + f) == (ELEPHANT | ub) && piece((tr + dr / 2) * 9 + tf + df / 2) == 0) {
                        return r * 9 + f;
                    }
                }
            }
        }
        for (int[] j : HORSE_FROM) {
            // A horse at t - jump reaches t; its leg is next to it in the direction of the long step.
            int hf = tf - j[0];
            int hr = tr - j[1];
            if (hf < 0 || hf > 8 || hr < 0 || hr > 9 || piece(hr * 9 + hf) != (HORSE | ub)) {
                continue;
            }
            int leg = Math.abs(j[0]) == 2 ? hr * 9 + hf + j[0] / 2 : (hr + j[1] / 2) * 9 + hf;
            if (piece(leg) == 0 && VALUE[HORSE] < bestValue) {
                best = hr * 9 + hf;
                bestValue = VALUE[HORSE];
                break;
            }
        }
        // Lines: the first piece may be a chariot (or the general one step away); the second a cannon.
        for (int[] d : LINES) {
            int f = tf + d[0];
            int r = tr + d[1];
            int found = 0;
            while (f >= 0 && f <= 8 && r >= 0 && r <= 9) {
                int sq = r * 9 + f;
                int pc = piece(sq);
                if (pc != 0) {
                    found++;
                    if (found == 1) {
                        if (pc == (ROOK | ub) && VALUE[ROOK] < bestValue) {
                            best = sq;
                            bestValue = VALUE[ROOK];
                        } else if (pc == (KING | ub) && ownPalace && Math.abs(f - tf) + Math.abs(r - tr) == 1
                                && VALUE[KING] < bestValue) {
                            best = sq;
                            bestValue = VALUE[KING];
                        }
                    } else {
                        if (pc == (CANNON | ub) && VALUE[CANNON] < bestValue) {
                            best = sq;
                            bestValue = VALUE[CANNON];
                        }
                        break;
                    }
                }
                f += d[0];
                r += d[1];
            }
        }
        return best;
    }
}

package org.kibitz.xiangqi.board;

import static org.kibitz.xiangqi.board.Geometry.ADVISOR_START;
import static org.kibitz.xiangqi.board.Geometry.ADVISOR_TO;
import static org.kibitz.xiangqi.board.Geometry.ELEPHANT_START;
import static org.kibitz.xiangqi.board.Geometry.ELEPHANT_TO;
import static org.kibitz.xiangqi.board.Geometry.FILE;
import static org.kibitz.xiangqi.board.Geometry.FILES;
import static org.kibitz.xiangqi.board.Geometry.FILE_HIGH;
import static org.kibitz.xiangqi.board.Geometry.FILE_LOW;
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
import static org.kibitz.xiangqi.board.Geometry.RANKS;
import static org.kibitz.xiangqi.board.Geometry.RANK_HIGH;
import static org.kibitz.xiangqi.board.Geometry.RANK_LOW;
import static org.kibitz.xiangqi.board.Geometry.SQUARES;
import static org.kibitz.xiangqi.board.Pieces.ADVISOR;
import static org.kibitz.xiangqi.board.Pieces.BLACK;
import static org.kibitz.xiangqi.board.Pieces.CANNON;
import static org.kibitz.xiangqi.board.Pieces.ELEPHANT;
import static org.kibitz.xiangqi.board.Pieces.HORSE;
import static org.kibitz.xiangqi.board.Pieces.KING;
import static org.kibitz.xiangqi.board.Pieces.PAWN;
import static org.kibitz.xiangqi.board.Pieces.RED;
import static org.kibitz.xiangqi.board.Pieces.ROOK;

import java.util.Arrays;

/**
 * The fast, mutable xiangqi board behind the immutable {@code XiangqiPosition}: make/unmake, legal and
 * pseudo-legal move generation into {@code int} arrays, check detection, an incremental Zobrist key and
 * the history needed for repetition and perpetual-check rulings. Perft and the built-in engine run on it.
 *
 * <h2>Representation</h2>
 * <ul>
 *   <li>Points are {@code rank * 9 + file} (a0 = 0 ... i9 = 89), ranks counted from Red's side; see
 *       {@link Geometry}. Pieces are the small codes of {@link Pieces} ({@code type | side << 3}).</li>
 *   <li>A mailbox {@code int[90]}, per-side piece lists (so generation never scans the board), and one
 *       occupancy bit mask per rank and per file, from which rook and cannon moves and attacks are looked
 *       up in {@link Geometry}'s line tables instead of walked.</li>
 *   <li>A move is an {@code int}: {@code from | to << 7} ({@link #move(int, int)}); 0 ({@link #NO_MOVE})
 *       is never a move. Captured pieces are kept on the board's own undo stack.</li>
 * </ul>
 *
 * <h2>Legality</h2>
 * Legal generation computes, once per position, which of the mover's pieces shield the general
 * (from a rook, the facing general, a cannon's screen pair or a horse's leg) and which empty points
 * would become a cannon screen. Only moves of those pieces, moves onto those points, general moves and
 * all moves when in check are tried on the board; every other pseudo-legal move is legal as it stands.
 *
 * <h2>History</h2>
 * Every {@link #make(int)} records the key, the captured piece, the no-capture clock and whether the
 * move gave check ({@link Repetition#CHECK}), at the new {@link #ply()}. Ply 0 is the set-up position.
 * {@link #repetition(int)} scans this history; the bits per ply ({@link #violations(int)}) are where
 * a chase detector will add {@link Repetition#CHASE} for the AXF chase rulings.
 *
 * <p>Not thread-safe: one board per thread; {@link #copy()} is cheap.
 */
public final class Board {

    /** Never a move: from and to would both be a0. */
    public static final int NO_MOVE = 0;
    /**
     * More than the pseudo-legal moves any xiangqi position can have (2 rooks and 2 cannons at most 17
     * each, horses 16, pawns 15, advisors and elephants 8 each, the general 4: 119).
     */
    public static final int MAX_MOVES = 128;

    private static final int LIST_SHIFT = 3; // 8 slots per piece code

    private final int[] squares = new int[SQUARES];
    private final int[] rankOcc = new int[RANKS];
    private final int[] fileOcc = new int[FILES];
    private final int[] pieceList = new int[16 << LIST_SHIFT];
    private final int[] pieceCount = new int[16];
    private final int[] listIndex = new int[SQUARES];
    private final int[] scratch = new int[MAX_MOVES];
    private int side;
    private long key;
    private int startSide;
    private int startFullmove;

    // History by ply; index 0 is the set-up position.
    private int ply;
    private long[] keyHistory;
    private int[] moveHistory;
    private int[] capturedHistory;
    private int[] clockHistory;
    private byte[] violationHistory;

    // Per-position shields (pinned pieces) and cannon-screen points, as 90-bit sets in two longs.
    private long pinLo;
    private long pinHi;
    private long dangerLo;
    private long dangerHi;

    private Board(int capacity) {
        keyHistory = new long[capacity];
        moveHistory = new int[capacity];
        capturedHistory = new int[capacity];
        clockHistory = new int[capacity];
        violationHistory = new byte[capacity];
    }

    /** The start position. */
    public static Board startPosition() {
        int[] sq = new int[SQUARES];
        int[] back = {ROOK, HORSE, ELEPHANT, ADVISOR, KING, ADVISOR, ELEPHANT, HORSE, ROOK};
        for (int f = 0; f < FILES; f++) {
            sq[f] = back[f];
            sq[81 + f] = back[f] | BLACK << 3;
        }
        sq[Geometry.at(1, 2)] = CANNON;
        sq[Geometry.at(7, 2)] = CANNON;
        sq[Geometry.at(1, 7)] = CANNON | BLACK << 3;
        sq[Geometry.at(7, 7)] = CANNON | BLACK << 3;
        for (int f = 0; f < FILES; f += 2) {
            sq[Geometry.at(f, 3)] = PAWN;
            sq[Geometry.at(f, 6)] = PAWN | BLACK << 3;
        }
        return of(sq, RED, 0, 1);
    }

    /**
     * A board with the given pieces. The caller (the FEN reader) has checked the position: one general
     * per side in its palace, no more pieces of a kind than the game has, pieces only on points they can
     * reach, the side not to move not in check.
     *
     * @param squares  90 piece codes, index {@code rank * 9 + file}
     * @param side     {@link Pieces#RED} or {@link Pieces#BLACK} to move
     * @param halfmove plies since the last capture
     * @param fullmove the move number, from 1
     */
    public static Board of(int[] squares, int side, int halfmove, int fullmove) {
        if (squares.length != SQUARES) {
            throw new IllegalArgumentException("90 points expected");
        }
        Board b = new Board(64);
        for (int sq = 0; sq < SQUARES; sq++) {
            int pc = squares[sq];
            if (pc != 0) {
                if ((pc & 7) == 0 || pc > 15) {
                    throw new IllegalArgumentException("bad piece code " + pc + " at " + sq);
                }
                if (b.pieceCount[pc] == 1 << LIST_SHIFT) {
                    throw new IllegalArgumentException("too many pieces of code " + pc);
                }
                b.put(pc, sq);
            }
        }
        for (int s = 0; s < 2; s++) {
            if (b.pieceCount[KING | s << 3] != 1) {
                throw new IllegalArgumentException("each side needs exactly one general");
            }
        }
        b.side = side;
        b.startSide = side;
        b.startFullmove = Math.max(1, fullmove);
        b.key = b.computeKey();
        b.keyHistory[0] = b.key;
        b.clockHistory[0] = halfmove;
        b.violationHistory[0] = (byte) (b.attacked(b.kingSquare(side), side) ? Repetition.CHECK : 0);
        return b;
    }

    /** An independent copy with the same position and history. */
    public Board copy() {
        Board b = new Board(keyHistory.length);
        System.arraycopy(squares, 0, b.squares, 0, SQUARES);
        System.arraycopy(rankOcc, 0, b.rankOcc, 0, RANKS);
        System.arraycopy(fileOcc, 0, b.fileOcc, 0, FILES);
        System.arraycopy(pieceList, 0, b.pieceList, 0, pieceList.length);
        System.arraycopy(pieceCount, 0, b.pieceCount, 0, pieceCount.length);
        System.arraycopy(listIndex, 0, b.listIndex, 0, SQUARES);
        b.side = side;
        b.key = key;
        b.startSide = startSide;
        b.startFullmove = startFullmove;
        b.ply = ply;
        System.arraycopy(keyHistory, 0, b.keyHistory, 0, ply + 1);
        System.arraycopy(moveHistory, 0, b.moveHistory, 0, ply + 1);
        System.arraycopy(capturedHistory, 0, b.capturedHistory, 0, ply + 1);
        System.arraycopy(clockHistory, 0, b.clockHistory, 0, ply + 1);
        System.arraycopy(violationHistory, 0, b.violationHistory, 0, ply + 1);
        return b;
    }

    // ---------------------------------------------------------------- moves as ints

    public static int move(int from, int to) {
        return from | to << 7;
    }

    public static int from(int move) {
        return move & 0x7f;
    }

    public static int to(int move) {
        return move >>> 7;
    }

    // ---------------------------------------------------------------- state

    /** The side to move: {@link Pieces#RED} or {@link Pieces#BLACK}. */
    public int side() {
        return side;
    }

    /** The piece code on a point, 0 when empty. */
    public int pieceAt(int sq) {
        return squares[sq];
    }

    /** The point of a side's general. */
    public int kingSquare(int side) {
        return pieceList[(KING | side << 3) << LIST_SHIFT];
    }

    /** How many pieces of a code are on the board. */
    public int count(int code) {
        return pieceCount[code];
    }

    /** The point of the {@code i}-th piece of a code, {@code i < count(code)}, in no fixed order. */
    public int pieceSquare(int code, int i) {
        return pieceList[code << LIST_SHIFT | i];
    }

    /** Zobrist key of the position (pieces and side to move). */
    public long key() {
        return key;
    }

    /** Whether the side to move is in check (computed when the move was made). */
    public boolean inCheck() {
        return (violationHistory[ply] & Repetition.CHECK) != 0;
    }

    /** Plies since the last capture (or since the set-up position's clock). */
    public int halfmoveClock() {
        return clockHistory[ply];
    }

    /** The FEN move number: starts at the set-up position's number, increases after Black's move. */
    public int fullmoveNumber() {
        return startFullmove + (ply + startSide) / 2;
    }

    /** Moves made since the set-up position. */
    public int ply() {
        return ply;
    }

    /** The move that led to the current position, or {@link #NO_MOVE} (set-up position, null move). */
    public int lastMove() {
        return moveHistory[ply];
    }

    /** The piece the move of {@code ply} captured, 0 if none; {@code 1 <= ply <= ply()}. */
    public int capturedAt(int ply) {
        return capturedHistory[ply];
    }

    /** The key of the position at an earlier ply, {@code 0 <= ply <= ply()}. */
    public long keyAt(int ply) {
        return keyHistory[ply];
    }

    /**
     * The rule-relevant bits of the move that led to {@code ply}: {@link Repetition#CHECK} if it gave
     * check; {@link Repetition#CHASE} once a chase detector marks it.
     */
    public int violations(int ply) {
        return violationHistory[ply];
    }

    /** Adds bits to the record of the move that led to the current position (for a chase detector). */
    public void markViolation(int bits) {
        violationHistory[ply] |= (byte) bits;
    }

    // ---------------------------------------------------------------- make / unmake

    /** Plays a move that is legal here (or at least pseudo-legal, for a search that checks afterwards). */
    public void make(int move) {
        int from = move & 0x7f;
        int to = move >>> 7;
        int pc = squares[from];
        int cap = squares[to];
        if (ply + 1 == keyHistory.length) {
            grow();
        }
        int ff = FILE[from];
        int fr = RANK[from];
        int tf = FILE[to];
        int tr = RANK[to];
        long k = key ^ Zobrist.PIECE_SQUARE[pc * SQUARES + from] ^ Zobrist.PIECE_SQUARE[pc * SQUARES + to]
                ^ Zobrist.BLACK_TO_MOVE;
        int clock;
        if (cap == 0) {
            rankOcc[tr] |= 1 << tf;
            fileOcc[tf] |= 1 << tr;
            clock = clockHistory[ply] + 1;
        } else {
            k ^= Zobrist.PIECE_SQUARE[cap * SQUARES + to];
            int idx = listIndex[to];
            int last = --pieceCount[cap];
            int lastSq = pieceList[cap << LIST_SHIFT | last];
            pieceList[cap << LIST_SHIFT | idx] = lastSq;
            listIndex[lastSq] = idx;
            clock = 0;
        }
        squares[from] = 0;
        squares[to] = pc;
        rankOcc[fr] ^= 1 << ff;
        fileOcc[ff] ^= 1 << fr;
        int idx = listIndex[from];
        pieceList[pc << LIST_SHIFT | idx] = to;
        listIndex[to] = idx;
        key = k;
        side ^= 1;
        int p = ++ply;
        keyHistory[p] = k;
        moveHistory[p] = move;
        capturedHistory[p] = cap;
        clockHistory[p] = clock;
        violationHistory[p] = (byte) (attacked(pieceList[(KING | side << 3) << LIST_SHIFT], side) ? Repetition.CHECK : 0);
    }

    /** Takes back the last {@link #make(int)} (or {@link #makeNull()}). */
    public void unmake() {
        int p = ply;
        int move = moveHistory[p];
        ply = p - 1;
        side ^= 1;
        key = keyHistory[p - 1];
        if (move == NO_MOVE) {
            return;
        }
        int cap = capturedHistory[p];
        int from = move & 0x7f;
        int to = move >>> 7;
        int pc = squares[to];
        int ff = FILE[from];
        int fr = RANK[from];
        squares[from] = pc;
        squares[to] = cap;
        rankOcc[fr] |= 1 << ff;
        fileOcc[ff] |= 1 << fr;
        int idx = listIndex[to];
        pieceList[pc << LIST_SHIFT | idx] = from;
        listIndex[from] = idx;
        if (cap == 0) {
            int tf = FILE[to];
            int tr = RANK[to];
            rankOcc[tr] ^= 1 << tf;
            fileOcc[tf] ^= 1 << tr;
        } else {
            int n = pieceCount[cap]++;
            pieceList[cap << LIST_SHIFT | n] = to;
            listIndex[to] = n;
        }
    }

    /**
     * Passes the move (for null-move pruning); only when not in check. Repetition scans stop at a null
     * move.
     */
    public void makeNull() {
        if (ply + 1 == keyHistory.length) {
            grow();
        }
        key ^= Zobrist.BLACK_TO_MOVE;
        side ^= 1;
        int p = ++ply;
        keyHistory[p] = key;
        moveHistory[p] = NO_MOVE;
        capturedHistory[p] = 0;
        clockHistory[p] = clockHistory[p - 1] + 1;
        violationHistory[p] = 0;
    }

    /** Takes back a {@link #makeNull()}. */
    public void unmakeNull() {
        unmake();
    }

    private void grow() {
        int n = keyHistory.length * 2;
        keyHistory = Arrays.copyOf(keyHistory, n);
        moveHistory = Arrays.copyOf(moveHistory, n);
        capturedHistory = Arrays.copyOf(capturedHistory, n);
        clockHistory = Arrays.copyOf(clockHistory, n);
        violationHistory = Arrays.copyOf(violationHistory, n);
    }

    private void put(int pc, int sq) {
        squares[sq] = pc;
        rankOcc[RANK[sq]] |= 1 << FILE[sq];
        fileOcc[FILE[sq]] |= 1 << RANK[sq];
        int n = pieceCount[pc]++;
        pieceList[pc << LIST_SHIFT | n] = sq;
        listIndex[sq] = n;
    }

    private long computeKey() {
        long k = side == BLACK ? Zobrist.BLACK_TO_MOVE : 0;
        for (int sq = 0; sq < SQUARES; sq++) {
            if (squares[sq] != 0) {
                k ^= Zobrist.key(squares[sq], sq);
            }
        }
        return k;
    }

    // ---------------------------------------------------------------- attacks

    /**
     * Whether the point {@code sq}, held by (or imagined for) {@code side}, is attacked by the other
     * side's rooks, cannons, horses, pawns or facing general: the attacks that make a check.
     */
    public boolean attacked(int sq, int side) {
        int tb = (side ^ 1) << 3;
        int eRook = ROOK | tb;
        int eCannon = CANNON | tb;
        int eKing = KING | tb;
        int eHorse = HORSE | tb;
        int[] board = squares;
        int f = FILE[sq];
        int r = RANK[sq];
        int fo = fileOcc[f];
        int p = FILE_HIGH[r << 10 | fo];
        if (p < 10) {
            int pc = board[p * 9 + f];
            if (pc == eRook || pc == eKing) {
                return true;
            }
            int p2 = FILE_HIGH[p << 10 | fo];
            if (p2 < 10 && board[p2 * 9 + f] == eCannon) {
                return true;
            }
        }
        p = FILE_LOW[r << 10 | fo];
        if (p >= 0) {
            int pc = board[p * 9 + f];
            if (pc == eRook || pc == eKing) {
                return true;
            }
            int p2 = FILE_LOW[p << 10 | fo];
            if (p2 >= 0 && board[p2 * 9 + f] == eCannon) {
                return true;
            }
        }
        int ro = rankOcc[r];
        int base = r * 9;
        p = RANK_HIGH[f << 9 | ro];
        if (p < 9) {
            if (board[base + p] == eRook) {
                return true;
            }
            int p2 = RANK_HIGH[p << 9 | ro];
            if (p2 < 9 && board[base + p2] == eCannon) {
                return true;
            }
        }
        p = RANK_LOW[f << 9 | ro];
        if (p >= 0) {
            if (board[base + p] == eRook) {
                return true;
            }
            int p2 = RANK_LOW[p << 9 | ro];
            if (p2 >= 0 && board[base + p2] == eCannon) {
                return true;
            }
        }
        for (int i = HORSE_ATTACK_START[sq], e = HORSE_ATTACK_START[sq + 1]; i < e; i++) {
            int v = HORSE_ATTACK[i];
            if (board[v & 0xff] == eHorse && board[v >>> 8] == 0) {
                return true;
            }
        }
        int ePawn = PAWN | tb;
        int pb = side * (SQUARES + 1) + sq;
        for (int i = PAWN_ATTACK_START[pb], e = PAWN_ATTACK_START[pb + 1]; i < e; i++) {
            if (board[PAWN_ATTACK[i]] == ePawn) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the pseudo-legal move {@code from -> to} of {@code us} leaves {@code us}'s general safe,
     * tried on the board and taken back (only the mailbox and the occupancy masks, which is all the
     * attack test reads).
     */
    private boolean safeAfter(int from, int to, int us) {
        int[] board = squares;
        int pc = board[from];
        int cap = board[to];
        int ff = FILE[from];
        int fr = RANK[from];
        int tf = FILE[to];
        int tr = RANK[to];
        board[from] = 0;
        board[to] = pc;
        rankOcc[fr] ^= 1 << ff;
        fileOcc[ff] ^= 1 << fr;
        if (cap == 0) {
            rankOcc[tr] ^= 1 << tf;
            fileOcc[tf] ^= 1 << tr;
        }
        int k = (pc & 7) == KING ? to : pieceList[(KING | us << 3) << LIST_SHIFT];
        boolean safe = !attacked(k, us);
        board[from] = pc;
        board[to] = cap;
        rankOcc[fr] ^= 1 << ff;
        fileOcc[ff] ^= 1 << fr;
        if (cap == 0) {
            rankOcc[tr] ^= 1 << tf;
            fileOcc[tf] ^= 1 << tr;
        }
        return safe;
    }

    /**
     * Finds the mover's shields and the cannon-screen points of the current position (not in check):
     * pinLo/pinHi get every piece of {@code us} whose leaving could expose the general, dangerLo/dangerHi
     * every empty point between the general and an enemy cannon that is the first piece on that line.
     */
    private void computeShields(int us) {
        long pl = 0;
        long ph = 0;
        long dl = 0;
        long dh = 0;
        int tb = (us ^ 1) << 3;
        int eRook = ROOK | tb;
        int eCannon = CANNON | tb;
        int eKing = KING | tb;
        int[] board = squares;
        int k = pieceList[(KING | us << 3) << LIST_SHIFT];
        int f = FILE[k];
        int r = RANK[k];
        // Along the file, both ways.
        int fo = fileOcc[f];
        for (int dir = 0; dir < 2; dir++) {
            byte[] next = dir == 0 ? FILE_HIGH : FILE_LOW;
            int p1 = next[r << 10 | fo];
            if (p1 < 0 || p1 > 9) {
                continue;
            }
            int s1 = p1 * 9 + f;
            int pc1 = board[s1];
            if (pc1 == eCannon) {
                int step = dir == 0 ? 9 : -9;
                for (int s = k + step; s != s1; s += step) {
                    if (s < 64) {
                        dl |= 1L << s;
                    } else {
                        dh |= 1L << s;
                    }
                }
            }
            int p2 = next[p1 << 10 | fo];
            if (p2 < 0 || p2 > 9) {
                continue;
            }
            int s2 = p2 * 9 + f;
            int pc2 = board[s2];
            boolean own1 = (pc1 & 8) == us << 3;
            if (own1 && (pc2 == eRook || pc2 == eKing)) {
                if (s1 < 64) {
                    pl |= 1L << s1;
                } else {
                    ph |= 1L << s1;
                }
            }
            int p3 = next[p2 << 10 | fo];
            if (p3 >= 0 && p3 <= 9 && board[p3 * 9 + f] == eCannon) {
                if (own1) {
                    if (s1 < 64) {
                        pl |= 1L << s1;
                    } else {
                        ph |= 1L << s1;
                    }
                }
                if ((pc2 & 8) == us << 3) {
                    if (s2 < 64) {
                        pl |= 1L << s2;
                    } else {
                        ph |= 1L << s2;
                    }
                }
            }
        }
        // Along the rank, both ways (a general never faces the other on a rank).
        int ro = rankOcc[r];
        int base = r * 9;
        for (int dir = 0; dir < 2; dir++) {
            byte[] next = dir == 0 ? RANK_HIGH : RANK_LOW;
            int p1 = next[f << 9 | ro];
            if (p1 < 0 || p1 > 8) {
                continue;
            }
            int s1 = base + p1;
            int pc1 = board[s1];
            if (pc1 == eCannon) {
                int step = dir == 0 ? 1 : -1;
                for (int s = k + step; s != s1; s += step) {
                    if (s < 64) {
                        dl |= 1L << s;
                    } else {
                        dh |= 1L << s;
                    }
                }
            }
            int p2 = next[p1 << 9 | ro];
            if (p2 < 0 || p2 > 8) {
                continue;
            }
            int s2 = base + p2;
            int pc2 = board[s2];
            boolean own1 = (pc1 & 8) == us << 3;
            if (own1 && pc2 == eRook) {
                if (s1 < 64) {
                    pl |= 1L << s1;
                } else {
                    ph |= 1L << s1;
                }
            }
            int p3 = next[p2 << 9 | ro];
            if (p3 >= 0 && p3 <= 8 && board[base + p3] == eCannon) {
                if (own1) {
                    if (s1 < 64) {
                        pl |= 1L << s1;
                    } else {
                        ph |= 1L << s1;
                    }
                }
                if ((pc2 & 8) == us << 3) {
                    if (s2 < 64) {
                        pl |= 1L << s2;
                    } else {
                        ph |= 1L << s2;
                    }
                }
            }
        }
        // Our pieces on a horse's leg next to the general.
        int eHorse = HORSE | tb;
        for (int i = HORSE_ATTACK_START[k], e = HORSE_ATTACK_START[k + 1]; i < e; i++) {
            int v = HORSE_ATTACK[i];
            if (board[v & 0xff] == eHorse) {
                int leg = v >>> 8;
                int pc = board[leg];
                if (pc != 0 && (pc & 8) == us << 3) {
                    if (leg < 64) {
                        pl |= 1L << leg;
                    } else {
                        ph |= 1L << leg;
                    }
                }
            }
        }
        pinLo = pl;
        pinHi = ph;
        dangerLo = dl;
        dangerHi = dh;
    }

    private static boolean in(long lo, long hi, int sq) {
        return ((sq < 64 ? lo : hi) >>> sq & 1L) != 0;
    }

    // ---------------------------------------------------------------- generation

    /**
     * Writes the pseudo-legal moves of the side to move (every move by the pieces' rules, the general
     * possibly left attacked) into {@code out} from {@code start}; returns how many.
     */
    public int generatePseudoLegal(int[] out, int start) {
        return genAll(out, start, side) - start;
    }

    /** Writes the legal moves into {@code out} from {@code start}; returns how many. */
    public int generateLegal(int[] out, int start) {
        int us = side;
        int end = genAll(out, start, us);
        int n = start;
        if (inCheck()) {
            for (int i = start; i < end; i++) {
                int m = out[i];
                if (safeAfter(m & 0x7f, m >>> 7, us)) {
                    out[n++] = m;
                }
            }
            return n - start;
        }
        computeShields(us);
        long pl = pinLo;
        long ph = pinHi;
        long dl = dangerLo;
        long dh = dangerHi;
        int k = kingSquare(us);
        for (int i = start; i < end; i++) {
            int m = out[i];
            int from = m & 0x7f;
            int to = m >>> 7;
            if ((from == k || in(pl, ph, from) || in(dl, dh, to)) && !safeAfter(from, to, us)) {
                continue;
            }
            out[n++] = m;
        }
        return n - start;
    }

    /** Writes the pseudo-legal captures into {@code out} from {@code start}; returns how many. */
    public int generateCaptures(int[] out, int start) {
        int end = genAll(out, start, side);
        int n = start;
        for (int i = start; i < end; i++) {
            int m = out[i];
            if (squares[m >>> 7] != 0) {
                out[n++] = m;
            }
        }
        return n - start;
    }

    /** Whether a pseudo-legal move of the side to move leaves its general safe. */
    public boolean isLegal(int move) {
        return safeAfter(move & 0x7f, move >>> 7, side);
    }

    /**
     * Whether {@code move} is a pseudo-legal move of the side to move here (for moves from a hash table
     * or a killer slot, which may belong to another position).
     */
    public boolean isPseudoLegal(int move) {
        int from = move & 0x7f;
        int to = move >>> 7;
        if (move == NO_MOVE || from >= SQUARES || to >= SQUARES) {
            return false;
        }
        int pc = squares[from];
        if (pc == 0 || pc >>> 3 != side) {
            return false;
        }
        int end = genPiece(from, pc, side, scratch, 0);
        for (int i = 0; i < end; i++) {
            if (scratch[i] == move) {
                return true;
            }
        }
        return false;
    }

    /** Whether a move is legal here (any int, checked fully). */
    public boolean isLegalMove(int move) {
        return isPseudoLegal(move) && isLegal(move);
    }

    private int genAll(int[] out, int n, int us) {
        int[] list = pieceList;
        int[] cnt = pieceCount;
        int ub = us << 3;
        for (int t = KING; t <= PAWN; t++) {
            int code = t | ub;
            int c = cnt[code];
            for (int i = 0; i < c; i++) {
                int s = list[code << LIST_SHIFT | i];
                n = genPiece(s, code, us, out, n);
            }
        }
        return n;
    }

    /** The pseudo-legal moves of the piece {@code code} on {@code s}. */
    private int genPiece(int s, int code, int us, int[] out, int n) {
        int[] board = squares;
        // Bits of piece codes a move may land on: empty (0) and the enemy's codes.
        int ok = us == RED ? 0xFE01 : 0x00FF;
        switch (code & 7) {
            case KING -> {
                for (int i = KING_START[s], e = KING_START[s + 1]; i < e; i++) {
                    int t = KING_TO[i];
                    if ((ok >>> board[t] & 1) != 0) {
                        out[n++] = s | t << 7;
                    }
                }
            }
            case ADVISOR -> {
                for (int i = ADVISOR_START[s], e = ADVISOR_START[s + 1]; i < e; i++) {
                    int t = ADVISOR_TO[i];
                    if ((ok >>> board[t] & 1) != 0) {
                        out[n++] = s | t << 7;
                    }
                }
            }
            case ELEPHANT -> {
                for (int i = ELEPHANT_START[s], e = ELEPHANT_START[s + 1]; i < e; i++) {
                    int v = ELEPHANT_TO[i];
                    int t = v & 0xff;
                    if (board[v >>> 8] == 0 && (ok >>> board[t] & 1) != 0) {
                        out[n++] = s | t << 7;
                    }
                }
            }
            case HORSE -> {
                for (int i = HORSE_START[s], e = HORSE_START[s + 1]; i < e; i++) {
                    int v = HORSE_TO[i];
                    int t = v & 0xff;
                    if (board[v >>> 8] == 0 && (ok >>> board[t] & 1) != 0) {
                        out[n++] = s | t << 7;
                    }
                }
            }
            case PAWN -> {
                int pb = us * (SQUARES + 1) + s;
                for (int i = PAWN_START[pb], e = PAWN_START[pb + 1]; i < e; i++) {
                    int t = PAWN_TO[i];
                    if ((ok >>> board[t] & 1) != 0) {
                        out[n++] = s | t << 7;
                    }
                }
            }
            default -> n = genSlider(s, code & 7, ok, out, n);
        }
        return n;
    }

    private int genSlider(int s, int type, int ok, int[] out, int n) {
        int[] board = squares;
        int f = FILE[s];
        int r = RANK[s];
        int ro = rankOcc[r];
        int fo = fileOcc[f];
        int base = r * 9;
        int enemy = ok & ~1;
        boolean rook = type == ROOK;
        // Right.
        int p = RANK_HIGH[f << 9 | ro];
        for (int x = f + 1; x < p; x++) {
            out[n++] = s | (base + x) << 7;
        }
        if (p < 9) {
            if (!rook) {
                p = RANK_HIGH[p << 9 | ro];
            }
            if (p < 9 && (enemy >>> board[base + p] & 1) != 0) {
                out[n++] = s | (base + p) << 7;
            }
        }
        // Left.
        p = RANK_LOW[f << 9 | ro];
        for (int x = f - 1; x > p; x--) {
            out[n++] = s | (base + x) << 7;
        }
        if (p >= 0) {
            if (!rook) {
                p = RANK_LOW[p << 9 | ro];
            }
            if (p >= 0 && (enemy >>> board[base + p] & 1) != 0) {
                out[n++] = s | (base + p) << 7;
            }
        }
        // Up (towards Black).
        p = FILE_HIGH[r << 10 | fo];
        for (int y = r + 1; y < p; y++) {
            out[n++] = s | (y * 9 + f) << 7;
        }
        if (p < 10) {
            if (!rook) {
                p = FILE_HIGH[p << 10 | fo];
            }
            if (p < 10 && (enemy >>> board[p * 9 + f] & 1) != 0) {
                out[n++] = s | (p * 9 + f) << 7;
            }
        }
        // Down.
        p = FILE_LOW[r << 10 | fo];
        for (int y = r - 1; y > p; y--) {
            out[n++] = s | (y * 9 + f) << 7;
        }
        if (p >= 0) {
            if (!rook) {
                p = FILE_LOW[p << 10 | fo];
            }
            if (p >= 0 && (enemy >>> board[p * 9 + f] & 1) != 0) {
                out[n++] = s | (p * 9 + f) << 7;
            }
        }
        return n;
    }

    // ---------------------------------------------------------------- counting and perft

    /** The number of legal moves, without writing them where it can be helped (perft's last ply). */
    public int countLegal() {
        int us = side;
        if (inCheck()) {
            int end = genAll(scratch, 0, us);
            int n = 0;
            for (int i = 0; i < end; i++) {
                int m = scratch[i];
                if (safeAfter(m & 0x7f, m >>> 7, us)) {
                    n++;
                }
            }
            return n;
        }
        computeShields(us);
        long pl = pinLo;
        long ph = pinHi;
        if ((dangerLo | dangerHi) != 0) {
            return countFiltered(us, pl, ph, dangerLo, dangerHi);
        }
        int[] board = squares;
        int[] list = pieceList;
        int[] cnt = pieceCount;
        int ub = us << 3;
        int ok = us == RED ? 0xFE01 : 0x00FF;
        int enemy = ok & ~1;
        int total = 0;

        // General: always tried.
        int k = list[(KING | ub) << LIST_SHIFT];
        for (int i = KING_START[k], e = KING_START[k + 1]; i < e; i++) {
            int t = KING_TO[i];
            if ((ok >>> board[t] & 1) != 0 && safeAfter(k, t, us)) {
                total++;
            }
        }
        // Rooks and cannons: quiet moves counted from the line tables.
        for (int type = ROOK; type <= CANNON; type++) {
            int code = type | ub;
            for (int i = 0, c = cnt[code]; i < c; i++) {
                int s = list[code << LIST_SHIFT | i];
                if (in(pl, ph, s)) {
                    total += countTried(s, code, us);
                    continue;
                }
                int f = FILE[s];
                int r = RANK[s];
                int ro = rankOcc[r];
                int fo = fileOcc[f];
                int base = r * 9;
                int hi = RANK_HIGH[f << 9 | ro];
                int lo = RANK_LOW[f << 9 | ro];
                int up = FILE_HIGH[r << 10 | fo];
                int dn = FILE_LOW[r << 10 | fo];
                total += hi - lo + up - dn - 4;
                if (type == ROOK) {
                    if (hi < 9) {
                        total += enemy >>> board[base + hi] & 1;
                    }
                    if (lo >= 0) {
                        total += enemy >>> board[base + lo] & 1;
                    }
                    if (up < 10) {
                        total += enemy >>> board[up * 9 + f] & 1;
                    }
                    if (dn >= 0) {
                        total += enemy >>> board[dn * 9 + f] & 1;
                    }
                } else {
                    if (hi < 9) {
                        int p = RANK_HIGH[hi << 9 | ro];
                        if (p < 9) {
                            total += enemy >>> board[base + p] & 1;
                        }
                    }
                    if (lo >= 0) {
                        int p = RANK_LOW[lo << 9 | ro];
                        if (p >= 0) {
                            total += enemy >>> board[base + p] & 1;
                        }
                    }
                    if (up < 10) {
                        int p = FILE_HIGH[up << 10 | fo];
                        if (p < 10) {
                            total += enemy >>> board[p * 9 + f] & 1;
                        }
                    }
                    if (dn >= 0) {
                        int p = FILE_LOW[dn << 10 | fo];
                        if (p >= 0) {
                            total += enemy >>> board[p * 9 + f] & 1;
                        }
                    }
                }
            }
        }
        // Horses.
        int code = HORSE | ub;
        for (int i = 0, c = cnt[code]; i < c; i++) {
            int s = list[code << LIST_SHIFT | i];
            if (in(pl, ph, s)) {
                total += countTried(s, code, us);
                continue;
            }
            for (int j = HORSE_START[s], e = HORSE_START[s + 1]; j < e; j++) {
                int v = HORSE_TO[j];
                if (board[v >>> 8] == 0) {
                    total += ok >>> board[v & 0xff] & 1;
                }
            }
        }
        // Pawns.
        code = PAWN | ub;
        for (int i = 0, c = cnt[code]; i < c; i++) {
            int s = list[code << LIST_SHIFT | i];
            if (in(pl, ph, s)) {
                total += countTried(s, code, us);
                continue;
            }
            int pb = us * (SQUARES + 1) + s;
            for (int j = PAWN_START[pb], e = PAWN_START[pb + 1]; j < e; j++) {
                total += ok >>> board[PAWN_TO[j]] & 1;
            }
        }
        // Advisors.
        code = ADVISOR | ub;
        for (int i = 0, c = cnt[code]; i < c; i++) {
            int s = list[code << LIST_SHIFT | i];
            if (in(pl, ph, s)) {
                total += countTried(s, code, us);
                continue;
            }
            for (int j = ADVISOR_START[s], e = ADVISOR_START[s + 1]; j < e; j++) {
                total += ok >>> board[ADVISOR_TO[j]] & 1;
            }
        }
        // Elephants.
        code = ELEPHANT | ub;
        for (int i = 0, c = cnt[code]; i < c; i++) {
            int s = list[code << LIST_SHIFT | i];
            if (in(pl, ph, s)) {
                total += countTried(s, code, us);
                continue;
            }
            for (int j = ELEPHANT_START[s], e = ELEPHANT_START[s + 1]; j < e; j++) {
                int v = ELEPHANT_TO[j];
                if (board[v >>> 8] == 0) {
                    total += ok >>> board[v & 0xff] & 1;
                }
            }
        }
        return total;
    }

    /** Legal moves of one piece, each tried on the board. */
    private int countTried(int s, int code, int us) {
        int end = genPiece(s, code, us, scratch, 0);
        int n = 0;
        for (int i = 0; i < end; i++) {
            int m = scratch[i];
            if (safeAfter(s, m >>> 7, us)) {
                n++;
            }
        }
        return n;
    }

    private int countFiltered(int us, long pl, long ph, long dl, long dh) {
        int end = genAll(scratch, 0, us);
        int k = kingSquare(us);
        int n = 0;
        for (int i = 0; i < end; i++) {
            int m = scratch[i];
            int from = m & 0x7f;
            int to = m >>> 7;
            if ((from == k || in(pl, ph, from) || in(dl, dh, to)) && !safeAfter(from, to, us)) {
                continue;
            }
            n++;
        }
        return n;
    }

    /**
     * Counts the leaves of the legal move tree {@code depth} plies deep, counting the last ply without
     * playing it. Uses its own move buffer; the board is unchanged afterwards.
     */
    public long perft(int depth) {
        if (depth <= 0) {
            return 1;
        }
        return perft(depth, new int[MAX_MOVES * depth], 0);
    }

    private long perft(int depth, int[] buf, int at) {
        if (depth == 1) {
            return countLegal();
        }
        int n = generateLegal(buf, at);
        int end = at + n;
        long total = 0;
        if (depth == 2) {
            for (int i = at; i < end; i++) {
                make(buf[i]);
                total += countLegal();
                unmake();
            }
            return total;
        }
        for (int i = at; i < end; i++) {
            make(buf[i]);
            total += perft(depth - 1, buf, end);
            unmake();
        }
        return total;
    }

    // ---------------------------------------------------------------- repetition

    /**
     * Looks back through the history for the current position. Scans positions with the same side to
     * move, back to the last capture or null move; when the current position has occurred
     * {@code occurrences - 1} times before, judges the moves from the earliest of those occurrences to
     * now with {@link Repetition#judge}.
     *
     * @param occurrences 2 for a search (first repetition), 3 for the usual threefold adjudication
     * @return {@link Repetition#NONE} when the position has not repeated that often
     */
    public int repetition(int occurrences) {
        int p = ply;
        int limit = Math.max(0, p - clockHistory[p]);
        int seen = 1;
        for (int i = p - 2; i >= limit; i -= 2) {
            if (moveHistory[i + 1] == NO_MOVE || moveHistory[i + 2] == NO_MOVE) {
                break;
            }
            if (keyHistory[i] == key && ++seen == occurrences) {
                return Repetition.judge(violationHistory, i, p);
            }
        }
        return Repetition.NONE;
    }

    // ---------------------------------------------------------------- text

    /** The position as FEN ({@code w}/{@code b}, letters K A B N R C P). */
    public String fen() {
        StringBuilder sb = new StringBuilder(90);
        for (int r = 9; r >= 0; r--) {
            int empty = 0;
            for (int f = 0; f < 9; f++) {
                int pc = squares[r * 9 + f];
                if (pc == 0) {
                    empty++;
                } else {
                    if (empty > 0) {
                        sb.append(empty);
                        empty = 0;
                    }
                    sb.append(Pieces.fenLetter(pc));
                }
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (r > 0) {
                sb.append('/');
            }
        }
        sb.append(side == RED ? " w" : " b").append(" - - ").append(halfmoveClock()).append(' ').append(fullmoveNumber());
        return sb.toString();
    }

    /** A move in ICCS coordinates, {@code h2e2}. */
    public static String moveText(int move) {
        int from = from(move);
        int to = to(move);
        return "" + (char) ('a' + FILE[from]) + RANK[from] + (char) ('a' + FILE[to]) + RANK[to];
    }

    @Override
    public String toString() {
        return fen();
    }
}

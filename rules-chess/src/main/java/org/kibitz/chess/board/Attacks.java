package org.kibitz.chess.board;

/**
 * Attack tables for a 64-bit board: leapers by lookup, sliders by "fancy" magic bitboards.
 *
 * <p>Squares are numbered {@code 8 * rank + file}, a1 = 0, h8 = 63; a bitboard has bit {@code sq}
 * set for each square in it. Java has no portable fast PEXT ({@code Long.compress} is slow
 * microcode on some CPUs), so sliding attacks use magic multiplication: one shared table, one
 * multiply, one shift and one load per lookup. The magics are found at class initialisation with
 * a fixed-seed generator (a few milliseconds), so there are no hand-copied constants to get wrong.
 */
public final class Attacks {

    private Attacks() {
    }

    public static final long FILE_A = 0x0101010101010101L;
    public static final long FILE_H = FILE_A << 7;
    public static final long RANK_1 = 0xFFL;
    public static final long RANK_2 = RANK_1 << 8;
    public static final long RANK_3 = RANK_1 << 16;
    public static final long RANK_4 = RANK_1 << 24;
    public static final long RANK_5 = RANK_1 << 32;
    public static final long RANK_6 = RANK_1 << 40;
    public static final long RANK_7 = RANK_1 << 48;
    public static final long RANK_8 = RANK_1 << 56;
    public static final long DARK_SQUARES = 0xAA55AA55AA55AA55L;
    public static final long LIGHT_SQUARES = ~DARK_SQUARES;

    /** Knight attacks by square. */
    public static final long[] KNIGHT = new long[64];
    /** King attacks by square. */
    public static final long[] KING = new long[64];
    /** Pawn attacks by {@code 64 * colour + square}: the squares a pawn of that colour on that square attacks. */
    public static final long[] PAWN = new long[128];
    /** Squares strictly between two squares on a line ({@code 64 * a + b}); 0 when not on one line. */
    public static final long[] BETWEEN = new long[64 * 64];
    /** The whole line (edge to edge) through two squares ({@code 64 * a + b}); 0 when not on one line. */
    public static final long[] LINE = new long[64 * 64];
    /** Rook attacks on an empty board. */
    public static final long[] ROOK_EMPTY = new long[64];
    /** Bishop attacks on an empty board. */
    public static final long[] BISHOP_EMPTY = new long[64];

    private static final long[] ROOK_MASK = new long[64];
    private static final long[] ROOK_MAGIC = new long[64];
    private static final int[] ROOK_SHIFT = new int[64];
    private static final int[] ROOK_BASE = new int[64];
    private static final long[] BISHOP_MASK = new long[64];
    private static final long[] BISHOP_MAGIC = new long[64];
    private static final int[] BISHOP_SHIFT = new int[64];
    private static final int[] BISHOP_BASE = new int[64];
    /** Rook and bishop attack sets for every relevant occupancy, one region per square. */
    private static final long[] TABLE = new long[102_400 + 5_248];

    private static final int[][] ROOK_DIRS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    private static final int[][] BISHOP_DIRS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    static {
        for (int sq = 0; sq < 64; sq++) {
            KNIGHT[sq] = leaper(sq, new int[][]{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
            KING[sq] = leaper(sq, new int[][]{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
            PAWN[sq] = leaper(sq, new int[][]{{-1, 1}, {1, 1}});
            PAWN[64 + sq] = leaper(sq, new int[][]{{-1, -1}, {1, -1}});
            ROOK_EMPTY[sq] = slide(sq, 0L, ROOK_DIRS);
            BISHOP_EMPTY[sq] = slide(sq, 0L, BISHOP_DIRS);
        }
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                if (a == b) {
                    continue;
                }
                long bitB = 1L << b;
                if ((ROOK_EMPTY[a] & bitB) != 0) {
                    BETWEEN[64 * a + b] = slide(a, bitB, ROOK_DIRS) & slide(b, 1L << a, ROOK_DIRS);
                    LINE[64 * a + b] = (ROOK_EMPTY[a] & ROOK_EMPTY[b]) | (1L << a) | bitB;
                } else if ((BISHOP_EMPTY[a] & bitB) != 0) {
                    BETWEEN[64 * a + b] = slide(a, bitB, BISHOP_DIRS) & slide(b, 1L << a, BISHOP_DIRS);
                    LINE[64 * a + b] = (BISHOP_EMPTY[a] & BISHOP_EMPTY[b]) | (1L << a) | bitB;
                }
            }
        }
        int base = initMagics(ROOK_DIRS, ROOK_MASK, ROOK_MAGIC, ROOK_SHIFT, ROOK_BASE, 0);
        initMagics(BISHOP_DIRS, BISHOP_MASK, BISHOP_MAGIC, BISHOP_SHIFT, BISHOP_BASE, base);
    }

    /** Rook attacks from {@code sq} with the given occupied squares (attacked blockers included). */
    public static long rook(int sq, long occupied) {
        return TABLE[ROOK_BASE[sq] + (int) (((occupied & ROOK_MASK[sq]) * ROOK_MAGIC[sq]) >>> ROOK_SHIFT[sq])];
    }

    /** Bishop attacks from {@code sq} with the given occupied squares (attacked blockers included). */
    public static long bishop(int sq, long occupied) {
        return TABLE[BISHOP_BASE[sq] + (int) (((occupied & BISHOP_MASK[sq]) * BISHOP_MAGIC[sq]) >>> BISHOP_SHIFT[sq])];
    }

    public static long queen(int sq, long occupied) {
        return rook(sq, occupied) | bishop(sq, occupied);
    }

    /** Attacks of a sliding piece type ({@link Board#BISHOP}, {@link Board#ROOK}, {@link Board#QUEEN}). */
    static long queenLike(int type, int sq, long occupied) {
        return type == Board.BISHOP ? bishop(sq, occupied) : type == Board.ROOK ? rook(sq, occupied) : queen(sq, occupied);
    }

    /** Attacks of a piece type ({@link Board#KNIGHT}..{@link Board#KING}; pawns need a colour) from a square. */
    public static long pieceAttacks(int type, int sq, long occupied) {
        return switch (type) {
            case Board.KNIGHT -> KNIGHT[sq];
            case Board.BISHOP -> bishop(sq, occupied);
            case Board.ROOK -> rook(sq, occupied);
            case Board.QUEEN -> queen(sq, occupied);
            case Board.KING -> KING[sq];
            default -> throw new IllegalArgumentException("no colourless attacks for piece type " + type);
        };
    }

    private static long leaper(int sq, int[][] steps) {
        long b = 0;
        int f = sq & 7;
        int r = sq >>> 3;
        for (int[] s : steps) {
            int nf = f + s[0];
            int nr = r + s[1];
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) {
                b |= 1L << (8 * nr + nf);
            }
        }
        return b;
    }

    /** Reference ray walk, used only to build the tables. */
    private static long slide(int sq, long occupied, int[][] dirs) {
        long b = 0;
        for (int[] d : dirs) {
            int f = (sq & 7) + d[0];
            int r = (sq >>> 3) + d[1];
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                long bit = 1L << (8 * r + f);
                b |= bit;
                if ((occupied & bit) != 0) {
                    break;
                }
                f += d[0];
                r += d[1];
            }
        }
        return b;
    }

    private static int initMagics(int[][] dirs, long[] masks, long[] magics, int[] shifts, int[] bases, int start) {
        // Seeds known to find magics quickly with this generator (one per rank), as in Stockfish.
        long[] seeds = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
        long[] occupancy = new long[4096];
        long[] reference = new long[4096];
        int[] epoch = new int[4096];
        int attempt = 0;
        int base = start;
        for (int sq = 0; sq < 64; sq++) {
            long edges = ((RANK_1 | RANK_8) & ~rankOf(sq)) | ((FILE_A | FILE_H) & ~fileOf(sq));
            long mask = slide(sq, 0L, dirs) & ~edges;
            int bits = Long.bitCount(mask);
            masks[sq] = mask;
            shifts[sq] = 64 - bits;
            bases[sq] = base;
            int size = 0;
            long b = 0;
            do {
                occupancy[size] = b;
                reference[size] = slide(sq, b, dirs);
                size++;
                b = (b - mask) & mask;
            } while (b != 0);
            long[] rng = {seeds[sq >>> 3]};
            for (int i = 0; i < size; ) {
                long magic;
                do {
                    magic = random(rng) & random(rng) & random(rng);
                } while (Long.bitCount((magic * mask) >>> 56) < 6);
                magics[sq] = magic;
                attempt++;
                for (i = 0; i < size; i++) {
                    int idx = (int) ((occupancy[i] * magic) >>> shifts[sq]);
                    if (epoch[idx] < attempt) {
                        epoch[idx] = attempt;
                        TABLE[base + idx] = reference[i];
                    } else if (TABLE[base + idx] != reference[i]) {
                        break;
                    }
                }
            }
            base += size;
        }
        return base;
    }

    private static long random(long[] state) {
        long s = state[0];
        s ^= s >>> 12;
        s ^= s << 25;
        s ^= s >>> 27;
        state[0] = s;
        return s * 2685821657736338717L;
    }

    static long rankOf(int sq) {
        return RANK_1 << (8 * (sq >>> 3));
    }

    static long fileOf(int sq) {
        return FILE_A << (sq & 7);
    }
}

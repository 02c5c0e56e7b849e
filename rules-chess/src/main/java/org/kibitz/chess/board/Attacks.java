package org.kibitz.chess.board;

/**
 * Attack tables for a 64-bit board: leapers by lookup, sliders by "fancy" magic bitboards.
 *
 * <p>Squares are numbered {@code 8 * rank + file}, a1 = 0, h8 = 63; a bitboard has bit {@code sq}
 * set for each square in it. Java has no portable fast PEXT ({@code Long.compress} is slow
 * microcode on some CPUs), so sliding attacks use magic multiplication: one shared table, one
 * multiply, one shift and one load per lookup.
 *
 * <p>The magics are constants: searching for them at class initialisation (as Stockfish does)
 * took a fifth of a second of every CLI run, most of it before the JIT had compiled the search.
 * They are the numbers that search finds with Stockfish's seeds; {@code AttacksTest} runs the
 * search again and checks every table entry against a plain ray walk, so a wrong constant fails
 * the build. The table is filled with ray lookups, one pass per square.
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
    static final long[] ROOK_MAGIC = {
            0x0A80004000801220L, 0x8040004010002008L, 0x2080200010008008L, 0x1100100008210004L,
            0xC200209084020008L, 0x2100010004000208L, 0x0400081000822421L, 0x0200010422048844L,
            0x0800800080400024L, 0x0001402000401000L, 0x3000801000802001L, 0x4400800800100083L,
            0x0904802402480080L, 0x4040800400020080L, 0x0018808042000100L, 0x4040800080004100L,
            0x0040048001458024L, 0x00A0004000205000L, 0x3100808010002000L, 0x4825010010000820L,
            0x5004808008000401L, 0x2024818004000A00L, 0x0005808002000100L, 0x2100060004806104L,
            0x0080400880008421L, 0x4062220600410280L, 0x010A004A00108022L, 0x0000100080080080L,
            0x0021000500080010L, 0x0044000202001008L, 0x0000100400080102L, 0xC020128200040545L,
            0x0080002000400040L, 0x0000804000802004L, 0x0000120022004080L, 0x010A386103001001L,
            0x9010080080800400L, 0x8440020080800400L, 0x0004228824001001L, 0x000000490A000084L,
            0x0080002000504000L, 0x200020005000C000L, 0x0012088020420010L, 0x0010010080080800L,
            0x0085001008010004L, 0x0002000204008080L, 0x0040413002040008L, 0x0000304081020004L,
            0x0080204000800080L, 0x3008804000290100L, 0x1010100080200080L, 0x2008100208028080L,
            0x5000850800910100L, 0x8402019004680200L, 0x0120911028020400L, 0x0000008044010200L,
            0x0020850200244012L, 0x0020850200244012L, 0x0000102001040841L, 0x140900040A100021L,
            0x000200282410A102L, 0x000200282410A102L, 0x000200282410A102L, 0x4048240043802106L,
    };
    private static final int[] ROOK_SHIFT = new int[64];
    private static final int[] ROOK_BASE = new int[64];
    private static final long[] BISHOP_MASK = new long[64];
    static final long[] BISHOP_MAGIC = {
            0x40106000A1160020L, 0x0020010250810120L, 0x2010010220280081L, 0x002806004050C040L,
            0x0002021018000000L, 0x2001112010000400L, 0x0881010120218080L, 0x1030820110010500L,
            0x0000120222042400L, 0x2000020404040044L, 0x8000480094208000L, 0x0003422A02000001L,
            0x000A220210100040L, 0x8004820202226000L, 0x0018234854100800L, 0x0100004042101040L,
            0x0004001004082820L, 0x0010000810010048L, 0x1014004208081300L, 0x2080818802044202L,
            0x0040880C00A00100L, 0x0080400200522010L, 0x0001000188180B04L, 0x0080249202020204L,
            0x1004400004100410L, 0x00013100A0022206L, 0x2148500001040080L, 0x4241080011004300L,
            0x4020848004002000L, 0x10101380D1004100L, 0x0008004422020284L, 0x01010A1041008080L,
            0x0808080400082121L, 0x0808080400082121L, 0x0091128200100C00L, 0x0202200802010104L,
            0x8C0A020200440085L, 0x01A0008080B10040L, 0x0889520080122800L, 0x100902022202010AL,
            0x04081A0816002000L, 0x0000681208005000L, 0x8170840041008802L, 0x0A00004200810805L,
            0x0830404408210100L, 0x2602208106006102L, 0x1048300680802628L, 0x2602208106006102L,
            0x0602010120110040L, 0x0941010801043000L, 0x000040440A210428L, 0x0008240020880021L,
            0x0400002012048200L, 0x00AC102001210220L, 0x0220021002009900L, 0x84440C080A013080L,
            0x0001008044200440L, 0x0004C04410841000L, 0x2000500104011130L, 0x1A0C010011C20229L,
            0x0044800112202200L, 0x0434804908100424L, 0x0300404822C08200L, 0x48081010008A2A80L,
    };
    private static final int[] BISHOP_SHIFT = new int[64];
    private static final int[] BISHOP_BASE = new int[64];
    /** Rook and bishop attack sets for every relevant occupancy, one region per square. */
    private static final long[] TABLE = new long[102_400 + 5_248];

    private static final int[][] ROOK_DIRS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    private static final int[][] BISHOP_DIRS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    /**
     * Rays to the edge by {@code 64 * direction + square}, for filling the table: directions 0..3
     * go up the square numbers (E, N, NE, NW), 4..7 down (W, S, SW, SE).
     */
    private static final long[] RAY = new long[8 * 64];

    static {
        for (int sq = 0; sq < 64; sq++) {
            KNIGHT[sq] = leaper(sq, new int[][]{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
            KING[sq] = leaper(sq, new int[][]{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
            PAWN[sq] = leaper(sq, new int[][]{{-1, 1}, {1, 1}});
            PAWN[64 + sq] = leaper(sq, new int[][]{{-1, -1}, {1, -1}});
            ROOK_EMPTY[sq] = slide(sq, 0L, ROOK_DIRS);
            BISHOP_EMPTY[sq] = slide(sq, 0L, BISHOP_DIRS);
            int[][] dirs = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}};
            for (int d = 0; d < 8; d++) {
                RAY[64 * d + sq] = slide(sq, 0L, new int[][]{dirs[d]});
            }
        }
        // Along each ray out of a: the squares between a and b are the ray's up to b, b excluded;
        // the line is the ray and its opposite with a. (Walking the rays, not every pair of squares:
        // this runs at every start, before any compiler has seen it.)
        for (int a = 0; a < 64; a++) {
            for (int d = 0; d < 8; d++) {
                long ray = RAY[64 * d + a];
                long line = ray | RAY[64 * (d ^ 4) + a] | (1L << a);
                for (long rest = ray; rest != 0; rest &= rest - 1) {
                    int b = Long.numberOfTrailingZeros(rest);
                    BETWEEN[64 * a + b] = ray & ~RAY[64 * d + b] & ~(1L << b);
                    LINE[64 * a + b] = line;
                }
            }
        }
        int base = fill(ROOK_DIRS, 0, ROOK_MASK, ROOK_MAGIC, ROOK_SHIFT, ROOK_BASE, 0);
        fill(BISHOP_DIRS, 2, BISHOP_MASK, BISHOP_MAGIC, BISHOP_SHIFT, BISHOP_BASE, base);
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

    /** Reference ray walk, used to build the small tables and by the tests. */
    static long slide(int sq, long occupied, int[][] dirs) {
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

    /** Sets masks, shifts and bases of one slider and fills its part of the table; returns the next free index. */
    private static int fill(int[][] dirs, int firstRay, long[] masks, long[] magics, int[] shifts, int[] bases, int start) {
        int base = start;
        for (int sq = 0; sq < 64; sq++) {
            long edges = ((RANK_1 | RANK_8) & ~rankOf(sq)) | ((FILE_A | FILE_H) & ~fileOf(sq));
            long mask = slide(sq, 0L, dirs) & ~edges;
            int shift = 64 - Long.bitCount(mask);
            long magic = magics[sq];
            masks[sq] = mask;
            shifts[sq] = shift;
            bases[sq] = base;
            long b = 0;
            do {
                b = fillSome(sq, b, mask, magic, shift, base, firstRay);
            } while (b != 0);
            base += 1 << (64 - shift);
        }
        return base;
    }

    /**
     * Fills the entries of up to 16 subsets of {@code mask}, from {@code b} on in the carry-rippler's
     * order; returns the next subset, 0 when all are done. In pieces: this runs at every start, the
     * loop of one square would stay in the interpreter (a method called twice is never compiled),
     * while this one is called thousands of times and compiled after the first few hundred.
     */
    private static long fillSome(int sq, long b, long mask, long magic, int shift, int base, int firstRay) {
        long next = b;
        for (int i = 0; i < 16; i++) {
            TABLE[base + (int) ((next * magic) >>> shift)] = rays(sq, next, firstRay);
            next = (next - mask) & mask;
            if (next == 0) {
                return 0;
            }
        }
        return next;
    }

    /** The attacks along two pairs of opposite rays ({@code first}, {@code first + 1} up; {@code first + 4}, {@code first + 5} down). */
    private static long rays(int sq, long occupied, int first) {
        long attacks = 0;
        for (int d = first; d < first + 2; d++) {
            long up = RAY[64 * d + sq];
            long blockers = up & occupied;
            attacks |= blockers == 0 ? up : up ^ RAY[64 * d + Long.numberOfTrailingZeros(blockers)];
            long down = RAY[64 * (d + 4) + sq];
            blockers = down & occupied;
            attacks |= blockers == 0 ? down : down ^ RAY[64 * (d + 4) + 63 - Long.numberOfLeadingZeros(blockers)];
        }
        return attacks;
    }

    /**
     * The magic search the constants came from (Stockfish's, with its seeds): for the tests, which
     * check that it still finds exactly {@link #ROOK_MAGIC} and {@link #BISHOP_MAGIC}.
     */
    static long[] searchMagics(boolean rook) {
        int[][] dirs = rook ? ROOK_DIRS : BISHOP_DIRS;
        long[] seeds = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
        long[] magics = new long[64];
        long[] occupancy = new long[4096];
        long[] reference = new long[4096];
        long[] table = new long[4096];
        int[] epoch = new int[4096];
        int attempt = 0;
        for (int sq = 0; sq < 64; sq++) {
            long edges = ((RANK_1 | RANK_8) & ~rankOf(sq)) | ((FILE_A | FILE_H) & ~fileOf(sq));
            long mask = slide(sq, 0L, dirs) & ~edges;
            int shift = 64 - Long.bitCount(mask);
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
                    int idx = (int) ((occupancy[i] * magic) >>> shift);
                    if (epoch[idx] < attempt) {
                        epoch[idx] = attempt;
                        table[idx] = reference[i];
                    } else if (table[idx] != reference[i]) {
                        break;
                    }
                }
            }
        }
        return magics;
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

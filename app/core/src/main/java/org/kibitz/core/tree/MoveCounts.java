package org.kibitz.core.tree;

import java.util.Arrays;

/**
 * The counts of one batch, per (position hash, packed move), in one flat array (an open-addressing
 * table): a batch of a few hundred thousand pairs without an object per pair. A slot's key and its
 * counts lie side by side, {@value #SLOT} longs, so that adding a game's move touches one or two cache
 * lines, not one in each of four arrays (the tree import's busiest thread spent a quarter of its time
 * here when they were apart). Not thread-safe.
 */
final class MoveCounts {

    static final int GAMES = 0;
    static final int WHITE_WINS = 1;
    static final int DRAWS = 2;
    static final int BLACK_WINS = 3;
    static final int RATING_SUM = 4;
    static final int RATING_COUNT = 5;
    static final int FIRST_YEAR = 6;
    static final int LAST_YEAR = 7;
    static final int STRIDE = 8;

    /**
     * Longs per slot: the position hash, the move shifted left by one with bit 0 set (0: a free slot),
     * the counts, and the position's number in {@link #positions}.
     */
    private static final int SLOT = 2 + STRIDE + 1;

    private long[] table;
    private int size;
    private int mask;

    /** Numbers the positions of the pairs as they first come; null when nobody asks. */
    private final PositionIndex positions;

    MoveCounts(int capacityPow2) {
        this(capacityPow2, null);
    }

    MoveCounts(int capacityPow2, PositionIndex positions) {
        this.positions = positions;
        allocate(capacityPow2);
    }

    private void allocate(int capacity) {
        table = new long[capacity * SLOT];
        mask = capacity - 1;
        size = 0;
    }

    int size() {
        return size;
    }

    /**
     * Adds one game's play of {@code move} from {@code hash}; the position's number in the
     * {@link PositionIndex} given at construction (0 without one).
     */
    int add(long hash, int move, int result, int rating, int year) {
        int base = slot(hash, move) * SLOT + 2;
        long[] t = table; // after slot(), which may have grown it
        t[base + GAMES]++;
        if (result >= 0) {
            t[base + result]++;
        }
        if (rating > 0) {
            t[base + RATING_SUM] += rating;
            t[base + RATING_COUNT]++;
        }
        if (year > 0) {
            long first = t[base + FIRST_YEAR];
            if (first == 0 || year < first) {
                t[base + FIRST_YEAR] = year;
            }
            if (year > t[base + LAST_YEAR]) {
                t[base + LAST_YEAR] = year;
            }
        }
        return (int) t[base + STRIDE];
    }

    private static long tag(int move) {
        return (long) move << 1 | 1;
    }

    private int slot(long hash, int move) {
        if ((size + 1) * 4L > (mask + 1) * 3L) {
            grow();
        }
        long[] t = table;
        long tag = tag(move);
        int i = mix(hash, move) & mask;
        for (long k; (k = t[i * SLOT + 1]) != 0; i = (i + 1) & mask) {
            if (k == tag && t[i * SLOT] == hash) {
                return i;
            }
        }
        t[i * SLOT] = hash;
        t[i * SLOT + 1] = tag;
        if (positions != null) {
            t[i * SLOT + 2 + STRIDE] = positions.number(hash);
        }
        size++;
        return i;
    }

    private static int mix(long hash, int move) {
        long h = hash * 0x9E3779B97F4A7C15L + move;
        return (int) (h ^ (h >>> 32));
    }

    private void grow() {
        long[] old = table;
        allocate((mask + 1) * 2);
        long[] t = table;
        for (int s = 0; s < old.length; s += SLOT) {
            long tag = old[s + 1];
            if (tag != 0) {
                int j = mix(old[s], (int) (tag >> 1)) & mask;
                while (t[j * SLOT + 1] != 0) {
                    j = (j + 1) & mask;
                }
                System.arraycopy(old, s, t, j * SLOT, SLOT);
                size++;
            }
        }
    }

    /**
     * The pairs in key order (hash as SQLite orders integers, then move), as slot numbers for
     * {@link #hash}, {@link #move} and {@link #count}: sorted by a radix sort of the hashes, then by
     * move among equal hashes (the moves played from one position: a handful).
     */
    int[] sorted() {
        long[] t = table;
        long[] keys = new long[size];
        long[] slots = new long[size];
        int n = 0;
        for (int i = 0, s = 0; s < t.length; i++, s += SLOT) {
            if (t[s + 1] != 0) {
                keys[n] = t[s];
                slots[n++] = i;
            }
        }
        PairSort.sort(keys, slots, n);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = (int) slots[i];
        }
        for (int start = 0; start < n; ) {
            int end = start + 1;
            while (end < n && keys[end] == keys[start]) {
                end++;
            }
            // Insertion sort of one position's moves.
            for (int i = start + 1; i < end; i++) {
                int slot = order[i];
                long tag = t[slot * SLOT + 1];
                int j = i - 1;
                while (j >= start && t[order[j] * SLOT + 1] > tag) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = slot;
            }
            start = end;
        }
        return order;
    }

    /** The position hash of a slot from {@link #sorted()}. */
    long hash(int slot) {
        return table[slot * SLOT];
    }

    /** The packed move of a slot from {@link #sorted()}. */
    int move(int slot) {
        return (int) (table[slot * SLOT + 1] >> 1);
    }

    /** A count of a slot from {@link #sorted()}: {@code column} is {@link #GAMES} to {@link #LAST_YEAR}. */
    long count(int slot, int column) {
        return table[slot * SLOT + 2 + column];
    }

    void clear() {
        Arrays.fill(table, 0);
        size = 0;
    }
}

package org.kibitz.engine.search;

/**
 * The transposition table: what earlier searches learnt about positions, by hash key. Two parallel
 * {@code long} arrays (keys and packed data) in buckets of two entries; a store replaces the entry of
 * the same position, else the shallower or older one. Deterministic: its size is fixed by the Hash
 * option, and nothing in it depends on timing.
 *
 * <p>Data layout: move (16 bits) | score (16, signed) | static eval (16, signed) | depth (8) |
 * bound (2) | generation (6).
 */
public final class TranspositionTable {

    public static final int BOUND_NONE = 0;
    public static final int BOUND_UPPER = 1;
    public static final int BOUND_LOWER = 2;
    public static final int BOUND_EXACT = 3;

    private static final int ENTRY_BYTES = 16;

    private long[] keys;
    private long[] data;
    private int mask;
    private int generation;

    public TranspositionTable(int megabytes) {
        resize(megabytes);
    }

    /** Sets the size (rounded down to a power of two entries) and clears the table. */
    public void resize(int megabytes) {
        long bytes = Math.max(1, megabytes) * (1L << 20);
        long entries = Long.highestOneBit(Math.max(2, bytes / ENTRY_BYTES));
        entries = Math.min(entries, 1L << 30);
        // The old table goes first: both at once could need twice the heap.
        keys = null;
        data = null;
        keys = new long[(int) entries];
        data = new long[(int) entries];
        mask = (int) entries - 1;
        generation = 0;
    }

    public void clear() {
        java.util.Arrays.fill(keys, 0);
        java.util.Arrays.fill(data, 0);
        generation = 0;
    }

    /** Starts a new search: entries of earlier searches become the first to be replaced. */
    public void newSearch() {
        generation = (generation + 1) & 63;
    }

    /** The packed data of the position, or 0 when the table does not know it. */
    public long probe(long key) {
        int i = (int) key & mask & ~1;
        if (keys[i] == key && data[i] != 0) {
            return data[i];
        }
        if (keys[i + 1] == key && data[i + 1] != 0) {
            return data[i + 1];
        }
        return 0;
    }

    public void store(long key, int move, int score, int eval, int depth, int bound) {
        int i = (int) key & mask & ~1;
        int slot;
        if (keys[i] == key || data[i] == 0) {
            slot = i;
        } else if (keys[i + 1] == key || data[i + 1] == 0) {
            slot = i + 1;
        } else {
            slot = worth(data[i]) <= worth(data[i + 1]) ? i : i + 1;
        }
        long old = data[slot];
        if (keys[slot] == key && old != 0) {
            // Keep a deeper exact result of this search unless the new one is exact too.
            if (bound != BOUND_EXACT && depth + 2 < depth(old) && generation(old) == generation) {
                return;
            }
            if (move == 0) {
                move = move(old);
            }
        }
        keys[slot] = key;
        data[slot] = pack(move, score, eval, depth, bound, generation);
    }

    /** How much an entry deserves to stay: depth, minus a lot for each search it is old. */
    private int worth(long d) {
        int age = (generation - generation(d)) & 63;
        return depth(d) - 8 * age;
    }

    /** Entries of the current search per thousand, from a sample, as UCI's {@code hashfull}. */
    public int hashfull() {
        int n = Math.min(1000, data.length);
        int used = 0;
        for (int i = 0; i < n; i++) {
            if (data[i] != 0 && generation(data[i]) == generation) {
                used++;
            }
        }
        return used * 1000 / n;
    }

    static long pack(int move, int score, int eval, int depth, int bound, int generation) {
        return (move & 0xFFFFL) | (score & 0xFFFFL) << 16 | (eval & 0xFFFFL) << 32 | (long) (depth & 0xFF) << 48
                | (long) (bound & 3) << 56 | (long) (generation & 63) << 58;
    }

    public static int move(long d) {
        return (int) (d & 0xFFFF);
    }

    public static int score(long d) {
        return (short) (d >>> 16);
    }

    public static int eval(long d) {
        return (short) (d >>> 32);
    }

    public static int depth(long d) {
        return (int) (d >>> 48) & 0xFF;
    }

    public static int bound(long d) {
        return (int) (d >>> 56) & 3;
    }

    static int generation(long d) {
        return (int) (d >>> 58) & 63;
    }
}

package org.kibitz.core.tree;

import java.util.Arrays;

/**
 * The counts of one batch, per (position hash, packed move), in flat arrays (an open-addressing table):
 * a batch of a few hundred thousand pairs without an object per pair. Not thread-safe.
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

    private long[] hashes;
    private int[] moves;
    private boolean[] used;
    private long[] stats;
    private int size;
    private int mask;

    MoveCounts(int capacityPow2) {
        allocate(capacityPow2);
    }

    private void allocate(int capacity) {
        hashes = new long[capacity];
        moves = new int[capacity];
        used = new boolean[capacity];
        stats = new long[capacity * STRIDE];
        mask = capacity - 1;
        size = 0;
    }

    int size() {
        return size;
    }

    /** Adds one game's play of {@code move} from {@code hash}. */
    void add(long hash, int move, int result, int rating, int year) {
        int slot = slot(hash, move);
        int base = slot * STRIDE;
        stats[base + GAMES]++;
        if (result >= 0) {
            stats[base + result]++;
        }
        if (rating > 0) {
            stats[base + RATING_SUM] += rating;
            stats[base + RATING_COUNT]++;
        }
        if (year > 0) {
            long first = stats[base + FIRST_YEAR];
            if (first == 0 || year < first) {
                stats[base + FIRST_YEAR] = year;
            }
            if (year > stats[base + LAST_YEAR]) {
                stats[base + LAST_YEAR] = year;
            }
        }
    }

    private int slot(long hash, int move) {
        if ((size + 1) * 4L > (mask + 1) * 3L) {
            grow();
        }
        int i = mix(hash, move) & mask;
        while (used[i]) {
            if (hashes[i] == hash && moves[i] == move) {
                return i;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        hashes[i] = hash;
        moves[i] = move;
        size++;
        return i;
    }

    private static int mix(long hash, int move) {
        long h = hash * 0x9E3779B97F4A7C15L + move;
        return (int) (h ^ (h >>> 32));
    }

    private void grow() {
        long[] oh = hashes;
        int[] om = moves;
        boolean[] ou = used;
        long[] os = stats;
        allocate((mask + 1) * 2);
        for (int i = 0; i < ou.length; i++) {
            if (ou[i]) {
                int j = mix(oh[i], om[i]) & mask;
                while (used[j]) {
                    j = (j + 1) & mask;
                }
                used[j] = true;
                hashes[j] = oh[i];
                moves[j] = om[i];
                System.arraycopy(os, i * STRIDE, stats, j * STRIDE, STRIDE);
                size++;
            }
        }
    }

    /** Hears the pairs in key order (hash as SQLite orders integers, then move). */
    interface Visitor {
        void visit(long hash, int move, long[] stats, int base) throws java.sql.SQLException;
    }

    void forEachSorted(Visitor v) throws java.sql.SQLException {
        int[] order = new int[size];
        int n = 0;
        for (int i = 0; i < used.length; i++) {
            if (used[i]) {
                order[n++] = i;
            }
        }
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) {
            boxed[i] = order[i];
        }
        Arrays.sort(boxed, (a, b) -> hashes[a] != hashes[b] ? Long.compare(hashes[a], hashes[b])
                : Integer.compare(moves[a], moves[b]));
        for (Integer i : boxed) {
            v.visit(hashes[i], moves[i], stats, i * STRIDE);
        }
    }

    void clear() {
        Arrays.fill(used, false);
        Arrays.fill(stats, 0);
        size = 0;
    }
}

package org.kibitz.core.tree;

import java.util.Arrays;

/**
 * The positions of one import batch numbered densely as they first come (an open-addressing table
 * from position hash to number), so that the batch's references can be grouped by position with
 * one counting pass instead of a radix sort of every (position, game) pair (decision 0038): the
 * counting table ({@link MoveCounts}) keeps each pair's position number, so numbering costs one
 * lookup per new (position, move) pair, not one per reference. Not thread-safe.
 */
final class PositionIndex {

    private long[] keys;
    private int[] numbers; // number + 1; 0 marks a free slot
    private int mask;
    private long[] byNumber = new long[1 << 12];
    private int size;

    PositionIndex(int capacityPow2) {
        keys = new long[capacityPow2];
        numbers = new int[capacityPow2];
        mask = capacityPow2 - 1;
    }

    int size() {
        return size;
    }

    /** The number of {@code hash} in this batch, given it now if it has none. */
    int number(long hash) {
        if ((size + 1) * 2L > mask + 1L) {
            grow();
        }
        long h = hash * 0x9E3779B97F4A7C15L;
        int i = (int) (h ^ h >>> 32) & mask;
        for (int n; (n = numbers[i]) != 0; i = (i + 1) & mask) {
            if (keys[i] == hash) {
                return n - 1;
            }
        }
        keys[i] = hash;
        numbers[i] = size + 1;
        if (size == byNumber.length) {
            byNumber = Arrays.copyOf(byNumber, size * 2);
        }
        byNumber[size] = hash;
        return size++;
    }

    /** The hash numbered {@code number}. */
    long hash(int number) {
        return byNumber[number];
    }

    private void grow() {
        int capacity = (mask + 1) * 2;
        keys = new long[capacity];
        numbers = new int[capacity];
        mask = capacity - 1;
        for (int n = 0; n < size; n++) {
            long h = byNumber[n] * 0x9E3779B97F4A7C15L;
            int i = (int) (h ^ h >>> 32) & mask;
            while (numbers[i] != 0) {
                i = (i + 1) & mask;
            }
            keys[i] = byNumber[n];
            numbers[i] = n + 1;
        }
    }

    /**
     * Writes the references ({@code numbers[i]}, {@code games[i]}) for {@code i < n} into {@code outHashes}
     * and {@code outGames} in position order (hash as SQLite orders integers), keeping their order within a
     * position: what a stable sort of the (hash, game) pairs by hash gives, by a sort of the distinct
     * positions and one counting pass over the references.
     */
    void group(int[] refNumbers, long[] games, int n, long[] outHashes, long[] outGames) {
        int p = size;
        long[] sortedHashes = Arrays.copyOf(byNumber, p);
        long[] sortedNumbers = new long[p];
        for (int i = 0; i < p; i++) {
            sortedNumbers[i] = i;
        }
        PairSort.sort(sortedHashes, sortedNumbers, p);
        int[] rank = new int[p];
        for (int r = 0; r < p; r++) {
            rank[(int) sortedNumbers[r]] = r;
        }
        int[] start = new int[p + 1];
        for (int i = 0; i < n; i++) {
            start[rank[refNumbers[i]] + 1]++;
        }
        for (int r = 0; r < p; r++) {
            start[r + 1] += start[r];
        }
        for (int i = 0; i < n; i++) {
            int number = refNumbers[i];
            int at = start[rank[number]]++;
            outHashes[at] = byNumber[number];
            outGames[at] = games[i];
        }
    }

    void clear() {
        Arrays.fill(numbers, 0);
        size = 0;
    }
}

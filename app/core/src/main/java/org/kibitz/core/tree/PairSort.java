package org.kibitz.core.tree;

/**
 * Sorts pairs held in two parallel {@code long} arrays by the first array, as SQLite orders integer
 * keys (signed), keeping the order of pairs with equal keys (an LSD radix sort, 8 bits a pass). The
 * importer's references arrive in game order with position hashes all over the key space; written in
 * key order they walk the B-tree once instead of touching a random page per row.
 */
final class PairSort {

    private PairSort() {
    }

    /** Sorts {@code keys[0..n)} and moves {@code values} along; stable. */
    static void sort(long[] keys, long[] values, int n) {
        if (n < 2) {
            return;
        }
        // A batch's references are a million or more: 16-bit digits halve the passes over them
        // (the counts, 256 KB, stay in the cache); small inputs keep 8-bit digits.
        int bits = n >= 1 << 16 ? 16 : 8;
        int radix = 1 << bits;
        long digit = radix - 1;
        long[] k2 = new long[n];
        long[] v2 = new long[n];
        int[] count = new int[radix + 1];
        long[] srcK = keys;
        long[] srcV = values;
        long[] dstK = k2;
        long[] dstV = v2;
        for (int shift = 0; shift < 64; shift += bits) {
            java.util.Arrays.fill(count, 0);
            // The top digit with its sign bit flipped, so negative keys come first (signed order).
            long flip = shift == 64 - bits ? radix >>> 1 : 0;
            for (int i = 0; i < n; i++) {
                count[(int) (((srcK[i] >>> shift) & digit) ^ flip) + 1]++;
            }
            if (count[(int) (((srcK[0] >>> shift) & digit) ^ flip) + 1] == n) {
                continue; // every key has the same digit here: nothing moves
            }
            for (int b = 0; b < radix; b++) {
                count[b + 1] += count[b];
            }
            for (int i = 0; i < n; i++) {
                int at = count[(int) (((srcK[i] >>> shift) & digit) ^ flip)]++;
                dstK[at] = srcK[i];
                dstV[at] = srcV[i];
            }
            long[] t = srcK;
            srcK = dstK;
            dstK = t;
            t = srcV;
            srcV = dstV;
            dstV = t;
        }
        if (srcK != keys) {
            System.arraycopy(srcK, 0, keys, 0, n);
            System.arraycopy(srcV, 0, values, 0, n);
        }
    }
}

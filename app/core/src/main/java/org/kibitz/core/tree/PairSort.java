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
        long[] k2 = new long[n];
        long[] v2 = new long[n];
        int[] count = new int[257];
        long[] srcK = keys;
        long[] srcV = values;
        long[] dstK = k2;
        long[] dstV = v2;
        for (int shift = 0; shift < 64; shift += 8) {
            java.util.Arrays.fill(count, 0);
            // The top byte with its sign bit flipped, so negative keys come first (signed order).
            long flip = shift == 56 ? 0x80L : 0;
            for (int i = 0; i < n; i++) {
                count[(int) (((srcK[i] >>> shift) & 0xFF) ^ flip) + 1]++;
            }
            if (count[(int) (((srcK[0] >>> shift) & 0xFF) ^ flip) + 1] == n) {
                continue; // every key has the same byte here: nothing moves
            }
            for (int b = 0; b < 256; b++) {
                count[b + 1] += count[b];
            }
            for (int i = 0; i < n; i++) {
                int at = count[(int) (((srcK[i] >>> shift) & 0xFF) ^ flip)]++;
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

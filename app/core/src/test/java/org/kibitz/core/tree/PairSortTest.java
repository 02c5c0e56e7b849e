package org.kibitz.core.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PairSortTest {

    @Test
    void sortsBySignedKeyAndKeepsTheOrderOfEqualKeys() {
        Random random = new Random(7);
        for (int n : new int[]{0, 1, 2, 17, 1000, 65_535, 100_000}) {
            long[] keys = new long[n];
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                // Few distinct keys, both signs, so equal keys are common and the sign byte matters.
                keys[i] = switch (random.nextInt(4)) {
                    case 0 -> Long.MIN_VALUE + random.nextInt(3);
                    case 1 -> Long.MAX_VALUE - random.nextInt(3);
                    case 2 -> random.nextInt(50) - 25;
                    default -> random.nextLong();
                };
                values[i] = i;
            }
            long[][] pairs = new long[n][];
            for (int i = 0; i < n; i++) {
                pairs[i] = new long[]{keys[i], values[i]};
            }
            Arrays.sort(pairs, Comparator.<long[]>comparingLong(p -> p[0]).thenComparingLong(p -> p[1]));
            PairSort.sort(keys, values, n);
            assertArrayEquals(Arrays.stream(pairs).mapToLong(p -> p[0]).toArray(), keys, "keys, n = " + n);
            assertArrayEquals(Arrays.stream(pairs).mapToLong(p -> p[1]).toArray(), values, "values, n = " + n);
        }
    }

    @Test
    void sortsOnlyThePrefixItIsGiven() {
        long[] keys = {5, 3, 1, 0, -1};
        long[] values = {50, 30, 10, 0, -10};
        PairSort.sort(keys, values, 3);
        assertArrayEquals(new long[]{1, 3, 5, 0, -1}, keys);
        assertArrayEquals(new long[]{10, 30, 50, 0, -10}, values);
    }
}

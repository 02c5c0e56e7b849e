package org.kibitz.core.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Grouping a batch's references through the position numbers gives exactly what the stable radix
 * sort of every (hash, game) pair gave: the references are keyed by it, and a resumed import must
 * find its runs as before.
 */
class PositionIndexTest {

    @Test
    void groupingEqualsTheStableSortOfEveryPair() {
        SplittableRandom random = new SplittableRandom(5);
        for (int positions : new int[]{1, 3, 1_000, 70_000}) {
            long[] pool = new long[positions];
            for (int i = 0; i < positions; i++) {
                // Signed hashes both sides of zero, and a few next to each other.
                pool[i] = i % 7 == 0 ? Long.MIN_VALUE + i : i % 11 == 0 ? -i : random.nextLong();
            }
            int n = 300_000;
            long[] hashes = new long[n];
            long[] games = new long[n];
            int[] numbers = new int[n];
            PositionIndex index = new PositionIndex(16); // grows many times
            for (int i = 0; i < n; i++) {
                hashes[i] = pool[random.nextInt(positions)];
                games[i] = i / 40; // game order, as the ids are handed out
                numbers[i] = index.number(hashes[i]);
                assertEquals(hashes[i], index.hash(numbers[i]));
            }
            long[] outHashes = new long[n];
            long[] outGames = new long[n];
            index.group(numbers, games, n, outHashes, outGames);
            long[] wantHashes = hashes.clone();
            long[] wantGames = games.clone();
            PairSort.sort(wantHashes, wantGames, n);
            assertArrayEquals(wantHashes, outHashes, positions + " positions");
            assertArrayEquals(wantGames, outGames, positions + " positions");
            index.clear();
            assertEquals(0, index.size());
            assertEquals(0, index.number(pool[0]));
        }
    }

    @Test
    void theCountingTableKeepsEachPairsPositionNumber() {
        PositionIndex index = new PositionIndex(4);
        MoveCounts counts = new MoveCounts(4, index);
        int a = counts.add(42L, 1, 0, 0, 0);
        int b = counts.add(-7L, 1, 0, 0, 0);
        int c = counts.add(42L, 2, 0, 0, 0); // same position, another move
        for (int i = 0; i < 100; i++) {
            counts.add(1000L + i, 3, 0, 0, 0); // the table grows
        }
        assertEquals(a, c);
        assertEquals(a, counts.add(42L, 1, 0, 0, 0));
        assertEquals(b, counts.add(-7L, 1, 0, 0, 0));
        assertEquals(42L, index.hash(a));
        assertEquals(-7L, index.hash(b));
        assertEquals(102, index.size());
        assertEquals(List.of(42L, -7L), Arrays.stream(new int[]{a, b}).mapToObj(index::hash).toList());
    }
}

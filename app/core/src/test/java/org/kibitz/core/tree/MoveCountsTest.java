package org.kibitz.core.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The batch table against a plain sorted map of the same adds, through growth and clearing. */
class MoveCountsTest {

    private record Key(long hash, int move) {
    }

    private static final Comparator<Key> SQLITE_ORDER = Comparator.comparingLong(Key::hash).thenComparingInt(Key::move);

    @Test
    void countsAndOrderEqualASortedMapOfTheSameAdds() {
        Random random = new Random(3);
        MoveCounts counts = new MoveCounts(4); // grows many times
        for (int round = 0; round < 3; round++) {
            Map<Key, long[]> expected = new TreeMap<>(SQLITE_ORDER);
            int adds = round == 1 ? 0 : 50_000;
            for (int i = 0; i < adds; i++) {
                // Few hashes of both signs with several moves each (negative moves too), as positions have.
                long hash = switch (random.nextInt(3)) {
                    case 0 -> random.nextInt(2000) - 1000;
                    case 1 -> Long.MIN_VALUE + random.nextInt(100);
                    default -> random.nextLong() >>> 40 << 40;
                };
                int move = random.nextInt(9) - 3;
                int result = random.nextInt(4) - 1;
                int rating = random.nextInt(3) == 0 ? 0 : 1500 + random.nextInt(1000);
                int year = random.nextInt(4) == 0 ? 0 : 1850 + random.nextInt(170);
                counts.add(hash, move, result, rating, year);
                long[] e = expected.computeIfAbsent(new Key(hash, move), k -> new long[MoveCounts.STRIDE]);
                e[MoveCounts.GAMES]++;
                if (result >= 0) {
                    e[result]++;
                }
                if (rating > 0) {
                    e[MoveCounts.RATING_SUM] += rating;
                    e[MoveCounts.RATING_COUNT]++;
                }
                if (year > 0) {
                    if (e[MoveCounts.FIRST_YEAR] == 0 || year < e[MoveCounts.FIRST_YEAR]) {
                        e[MoveCounts.FIRST_YEAR] = year;
                    }
                    e[MoveCounts.LAST_YEAR] = Math.max(e[MoveCounts.LAST_YEAR], year);
                }
            }
            assertEquals(expected.size(), counts.size());
            List<Key> keys = new ArrayList<>();
            List<long[]> stats = new ArrayList<>();
            for (int slot : counts.sorted()) {
                keys.add(new Key(counts.hash(slot), counts.move(slot)));
                long[] st = new long[MoveCounts.STRIDE];
                for (int c = 0; c < MoveCounts.STRIDE; c++) {
                    st[c] = counts.count(slot, c);
                }
                stats.add(st);
            }
            assertEquals(new ArrayList<>(expected.keySet()), keys, "SQLite's key order: signed hash, then move");
            int i = 0;
            for (long[] e : expected.values()) {
                assertArrayEquals(e, stats.get(i++));
            }
            counts.clear();
            assertEquals(0, counts.size());
        }
    }
}

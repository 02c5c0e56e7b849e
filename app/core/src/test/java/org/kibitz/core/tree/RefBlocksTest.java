package org.kibitz.core.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The references' blocks (decision 0037) give back, for any position, exactly the games written for
 * it, whatever the runs, the block boundaries, the signs of the hashes or the repeated pairs.
 */
class RefBlocksTest {

    @TempDir
    Path dir;

    @Test
    void everyPositionFindsItsGamesAcrossRunsAndBlocks() throws Exception {
        Random rnd = new Random(42);
        // Hashes at both ends of the signed range and in between; some positions with more games
        // than a block holds, so that they span blocks.
        long[] positions = new long[400];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = switch (i) {
                case 0 -> Long.MIN_VALUE;
                case 1 -> Long.MAX_VALUE;
                case 2 -> 0;
                case 3 -> -1;
                default -> rnd.nextLong();
            };
        }
        TreeMap<Long, TreeSet<Long>> expected = new TreeMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("blocks.sqlite"));
             Statement st = c.createStatement()) {
            RefBlocks.create(st);
            long game = 1;
            for (long run = 1; run <= 3; run++) {
                List<long[]> pairs = new ArrayList<>();
                for (int g = 0; g < 300; g++, game++) {
                    for (int k = 0; k < 20; k++) {
                        // Positions 0-3 in every game: each spans several blocks of every run.
                        long h = k < 4 ? positions[k] : positions[rnd.nextInt(positions.length)];
                        pairs.add(new long[]{h, game});
                        if (k == 5) {
                            pairs.add(new long[]{h, game}); // a game reaching a position twice
                        }
                        expected.computeIfAbsent(h, x -> new TreeSet<>()).add(game);
                    }
                }
                pairs.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
                long[] hs = pairs.stream().mapToLong(p -> p[0]).toArray();
                long[] gs = pairs.stream().mapToLong(p -> p[1]).toArray();
                long written = RefBlocks.write(c, run, hs, gs, hs.length);
                assertEquals(pairs.stream().map(p -> p[0] + ":" + p[1]).distinct().count(), written, "each pair once");
            }
            try (PreparedStatement ps = c.prepareStatement(RefBlocks.BLOCKS_OF_POSITION)) {
                for (long h : positions) {
                    long[] want = expected.getOrDefault(h, new TreeSet<>()).stream().mapToLong(Long::longValue).toArray();
                    assertArrayEquals(want, RefBlocks.gamesOf(c, ps, h), "games of " + h);
                }
                assertEquals(0, RefBlocks.gamesOf(c, ps, 12345L).length, "a position no game reached");
            }
            long[][] all = RefBlocks.pairsOf(c, List.of(1L, 2L, 3L));
            int n = 0;
            for (var e : expected.entrySet()) {
                for (long g : e.getValue()) {
                    assertEquals(e.getKey(), all[0][n]);
                    assertEquals(g, all[1][n]);
                    n++;
                }
            }
            assertEquals(n, all[0].length);
        }
    }
}

package org.kibitz.xiangqi.board;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tables built at start-up by shortcuts, against the plain searches they replace. */
class GeometryTest {

    private static final int N = Geometry.SQUARES;

    @Test
    void horsesAttackingAPointAreTheHorseStepsTurnedRound() {
        List<Integer> entries = new ArrayList<>();
        int[] starts = new int[N + 1];
        for (int target = 0; target < N; target++) {
            starts[target] = entries.size();
            for (int from = 0; from < N; from++) {
                for (int i = Geometry.HORSE_START[from]; i < Geometry.HORSE_START[from + 1]; i++) {
                    if ((Geometry.HORSE_TO[i] & 0xff) == target) {
                        entries.add(from | (Geometry.HORSE_TO[i] >>> 8) << 8);
                    }
                }
            }
        }
        starts[N] = entries.size();
        assertArrayEquals(starts, Geometry.HORSE_ATTACK_START);
        assertArrayEquals(entries.stream().mapToInt(Integer::intValue).toArray(), Geometry.HORSE_ATTACK);
    }

    @Test
    void pawnsAttackingAPointOfEachSideAreTheEnemyPawnStepsTurnedRound() {
        List<Integer> entries = new ArrayList<>();
        int[] starts = new int[2 * (N + 1)];
        for (int side = 0; side < 2; side++) {
            int base = (side ^ 1) * (N + 1);
            for (int target = 0; target < N; target++) {
                starts[side * (N + 1) + target] = entries.size();
                for (int from = 0; from < N; from++) {
                    for (int i = Geometry.PAWN_START[base + from]; i < Geometry.PAWN_START[base + from + 1]; i++) {
                        if (Geometry.PAWN_TO[i] == target) {
                            entries.add(from);
                        }
                    }
                }
            }
            starts[side * (N + 1) + N] = entries.size();
        }
        assertArrayEquals(starts, Geometry.PAWN_ATTACK_START);
        assertArrayEquals(entries.stream().mapToInt(Integer::intValue).toArray(), Geometry.PAWN_ATTACK);
    }

    @Test
    void lineTablesGiveTheNearestOccupiedPointEachWay() {
        for (int length = 9; length <= 10; length++) {
            byte[] high = length == 9 ? Geometry.RANK_HIGH : Geometry.FILE_HIGH;
            byte[] low = length == 9 ? Geometry.RANK_LOW : Geometry.FILE_LOW;
            for (int pos = 0; pos < length; pos++) {
                for (int occ = 0; occ < 1 << length; occ++) {
                    assertEquals(walk(pos, occ, 1, length), high[pos << length | occ], "high " + pos + " " + occ);
                    assertEquals(walk(pos, occ, -1, length), low[pos << length | occ], "low " + pos + " " + occ);
                }
            }
        }
    }

    private static int walk(int pos, int occ, int step, int length) {
        for (int p = pos + step; p >= 0 && p < length; p += step) {
            if ((occ >>> p & 1) != 0) {
                return p;
            }
        }
        return step > 0 ? length : -1;
    }
}

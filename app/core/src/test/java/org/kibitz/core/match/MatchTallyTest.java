package org.kibitz.core.match;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Counts as games finish in any order: W/L/D from each engine's view, and game pairs into pentanomial bins. */
class MatchTallyTest {

    @Test
    void pairsCountOnceBothGamesAreInWhateverTheOrder() {
        MatchTally t = new MatchTally(List.of("A", "B"));
        t.add(0, 1, 0, "1-0");        // pair 0: A wins with White...
        t.add(1, 0, 1, "1/2-1/2");    // pair 1's first game arrives before pair 0's second
        assertArrayEquals(new long[5], t.encounter(0, 1).pentanomial(), "no pair is complete yet");
        t.add(1, 0, 0, "1/2-1/2");    // ...and draws with Black: 1.5 of 2
        t.add(0, 1, 1, "0-1");        // pair 1: a draw and a loss for A: 0.5 of 2
        assertArrayEquals(new long[] {0, 1, 0, 1, 0}, t.encounter(0, 1).pentanomial());
        assertArrayEquals(new long[] {0, 1, 0, 1, 0}, t.encounter(1, 0).pentanomial(), "B's view mirrors A's");
        MatchTally.Encounter a = t.encounter(0, 1);
        assertEquals(List.of(1L, 1L, 2L), List.of(a.wins(), a.losses(), a.draws()));
        MatchTally.Encounter b = t.encounter(1, 0);
        assertEquals(List.of(1L, 1L, 2L), List.of(b.wins(), b.losses(), b.draws()));
        assertEquals(2.0, t.points(0));
        assertEquals("Score of A vs B: 1 - 1 - 2  [0.500] 4", t.lines(0, 1, Optional.empty()).get(0));
        assertEquals("Ptnml(0-2): [0, 1, 0, 1, 0]", t.lines(0, 1, Optional.empty()).get(2));
    }

    @Test
    void unfinishedGamesAreNotCountedAndEncountersStayApart() {
        MatchTally t = new MatchTally(List.of("A", "B", "C"));
        t.add(0, 1, 0, "*");
        t.add(2, 0, 1, "1-0");
        t.add(1, 2, 2, "0-1");
        assertEquals(0, t.encounter(0, 1).games());
        assertEquals(1, t.encounter(2, 0).wins());
        assertEquals(2, t.games(2));
        assertEquals(2.0, t.points(2));
        String table = t.standings();
        assertEquals("C", table.lines().skip(1).findFirst().orElseThrow().trim().split("\\s+")[1], table);
    }
}

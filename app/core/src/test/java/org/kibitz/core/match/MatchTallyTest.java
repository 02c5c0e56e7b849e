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

    /** A beats B and C 2-0 each; B and C score 1-1. No one scored against A. */
    private static MatchTally sweep() {
        MatchTally t = new MatchTally(List.of("A", "B", "C"));
        int pair = 0;
        t.add(0, 1, pair++, "1-0");
        t.add(1, 0, pair++, "0-1");
        t.add(0, 2, pair++, "1-0");
        t.add(2, 0, pair++, "0-1");
        t.add(1, 2, pair++, "1-0");
        t.add(2, 1, pair++, "1-0");
        return t;
    }

    @Test
    void theStandingsNameTheirPriorAndASweepWithoutOneIsNotRated() {
        java.util.Locale was = java.util.Locale.getDefault();
        java.util.Locale.setDefault(java.util.Locale.ROOT);
        try {
            String withPrior = sweep().standings(1);
            List<String> lines = withPrior.lines().toList();
            assertEquals("A", lines.get(1).trim().split("\\s+")[1], withPrior);
            double eloA = Double.parseDouble(lines.get(1).trim().split("\\s+")[2]);
            org.junit.jupiter.api.Assertions.assertTrue(eloA > 0 && Double.isFinite(eloA), withPrior);
            org.junit.jupiter.api.Assertions.assertTrue(lines.get(4).startsWith("Ratings: maximum likelihood with 1 virtual draw added"),
                    withPrior);
            // Two virtual draws pull harder towards 0.
            double eloA2 = Double.parseDouble(sweep().standings(2).lines().toList().get(1).trim().split("\\s+")[2]);
            org.junit.jupiter.api.Assertions.assertTrue(eloA2 < eloA, eloA2 + " vs " + eloA);

            String plain = sweep().standings(0);
            List<String> p = plain.lines().toList();
            assertEquals(List.of("1", "A", "nan", "nan", "4", "100.0%"), List.of(p.get(1).trim().split("\\s+")), plain);
            org.junit.jupiter.api.Assertions.assertTrue(p.get(4).startsWith("No ratings: "), plain);
        } finally {
            java.util.Locale.setDefault(was);
        }
    }

    @Test
    void aRoundRobinHasItsCrossTableAndEveryPairing() {
        MatchTally t = sweep();
        List<String> cross = t.crossTable().lines().toList();
        assertEquals(List.of("1", "2", "3", "Points"), List.of(cross.get(0).trim().split("\\s+")).subList(1, 5));
        assertEquals(List.of("1", "A", "-", "2/2", "2/2", "4"), List.of(cross.get(1).trim().split("\\s+")));
        assertEquals(List.of("2", "B", "0/2", "-", "1/2", "1"), List.of(cross.get(2).trim().split("\\s+")));
        assertEquals(List.of("3", "C", "0/2", "1/2", "-", "1"), List.of(cross.get(3).trim().split("\\s+")));
        String table = t.standings();
        org.junit.jupiter.api.Assertions.assertTrue(table.contains("Score of A vs B: 2 - 0 - 0  [1.000] 2, DrawRatio: 0.0 %"), table);
        org.junit.jupiter.api.Assertions.assertTrue(table.contains("Score of B vs C: 1 - 1 - 0  [0.500] 2, DrawRatio: 0.0 %"), table);
    }
}

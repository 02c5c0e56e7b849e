package org.kibitz.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.TestGames;

/** The latest line of each MultiPV rank, as the CLI's run and the workbench's slots keep it. */
class LatestLinesTest {

    private static final Position START = TestGames.CHESS.startPosition();
    private static final Position AFTER_E4 = START.play(Move.parseCoordinates("e2e4", 1));

    private static AnalysisUpdate line(Position p, int rank, int depth, String... pv) {
        return new AnalysisUpdate(p, rank, OptionalInt.of(depth), OptionalInt.empty(), Optional.of(Score.centipawns(depth)),
                Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), Optional.empty(), OptionalInt.empty(),
                OptionalLong.empty(), Optional.empty(), OptionalInt.empty(),
                java.util.Arrays.stream(pv).map(m -> Move.parseCoordinates(m, 1)).toList());
    }

    @Test
    void keepsTheLatestLineOfEachRankBestFirst() {
        LatestLines l = new LatestLines(8);
        l.reset(START, 3);
        assertTrue(l.offer(line(START, 2, 5, "d2d4")));
        assertTrue(l.offer(line(START, 1, 5, "e2e4")));
        assertTrue(l.offer(line(START, 1, 6, "g1f3")));
        assertEquals(List.of(6, 5), l.lines().stream().map(u -> u.depth().getAsInt()).toList());
        assertEquals("g1f3", l.best().orElseThrow().pv().get(0).coordinates(1));
        assertEquals(1, l.lines(1).size());
        assertTrue(l.offer(line(START, 3, 4, "c2c4")));
        assertEquals(List.of(1, 2, 3), l.lines().stream().map(AnalysisUpdate::multipv).toList());
    }

    @Test
    void aRankNotReportedIsLeftOut() {
        LatestLines l = new LatestLines(4);
        l.reset(START, 3);
        l.offer(line(START, 1, 5, "e2e4"));
        l.offer(line(START, 3, 5, "c2c4"));
        assertEquals(List.of(1, 3), l.lines().stream().map(AnalysisUpdate::multipv).toList());
    }

    @Test
    void refusesOtherPositionsLinesWithoutPvAndRanksNotAskedFor() {
        LatestLines l = new LatestLines(4);
        assertFalse(l.offer(line(START, 1, 5, "e2e4")), "nothing is kept before a reset");
        l.reset(START, 2);
        assertFalse(l.offer(line(AFTER_E4, 1, 9, "e7e5")), "a late line of another search");
        assertFalse(l.offer(line(START, 1, 9)), "a progress line without PV");
        assertFalse(l.offer(line(START, 3, 9, "c2c4")), "rank 3 when two are asked for");
        assertFalse(l.offer(line(START, 0, 9, "c2c4")));
        assertTrue(l.lines().isEmpty());
        assertTrue(l.isAbout(TestGames.CHESS.startPosition()), "equal positions are the same position");
        assertFalse(l.isAbout(AFTER_E4));
    }

    @Test
    void aResetForgetsAndMovesOn() {
        LatestLines l = new LatestLines(4);
        l.reset(START, 2);
        l.offer(line(START, 1, 5, "e2e4"));
        l.reset(AFTER_E4, 9);
        assertTrue(l.lines().isEmpty());
        assertEquals(AFTER_E4, l.root().orElseThrow());
        assertTrue(l.offer(line(AFTER_E4, 4, 5, "e7e5")), "ranks are capped by the capacity, 4 here");
        assertFalse(l.offer(line(AFTER_E4, 5, 5, "e7e5")));
        l.clear();
        assertTrue(l.root().isEmpty());
        assertFalse(l.offer(line(AFTER_E4, 1, 5, "e7e5")));
    }
}

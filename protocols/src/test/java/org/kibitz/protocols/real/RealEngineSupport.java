package org.kibitz.protocols.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.testing.Recorder;

/** Checks shared by the real-engine tests. */
final class RealEngineSupport {

    private RealEngineSupport() {
    }

    /** Every reported PV is legal move by move from the searched position, and the best move is legal. */
    static void assertLegal(Position root, BestMove best, List<AnalysisUpdate> updates) {
        assertTrue(best.move().isPresent(), "a best move");
        assertTrue(root.isLegal(best.move().get()), "best move " + best + " legal in " + root.fen());
        best.ponder().ifPresent(p -> assertTrue(root.play(best.move().get()).isLegal(p), "ponder move legal"));
        for (AnalysisUpdate u : updates) {
            assertEquals(root, u.position());
            Position p = u.position();
            for (Move m : u.pv()) {
                assertTrue(p.isLegal(m), m + " legal in " + p.fen());
                p = p.play(m);
            }
        }
    }

    /** Infinite analysis for a while, then stop: the best move comes within the stop timeout. */
    static BestMove analyseAndStop(EngineSession s, Position root, Recorder rec, long millis) throws Exception {
        int before = rec.of(AnalysisUpdate.class).size();
        var search = s.go(SearchLimits.infiniteAnalysis());
        Thread.sleep(millis);
        assertFalse(search.isDone(), "an infinite search runs until stopped");
        long t0 = System.nanoTime();
        BestMove best = s.stop().get(s.info().timeouts().stop().toMillis() + 500, TimeUnit.MILLISECONDS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < s.info().timeouts().stop().toMillis(), "stopped in " + ms + " ms");
        assertEquals(SessionState.IDLE, s.state());
        List<AnalysisUpdate> mine = new ArrayList<>(rec.of(AnalysisUpdate.class).subList(before, rec.of(AnalysisUpdate.class).size()));
        assertFalse(mine.stream().noneMatch(u -> !u.pv().isEmpty()), "some lines were reported");
        assertLegal(root, best, mine);
        return best;
    }

    /** The highest MultiPV rank among the updates with a PV. */
    static int lines(List<AnalysisUpdate> updates) {
        return updates.stream().filter(u -> !u.pv().isEmpty()).mapToInt(AnalysisUpdate::multipv).max().orElse(0);
    }

    static Duration since(long nanos) {
        return Duration.ofNanos(System.nanoTime() - nanos);
    }
}

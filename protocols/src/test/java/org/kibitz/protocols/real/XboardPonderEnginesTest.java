package org.kibitz.protocols.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineEvent.Direction;
import org.kibitz.api.engine.EngineEvent.EngineLine;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.testing.RealEngines;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.TestGames;
import org.kibitz.protocols.xboard.XboardProtocol;
import org.junit.jupiter.api.Test;

/** Pondering emulated over CECP with real engines: Fairy-Max and Fairy-Stockfish's xboard mode. */
class XboardPonderEnginesTest {

    private static final GamePlugin CHESS = TestGames.chess();
    private static final Position START = CHESS.startPosition();

    @Test
    void fairyMax() throws Exception {
        ponderHitThenPonderAndStop(EngineConfig.of("Fairy-Max", List.of(RealEngines.require("fairymax"))));
    }

    @Test
    void fairyStockfishXboard() throws Exception {
        ponderHitThenPonderAndStop(EngineConfig.of("Fairy-Stockfish", List.of(RealEngines.require("fairy-stockfish"))));
    }

    private static void ponderHitThenPonderAndStop(EngineConfig config) throws Exception {
        try (EngineSession s = new XboardProtocol().open(config, TestGames.games())) {
            Recorder rec = new Recorder();
            s.addListener(rec);

            // A one-second clock: the engine moves while still pondering, and the move waits for the hit.
            List<Move> predicted = TestGames.moves(CHESS, START, "e2e4", "e7e5");
            Position root = after(predicted);
            SearchLimits.Clock short_ = new SearchLimits.Clock(Duration.ofSeconds(1), Duration.ofSeconds(1),
                    Duration.ZERO, Duration.ZERO, 0);
            CompletableFuture<BestMove> f = s.search(START, predicted, SearchLimits.clock(short_).withPonder(true));
            awaitEngineMove(rec, Duration.ofSeconds(20));
            Thread.sleep(100); // were the move reported, it would be by now
            assertFalse(f.isDone(), "the engine has moved, but no best move comes while pondering");
            assertEquals(SessionState.PONDERING, s.state());
            s.ponderHit();
            BestMove held = f.get(2, TimeUnit.SECONDS);
            assertTrue(root.isLegal(held.move().orElseThrow()), held + " legal in " + root.fen());
            assertEquals(SessionState.IDLE, s.state());

            // The engine's board holds its move: a search that adds a reply to it must be right.
            List<Move> next = new ArrayList<>(predicted);
            next.add(held.move().get());
            Position afterHeld = root.play(held.move().get());
            next.add(afterHeld.legalMoves().get(0));
            BestMove b = s.search(START, next, SearchLimits.moveTime(Duration.ofMillis(300))).get(10, TimeUnit.SECONDS);
            assertTrue(after(next).isLegal(b.move().orElseThrow()), b + " legal after " + next);

            // A long clock, then stop: the engine is made to move now.
            List<Move> other = TestGames.moves(CHESS, START, "e2e4", "c7c5");
            SearchLimits.Clock long_ = new SearchLimits.Clock(Duration.ofMinutes(5), Duration.ofMinutes(5),
                    Duration.ZERO, Duration.ZERO, 0);
            CompletableFuture<BestMove> g = s.search(START, other, SearchLimits.clock(long_).withPonder(true));
            Thread.sleep(500);
            assertFalse(g.isDone());
            assertEquals(SessionState.PONDERING, s.state());
            long t0 = System.nanoTime();
            BestMove stopped = s.stop().get(s.info().timeouts().stop().toMillis() + 500, TimeUnit.MILLISECONDS);
            assertTrue(RealEngineSupport.since(t0).compareTo(s.info().timeouts().stop()) < 0, "stopped in " + RealEngineSupport.since(t0));
            assertTrue(g.isDone());
            assertTrue(after(other).isLegal(stopped.move().orElseThrow()), stopped + " legal after 1. e4 c5");
            assertEquals(SessionState.IDLE, s.state());

            // The opponent played something else: the board (with the engine's move on it) is set anew.
            List<Move> miss = TestGames.moves(CHESS, START, "e2e4", "e7e6");
            BestMove m = s.search(START, miss, SearchLimits.moveTime(Duration.ofMillis(300))).get(10, TimeUnit.SECONDS);
            assertTrue(after(miss).isLegal(m.move().orElseThrow()), m + " legal after 1. e4 e6");
        }
    }

    /** Waits until the engine has written a move, however busy the machine. */
    private static void awaitEngineMove(Recorder rec, Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < end) {
            if (rec.of(EngineLine.class).stream()
                    .anyMatch(l -> l.direction() == Direction.FROM_ENGINE && l.text().strip().startsWith("move "))) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the engine did not move within " + limit + " on a one-second clock");
    }

    private static Position after(List<Move> line) {
        Position p = START;
        for (Move m : line) {
            p = p.play(m);
        }
        return p;
    }
}

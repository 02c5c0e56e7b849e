package org.kibitz.protocols.xboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineEvent.StateChanged;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.Scripted;
import org.kibitz.protocols.testing.ScriptedChannel;
import org.kibitz.protocols.testing.TestGames;
import org.junit.jupiter.api.Test;

/**
 * Pondering emulated over CECP: a go on the position after the predicted move, whose move is held
 * until the ponder hit or stop, and the engine's board kept in step afterwards.
 */
class XboardPonderTest {

    private static final GamePlugin CHESS = TestGames.chess();
    private static final Position START = CHESS.startPosition();
    private static final SearchLimits.Clock CLOCK = new SearchLimits.Clock(Duration.ofSeconds(60), Duration.ofSeconds(55),
            Duration.ofSeconds(1), Duration.ofSeconds(1), 20);
    private static final SearchLimits PONDER = SearchLimits.clock(CLOCK).withPonder(true);

    /** A Fairy-Stockfish-like engine set up with 1. e4 e5 (the predicted e5 included), White to move. */
    private static ScriptedChannel afterE4E5() {
        return new ScriptedChannel()
                .expect("xboard")
                .expect("protover 2", "feature setboard=1 usermove=1 time=1 ping=1 myname=\"Fairy-Stockfish\" done=1")
                .expect("accepted setboard").expect("accepted usermove").expect("accepted time").expect("accepted ping")
                .expect("accepted myname").expect("accepted done")
                .expect("easy").expect("post").expect("ping 1", "pong 1")
                .expect("new").expect("force").expect("ping 2", "pong 2")
                .expect("usermove e2e4").expect("usermove e7e5").expect("ping 3", "pong 3");
    }

    /** The clock as a normal search sends it, White to move. */
    private static ScriptedChannel clockAndGo(ScriptedChannel ch, String... replies) {
        return ch.expect("level 20 1:00 1").expect("time 6000").expect("otim 5500").expect("go", replies);
    }

    private static List<Move> line(String... moves) {
        return TestGames.moves(CHESS, START, moves);
    }

    private static String coords(CompletableFuture<BestMove> f) throws Exception {
        return f.get(3, TimeUnit.SECONDS).move().orElseThrow().coordinates(1);
    }

    private static List<SessionState> states(Recorder rec) {
        return rec.of(StateChanged.class).stream().map(StateChanged::to).toList();
    }

    @Test
    void aMovePlayedWhilePonderingIsHeldUntilThePonderHit() throws Exception {
        ScriptedChannel ch = clockAndGo(afterE4E5(), "5 20 10 1000 g1f3 b8c6", "move g1f3").expect("force");
        XboardSession s = Scripted.xboard(ch);
        Recorder rec = new Recorder();
        s.addListener(rec);
        CompletableFuture<BestMove> f = s.search(START, line("e2e4", "e7e5"), PONDER);
        ch.drain();
        assertEquals(SessionState.PONDERING, s.state());
        assertFalse(f.isDone(), "no best move while pondering, though the engine has moved");
        assertEquals(1, rec.of(AnalysisUpdate.class).size(), "its thinking was reported as usual");
        ch.assertUsedUp();

        s.ponderHit();
        BestMove best = f.get(3, TimeUnit.SECONDS);
        assertEquals("g1f3", best.move().orElseThrow().coordinates(1));
        assertEquals("b8c6", best.ponder().orElseThrow().coordinates(1));
        assertEquals(SessionState.IDLE, s.state());
        assertEquals(List.of(SessionState.PONDERING, SessionState.SEARCHING, SessionState.IDLE), states(rec),
                "the states a UCI ponder hit goes through");
        assertEquals("state.notPondering", assertThrows(EngineException.class, s::ponderHit).text().key());

        // The engine's board holds its own move: the next search only adds the reply.
        clockAndGo(ch.expect("usermove b8c6").expect("ping 4", "pong 4"), "move f1b5").expect("force");
        assertEquals("f1b5", coords(s.search(START, line("e2e4", "e7e5", "g1f3", "b8c6"), SearchLimits.clock(CLOCK))));
        ch.assertUsedUp();
        ch.expectThenExit("quit", 0);
        s.close();
        ch.assertUsedUp();
    }

    @Test
    void aPonderHitBeforeTheMoveLetsTheEngineGoOn() throws Exception {
        ScriptedChannel ch = clockAndGo(afterE4E5(), "5 20 10 1000 g1f3 b8c6");
        XboardSession s = Scripted.xboard(ch);
        CompletableFuture<BestMove> f = s.search(START, line("e2e4", "e7e5"), PONDER);
        ch.drain();
        s.ponderHit();
        assertEquals(SessionState.SEARCHING, s.state());
        assertFalse(f.isDone());
        ch.assertUsedUp(); // nothing sent: the engine's clock has run since the go

        ch.expect("force");
        ch.emit("6 25 20 2000 g1f3 b8c6", "move g1f3");
        assertEquals("g1f3", coords(f));
        assertEquals(SessionState.IDLE, s.state());
        ch.assertUsedUp();
        s.abort();
    }

    @Test
    void aMoveTimeTheSessionKeepsCountsFromTheGoButWaitsForThePonderHit() throws Exception {
        ScriptedChannel ch = afterE4E5().expect("st 1").expect("go", "3 20 5 300 g1f3 b8c6");
        XboardSession s = Scripted.xboard(ch);
        CompletableFuture<BestMove> f = s.search(START, line("e2e4", "e7e5"),
                SearchLimits.moveTime(Duration.ofMillis(200)).withPonder(true));
        Thread.sleep(400);
        assertFalse(f.isDone());
        assertEquals(SessionState.PONDERING, s.state());
        ch.assertUsedUp(); // no ? while pondering, though the 200 ms are over

        ch.expect("?", "move g1f3").expect("force");
        long t0 = System.nanoTime();
        s.ponderHit();
        assertEquals("g1f3", coords(f));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < 1500, "the spent move time stops the search at once, not after " + ms + " ms");
        ch.assertUsedUp();
        s.abort();
    }

    @Test
    void aNodeCountReachedWhilePonderingStopsTheSearchAtThePonderHitOnly() throws Exception {
        ScriptedChannel ch = afterE4E5().expect("st 3600").expect("go", "3 20 5 5000 g1f3 b8c6");
        XboardSession s = Scripted.xboard(ch);
        CompletableFuture<BestMove> f = s.search(START, line("e2e4", "e7e5"), SearchLimits.nodes(1000).withPonder(true));
        ch.drain();
        ch.assertUsedUp(); // 5000 nodes are past the limit, but no ? while pondering
        ch.expect("?", "move g1f3").expect("force");
        s.ponderHit();
        assertEquals("g1f3", coords(f));
        ch.assertUsedUp();

        // A ponder hit before this search reported anything: the last search's 5000 nodes do not count.
        ch.expect("usermove b8c6").expect("ping 4", "pong 4").expect("st 3600").expect("go");
        CompletableFuture<BestMove> g = s.search(START, line("e2e4", "e7e5", "g1f3", "b8c6"),
                SearchLimits.nodes(1000).withPonder(true));
        s.ponderHit();
        ch.assertUsedUp();
        assertFalse(g.isDone());
        ch.expect("?", "move f1b5").expect("force");
        ch.emit("1 10 0 2000 f1b5");
        assertEquals("f1b5", coords(g), "its own report past the limit stops it");
        ch.assertUsedUp();
        s.abort();
    }

    @Test
    void stopWhileAMoveIsHeldAnswersWithItAndAMissResetsTheBoard() throws Exception {
        ScriptedChannel ch = clockAndGo(afterE4E5(), "5 20 10 1000 g1f3 b8c6", "move g1f3").expect("force");
        XboardSession s = Scripted.xboard(ch);
        Recorder rec = new Recorder();
        s.addListener(rec);
        CompletableFuture<BestMove> f = s.search(START, line("e2e4", "e7e5"), PONDER);
        ch.drain();
        assertFalse(f.isDone());
        ch.assertUsedUp();

        assertEquals("g1f3", coords(s.stop()), "the held move; nothing is sent to an engine that has moved");
        assertTrue(f.isDone());
        assertEquals(List.of(SessionState.PONDERING, SessionState.STOPPING, SessionState.IDLE), states(rec));
        ch.assertUsedUp();

        // The opponent played c5, not the predicted e5: the engine's board (e4 e5 Nf3) is set anew.
        clockAndGo(ch.expect("new").expect("force").expect("usermove e2e4").expect("usermove c7c5")
                .expect("ping 4", "pong 4"), "move g1f3").expect("force");
        assertEquals("g1f3", coords(s.search(START, line("e2e4", "c7c5"), SearchLimits.clock(CLOCK))));
        ch.assertUsedUp();
        s.abort();
    }

    @Test
    void stopWhilePonderingWithoutAMoveMovesNow() throws Exception {
        ScriptedChannel ch = clockAndGo(afterE4E5(), "5 20 10 1000 g1f3 b8c6");
        XboardSession s = Scripted.xboard(ch);
        CompletableFuture<BestMove> f = s.search(START, line("e2e4", "e7e5"), PONDER);
        ch.drain();
        ch.assertUsedUp();

        ch.expect("?", "move g1f3").expect("force");
        assertEquals("g1f3", coords(s.stop()));
        assertTrue(f.isDone());
        assertEquals(SessionState.IDLE, s.state());
        ch.assertUsedUp();

        // The same ponder search ended on the engine's move: the next position only adds the reply.
        clockAndGo(ch.expect("usermove b8c6").expect("ping 4", "pong 4"), "move f1b5").expect("force");
        assertEquals("f1b5", coords(s.search(START, line("e2e4", "e7e5", "g1f3", "b8c6"), SearchLimits.clock(CLOCK))));
        ch.assertUsedUp();
        s.abort();
    }
}

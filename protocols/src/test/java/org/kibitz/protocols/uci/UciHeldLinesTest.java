package org.kibitz.protocols.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.ScriptedChannel;
import org.kibitz.protocols.testing.TestGames;
import org.junit.jupiter.api.Test;

/**
 * A flood's info lines that come in one read: only the last of each MultiPV rank and depth is read
 * and reported, in the order the lines came; every line still reaches the log; lines that come one
 * by one, and lines of other kinds, are each handled as before (decision 0041).
 */
class UciHeldLinesTest {

    private static final String D5_1A = "info depth 5 seldepth 7 multipv 1 score cp 20 nodes 1000 time 1 pv e2e4 e7e5";
    private static final String D5_1B = "info depth 5 seldepth 8 multipv 1 score cp 25 nodes 2000 time 2 pv d2d4 d7d5";
    private static final String D5_2 = "info depth 5 seldepth 8 multipv 2 score cp 10 nodes 2100 time 2 pv e2e4 c7c5";
    private static final String D6_1A = "info depth 6 seldepth 9 multipv 1 score cp 30 upperbound nodes 3000 time 3 pv d2d4 g8f6";
    private static final String D6_1B = "info depth 6 seldepth 9 multipv 1 score cp 28 nodes 4000 time 4 pv g1f3 d7d5";
    private static final String CURRMOVE = "info depth 6 currmove c2c4 currmovenumber 3";
    private static final String STRING = "info string hello from the engine";

    private record Session(UciSession session, ScriptedChannel channel, Recorder recorder, CompletableFuture<BestMove> search) {
    }

    private static Session searching() throws Exception {
        ScriptedChannel ch = UciScriptTest.stockfishHandshake()
                .expect("ucinewgame")
                .expect("isready", "readyok")
                .expect("position startpos")
                .expect("setoption name MultiPV value 2")
                .expect("go depth 6");
        UciSession s = UciScriptTest.open(ch, UciSession.Dialect.UCI);
        Recorder rec = new Recorder();
        s.addListener(rec);
        s.newGame("chess");
        Position start = TestGames.chess().startPosition();
        s.setPosition(start, List.of());
        CompletableFuture<BestMove> search = s.go(SearchLimits.depth(6).withMultiPv(2));
        ch.drain();
        return new Session(s, ch, rec, search);
    }

    private static List<String> reported(Recorder rec) {
        return rec.of(AnalysisUpdate.class).stream()
                .map(u -> u.depth().getAsInt() + "/" + u.multipv() + "/" + u.nodes().orElse(-1)).toList();
    }

    @Test
    void ofTheLinesOfOneReadTheLastOfEachRankAndDepthIsReported() throws Exception {
        Session t = searching();
        t.channel().emitTogether(D5_1A, D5_1B, D5_2, D6_1A, D6_1B);
        t.channel().drain();
        // 5/1 A is replaced by B (same rank, same depth); a depth-6 line of rank 1 hands on what was
        // held first (the last depth-5 lines, in their order); of depth 6 the exact line replaces the bound.
        assertEquals(List.of("5/1/2000", "5/2/2100", "6/1/4000"), reported(t.recorder()));
        assertEquals(List.of(D5_1A, D5_1B, D5_2, D6_1A, D6_1B), fromEngine(t.recorder()), "the log has every line");
        t.session().close();
    }

    @Test
    void anExactScoreIsNotReplacedByALaterBoundOfTheSameDepth() throws Exception {
        Session t = searching();
        t.channel().emitTogether(D6_1B, D6_1A);
        t.channel().drain();
        assertEquals(List.of("6/1/4000", "6/1/3000"), reported(t.recorder()));
        t.session().close();
    }

    @Test
    void linesOfOtherKindsKeepTheirPlace() throws Exception {
        Session t = searching();
        t.channel().emitTogether(D5_1A, STRING, D5_1B, CURRMOVE, D6_1B, "bestmove g1f3 ponder d7d5");
        BestMove best = t.search().get(5, TimeUnit.SECONDS);
        assertEquals("g1f3", best.move().orElseThrow().coordinates(1));
        List<String> order = t.recorder().all().stream()
                .filter(e -> !(e instanceof EngineEvent.EngineLine) && !(e instanceof EngineEvent.StateChanged))
                .map(e -> e instanceof AnalysisUpdate u ? "update " + u.depth().getAsInt() + "/" + u.nodes().orElse(-1)
                        : e.getClass().getSimpleName())
                .toList();
        assertEquals(List.of("update 5/1000", "EngineMessage", "update 5/2000", "update 6/-1", "update 6/4000", "BestMove"),
                order.stream().filter(s -> s.startsWith("update") || s.equals("EngineMessage") || s.equals("BestMove")).toList());
        t.session().close();
    }

    @Test
    void linesThatComeOneByOneAreEachReported() throws Exception {
        Session t = searching();
        t.channel().emit(D5_1A, D5_1B, D5_2, D6_1A, D6_1B);
        t.channel().drain();
        assertEquals(List.of("5/1/1000", "5/1/2000", "5/2/2100", "6/1/3000", "6/1/4000"), reported(t.recorder()));
        t.session().close();
    }

    private static List<String> fromEngine(Recorder rec) {
        return rec.of(EngineEvent.EngineLine.class).stream()
                .filter(l -> l.direction() == EngineEvent.Direction.FROM_ENGINE && l.text().startsWith("info depth"))
                .map(EngineEvent.EngineLine::text).toList();
    }

    @Test
    void holdKeysReadRankDepthAndBound() {
        long k = InfoParser.holdKey(D6_1A);
        assertEquals(1, InfoParser.heldRank(k));
        assertEquals(6, InfoParser.heldDepth(k));
        assertEquals(true, InfoParser.heldBound(k));
        long k2 = InfoParser.holdKey(D5_2);
        assertEquals(2, InfoParser.heldRank(k2));
        assertEquals(false, InfoParser.heldBound(k2));
        assertEquals(1, InfoParser.heldRank(InfoParser.holdKey("info depth 3 score cp 5 pv e2e4")), "no multipv: rank 1");
        assertEquals(-1, InfoParser.holdKey(CURRMOVE), "no PV");
        assertEquals(-1, InfoParser.holdKey(STRING));
        assertEquals(-1, InfoParser.holdKey("info score cp 5 pv e2e4"), "no depth");
        assertEquals(-1, InfoParser.holdKey("info depth 4 string look: pv e2e4"));
        assertEquals(-1, InfoParser.holdKey("info depth 4x multipv 1 pv e2e4"));
        assertEquals(-1, InfoParser.holdKey("info depth 4 multipv 501 pv e2e4"));
    }
}

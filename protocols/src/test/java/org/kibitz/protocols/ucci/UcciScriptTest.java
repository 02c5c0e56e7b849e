package org.kibitz.protocols.ucci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.ScriptedChannel;
import org.kibitz.protocols.testing.TestGames;
import org.kibitz.protocols.testing.Scripted;
import org.kibitz.protocols.uci.UciSession;
import org.junit.jupiter.api.Test;

/** UCCI as ElephantEye speaks it: options without {@code name}, milliseconds on request, FEN from the last capture. */
class UcciScriptTest {

    static ScriptedChannel elephantEye() {
        return new ScriptedChannel()
                .expect("ucci",
                        "id name ElephantEye 3.3",
                        "id copyright 2004-2016 www.xqbase.com",
                        "id author (C) 2004-2016 www.xqbase.com",
                        "id user ElephantEye Test Team",
                        "option usemillisec type check default true",
                        "option promotion type check default false",
                        "option batch type check default false",
                        "option hashsize type spin min 16 max 1024 default 16",
                        "option idle type combo var none var small var medium var large default none",
                        "option bookfiles type string default BOOK.DAT",
                        "option newgame type button",
                        "option drawmoves type label",
                        "ucciok")
                .expect("setoption usemillisec true");
    }

    @Test
    void searchFromTheLastCaptureWithMillisecondsAndMates() throws Exception {
        GamePlugin xq = TestGames.xiangqi();
        Position start = xq.startPosition();
        List<Move> line = TestGames.moves(xq, start, "h2e2", "h9g7", "e2e6", "g6g5", "h0g2");
        Position afterCapture = start.play(line.get(0)).play(line.get(1)).play(line.get(2));
        assertTrue(start.play(line.get(0)).play(line.get(1)).isCapture(line.get(2)), "e2e6 takes a soldier");
        ScriptedChannel ch = elephantEye()
                .expect("setoption newgame")
                .expect("isready", "readyok")
                .expect("position fen " + afterCapture.fen() + " moves g6g5 h0g2")
                .expect("go time 60000 increment 1000 opptime 50000 oppincrement 1000",
                        "info time 12 nodes 4000",
                        "info depth 5 score 35 pv g7e6 c3c4",
                        "info message 开局库命中",
                        "info depth 6 score 9995 pv g7e6",
                        "bestmove g7e6 ponder c3c4 draw");
        UciSession s = Scripted.uci(ch, UciSession.Dialect.UCCI);
        assertEquals("ElephantEye 3.3", s.info().name());
        assertEquals(Set.of("xiangqi"), s.info().games());
        assertTrue(s.info().conventions().useMillisec().orElseThrow());
        assertEquals(Set.of("usemillisec", "promotion", "batch", "hashsize", "idle", "bookfiles", "newgame"),
                Set.copyOf(s.info().options().stream().map(EngineOption::name).toList()), "a label is no option");
        Recorder rec = new Recorder();
        s.addListener(rec);
        s.setPosition(start, line);
        SearchLimits.Clock clock = new SearchLimits.Clock(Duration.ofSeconds(50), Duration.ofSeconds(60),
                Duration.ofSeconds(1), Duration.ofSeconds(1), 0);
        BestMove best = s.go(SearchLimits.clock(clock)).get(5, TimeUnit.SECONDS);
        assertEquals("g7e6", best.move().orElseThrow().coordinates(0));
        assertTrue(best.draw());
        List<AnalysisUpdate> u = rec.of(AnalysisUpdate.class);
        assertEquals(3, u.size());
        assertEquals(4000, u.get(0).nodes().getAsLong(), "UCCI's separate time/nodes line");
        assertEquals(Duration.ofMillis(12), u.get(0).time().orElseThrow());
        assertEquals(Optional.of(Score.centipawns(35)), u.get(1).score());
        assertEquals(Optional.of(Score.mate(3)), u.get(2).score(), "ElephantEye's 10000 - 5 plies is mate in 3");
        assertEquals(List.of("开局库命中"), rec.of(EngineEvent.EngineMessage.class).stream().map(EngineEvent.EngineMessage::text).toList());
        ch.assertUsedUp();

        // Options without "name"/"value"; move time is kept by the session with stop.
        ch.expect("setoption hashsize 64")
                .expect("setoption idle large")
                .expect("position fen " + afterCapture.fen() + " moves g6g5 h0g2")
                .expect("go infinite", "info depth 1 score 20 pv g7e6")
                .expect("stop", "nobestmove");
        s.setOption("hashsize", "64");
        s.setOption("idle", "LARGE");
        s.setPosition(start, line);
        long t0 = System.nanoTime();
        BestMove none = s.go(SearchLimits.moveTime(Duration.ofMillis(150))).get(3, TimeUnit.SECONDS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 140, "stopped after " + ms + " ms");
        assertEquals(Optional.empty(), none.move(), "nobestmove");
        ch.assertUsedUp();

        // searchmoves become banmoves: every other legal move is banned.
        Position now = afterCapture.play(line.get(3)).play(line.get(4));
        Move only = Move.parseCoordinates("g7e6", 0);
        StringBuilder ban = new StringBuilder("banmoves");
        for (Move m : now.legalMoves()) {
            if (!m.equals(only)) {
                ban.append(' ').append(m.coordinates(0));
            }
        }
        ch.expect(ban.toString())
                .expect("go depth 3", "bestmove (none)")
                .expect("quit", "bye");
        assertEquals(BestMove.none(), s.go(SearchLimits.depth(3).withSearchMoves(List.of(only))).get(3, TimeUnit.SECONDS));
        long c0 = System.nanoTime();
        s.close(); // it says bye but stays: the quit timeout ends it
        assertTrue((System.nanoTime() - c0) / 1_000_000 < 1500);
        ch.assertUsedUp();
    }

    @Test
    void aPonderSearchsMoveTimeStartsAtThePonderHit() throws Exception {
        GamePlugin xq = TestGames.xiangqi();
        Position start = xq.startPosition();
        List<Move> line = TestGames.moves(xq, start, "h2e2", "h9g7");
        ScriptedChannel ch = elephantEye()
                .expect("setoption newgame")
                .expect("isready", "readyok")
                .expect("position startpos moves h2e2 h9g7")
                .expect("go ponder infinite", "info depth 3 score 20 pv h0g2")
                .expect("ponderhit", "info depth 4 score 22 pv h0g2")
                .expect("stop", "bestmove h0g2");
        UciSession s = Scripted.uci(ch, UciSession.Dialect.UCCI);
        s.setPosition(start, line);
        var f = s.go(SearchLimits.moveTime(Duration.ofMillis(150)).withPonder(true));
        Thread.sleep(400);
        assertTrue(!f.isDone(), "no stop while pondering, however long the move time has run");
        long t0 = System.nanoTime();
        s.ponderHit();
        BestMove best = f.get(3, TimeUnit.SECONDS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 140, "the move time counted from the ponder hit: stopped after " + ms + " ms");
        assertEquals("h0g2", best.move().orElseThrow().coordinates(0));
        ch.assertUsedUp();
    }
}

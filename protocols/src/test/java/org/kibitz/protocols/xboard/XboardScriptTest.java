package org.kibitz.protocols.xboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.Scripted;
import org.kibitz.protocols.testing.ScriptedChannel;
import org.kibitz.protocols.testing.TestGames;
import org.junit.jupiter.api.Test;

/** CECP against scripted engines modelled on MaxQi, Fairy-Stockfish's xboard mode and GNU Chess 6. */
class XboardScriptTest {

    @Test
    void maxQiEditOnlyNoAnalyzeAndOldMoves() throws Exception {
        GamePlugin xq = TestGames.xiangqi();
        Position start = xq.startPosition();
        ScriptedChannel ch = new ScriptedChannel()
                .banner("tellics say     MaxQi 4.8 (G)", "tellics say     by H.G. Muller")
                .expect("xboard")
                .expect("protover 2",
                        "feature myname=\"MaxQi 4.8G\"",
                        "feature memory=1",
                        "feature smp=1",
                        "feature setboard=0 ping=1 done=0",
                        "feature variants=\"xiangqi\" done=1")
                .expect("accepted myname").expect("accepted memory").expect("accepted smp")
                .expect("accepted setboard").expect("accepted ping").expect("accepted done")
                .expect("accepted variants").expect("accepted done")
                .expect("easy").expect("post")
                .expect("ping 1", "pong 1")
                .expect("new").expect("variant xiangqi").expect("force")
                .expect("ping 2", "pong 2")
                .expect("h2e2")
                .expect("ping 3", "pong 3")
                .expect("st 3600").expect("sd 4")
                .expect("go", "# root hit 0 0 0",
                        "-1    440        0          1 h9h0",
                        " 1     33        0         73 h9g7",
                        " 4     16        1      24539 h9g7 b0c2",
                        "move h9g7")
                .expect("force");
        XboardSession s = Scripted.xboard(ch);
        assertEquals("MaxQi 4.8G", s.info().name());
        assertEquals(Set.of("xiangqi"), s.info().games());
        assertEquals(0, s.info().conventions().rankBase().getAsInt());
        assertTrue(s.info().options().stream().anyMatch(o -> o.name().equals("memory")));
        Recorder rec = new Recorder();
        s.addListener(rec);
        s.setPosition(start, TestGames.moves(xq, start, "h2e2"));
        BestMove best = s.go(SearchLimits.depth(4)).get(3, TimeUnit.SECONDS);
        assertEquals("h9g7", best.move().orElseThrow().coordinates(0));
        assertEquals("b0c2", best.ponder().orElseThrow().coordinates(0));
        List<AnalysisUpdate> u = rec.of(AnalysisUpdate.class);
        assertEquals(3, u.size());
        assertEquals(List.of(), u.get(0).pv(), "h9h0 is no legal move here: the PV is cut");
        assertEquals(Optional.of(Score.centipawns(16)), u.get(2).score());
        assertEquals(Duration.ofMillis(10), u.get(2).time().orElseThrow(), "centiseconds");
        assertEquals(24539, u.get(2).nodes().getAsLong());
        ch.assertUsedUp();

        // No analyze: it is refused and the session searches with go instead; ? is refused too,
        // after the move, and never sent again.
        ch.expect("new").expect("variant xiangqi").expect("force").expect("h2e2")
                .expect("ping 4", "pong 4")
                .expect("sd 99") // MaxQi keeps sd 4 through new
                .expect("analyze", "Error (unknown command): analyze")
                .expect("st 3600")
                .expect("go", " 1     33        0         73 h9g7")
                .expect("?", " 5     20       50      99999 h9g7 b0c2", "move h9g7", "Error (unknown command): ?")
                .expect("force");
        var f = s.go(SearchLimits.infiniteAnalysis());
        ch.drain();
        assertEquals("h9g7", s.stop().get(3, TimeUnit.SECONDS).move().orElseThrow().coordinates(0));
        assertTrue(f.isDone());
        assertTrue(s.refusedCommand("analyze"));
        ch.assertUsedUp();

        // A position with Black to move that no moves lead to: edit, after black + force.
        Position blackToMove = TestGames.fen(xq, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
        ch.expect("new").expect("variant xiangqi").expect("force").expect("black").expect("force").expect("edit")
                .expect("#")
                .expect("Ra0").expect("Hb0").expect("Ec0").expect("Ad0").expect("Ke0").expect("Af0").expect("Eg0")
                .expect("Hh0").expect("Ri0").expect("Cb2").expect("Ce2")
                .expect("Pa3").expect("Pc3").expect("Pe3").expect("Pg3").expect("Pi3")
                .expect("c")
                .expect("Pa6").expect("Pc6").expect("Pe6").expect("Pg6").expect("Pi6").expect("Cb7").expect("Ch7")
                .expect("Ra9").expect("Hb9").expect("Ec9").expect("Ad9").expect("Ke9").expect("Af9").expect("Eg9")
                .expect("Hh9").expect("Ri9")
                .expect(".")
                .expect("ping 5", "pong 5")
                .expect("b9c7")
                .expect("ping 6", "pong 6");
        s.setPosition(blackToMove, List.of());
        s.setPosition(blackToMove, TestGames.moves(xq, blackToMove, "b9c7")); // one more move: only it is sent
        ch.assertUsedUp();

        ch.expectThenExit("quit", 0);
        s.close();
        ch.assertUsedUp();
    }

    @Test
    void fairyStockfishSetboardAnalyzeMultiPvAndOwnLimits() throws Exception {
        GamePlugin chess = TestGames.chess();
        Position italian = TestGames.fen(chess, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
        ScriptedChannel ch = new ScriptedChannel()
                .banner("Fairy-Stockfish 11.1 LB 64 by Fabian Fichter")
                .expect("xboard")
                .expect("protover 2",
                        "feature setboard=1 usermove=1 time=1 memory=1 smp=1 colors=0 draw=0 highlight=1 name=0 sigint=0 ping=1 myname=Fairy-Stockfish variants=\"chess,3check,xiangqi\"",
                        "feature option=\"MultiPV -spin 1 1 500\"",
                        "feature option=\"Analysis Contempt -combo Both /// Off /// White /// Black\"",
                        "feature option=\"Debug Log File -string \"",
                        "feature done=1")
                .expect("accepted setboard").expect("accepted usermove").expect("accepted time").expect("accepted memory")
                .expect("accepted smp").expect("accepted colors").expect("accepted draw").expect("rejected highlight")
                .expect("accepted name").expect("accepted sigint").expect("accepted ping").expect("accepted myname")
                .expect("accepted variants")
                .expect("accepted option").expect("accepted option").expect("accepted option")
                .expect("accepted done")
                .expect("easy").expect("post", "Error (unkown command): post")
                .expect("ping 1", "pong 1")
                .expect("new").expect("force")
                .expect("ping 2", "pong 2")
                .expect("force").expect("setboard " + italian.fen()).expect("usermove g8f6")
                .expect("ping 3", "pong 3")
                .expect("option MultiPV=2")
                .expect("analyze",
                        "1 72 0 50 1 16666 0\t d2d3",
                        "1 60 0 50 1 16666 0\t f3g5",
                        "2 80 1 99 2 33000 0\t f3g5 d7d5",
                        "2 100003 1 120 2 33000 0\t d2d3 f8c5 !");
        XboardSession s = Scripted.xboard(ch);
        assertEquals("Fairy-Stockfish", s.info().name());
        assertEquals(Set.of("chess", "xiangqi"), s.info().games());
        EngineOption combo = s.options().stream().filter(o -> o.name().equals("Analysis Contempt")).findFirst().orElseThrow();
        assertEquals(new EngineOption.Combo("Analysis Contempt", "Both", List.of("Both", "Off", "White", "Black")), combo);
        Recorder rec = new Recorder();
        s.addListener(rec);
        s.setPosition(italian, TestGames.moves(chess, italian, "g8f6"));
        var f = s.go(SearchLimits.infiniteAnalysis().withMultiPv(2));
        ch.drain();
        List<AnalysisUpdate> u = rec.of(AnalysisUpdate.class);
        assertEquals(List.of(1, 2, 1, 2), u.stream().map(AnalysisUpdate::multipv).toList());
        assertEquals(new Score.Mate(3, Score.Bound.LOWER), u.get(3).score().orElseThrow(), "100000+3 failed high");
        ch.expect("exit").expect("ping 4", "pong 4");
        BestMove best = s.stop().get(2, TimeUnit.SECONDS);
        assertTrue(f.isDone());
        assertEquals("f3g5", best.move().orElseThrow().coordinates(1), "the best line of the last depth");
        assertEquals("d7d5", best.ponder().orElseThrow().coordinates(1));
        ch.assertUsedUp();

        // A depth search after analysis: the board is still right; the engine stops at sd 3 by itself.
        ch.expect("st 3600").expect("sd 3")
                .expect("go", "1 20 0 10 1 0 0\t d2d3", "3 25 2 500 3 0 0\t d2d3 f8c5", "move d2d3")
                .expect("force");
        assertEquals("d2d3", s.go(SearchLimits.depth(3).withMultiPv(2)).get(2, TimeUnit.SECONDS).move().orElseThrow().coordinates(1));
        ch.assertUsedUp();

        // After that go the engine's board holds its move: the next search resets it. A move time under
        // a second is ours to keep with ?.
        ch.expect("force").expect("setboard " + italian.fen()).expect("usermove g8f6")
                .expect("ping 5", "pong 5")
                .expect("option MultiPV=1")
                .expect("st 1")
                .expect("sd 99")
                .expect("go", "1 20 0 10 1 0 0\t d2d3")
                .expect("?", "move d2d3")
                .expect("force");
        long t0 = System.nanoTime();
        s.go(SearchLimits.moveTime(Duration.ofMillis(200))).get(3, TimeUnit.SECONDS);
        assertTrue((System.nanoTime() - t0) / 1_000_000 >= 190);
        ch.assertUsedUp();

        ch.expectThenExit("quit", 0);
        s.close();
        ch.assertUsedUp();
    }

    @Test
    void gnuChessLegacyMovesDoublePongsSanAndNoSd() throws Exception {
        GamePlugin chess = TestGames.chess();
        ScriptedChannel ch = new ScriptedChannel()
                .expect("xboard")
                .expect("protover 2", "Chess", "feature done=0", "feature ping=1", "feature setboard=1",
                        "feature usermove=1", "feature san=0", "feature variants=\"normal\"", "feature done=1")
                .expect("accepted done").expect("accepted ping").expect("accepted setboard").expect("accepted usermove")
                .expect("accepted san").expect("accepted variants").expect("accepted done")
                .expect("easy").expect("post")
                .expect("ping 1", "pong 1", "pong 1")
                .expect("new").expect("force")
                .expect("ping 2", "pong 2", "pong 2")
                .expect("st 3600")
                .expect("sd 2", "Invalid move: sd 2")
                .expect("go", "1 +26 0 2 Na3", "1 +54 0 3 Nc3", "2 +0 0 44 Nc3 Nc6")
                .expect("?", "2 +0 0 50 Nc3 Nc6", "1. ... b1c3", "My move is : b1c3")
                .expect("force")
                .expect("new").expect("force")
                .expect("ping 3", "pong 3", "pong 3")
                .expect("st 3600")
                .expect("go", "1 +26 0 2 Nf3", "1. ... g1f3", "My move is : g1f3")
                .expect("force");
        XboardSession s = Scripted.xboard(ch);
        assertEquals(Set.of("chess"), s.info().games());
        Recorder rec = new Recorder();
        s.addListener(rec);
        s.newGame("chess");
        BestMove b = s.go(SearchLimits.depth(2)).get(3, TimeUnit.SECONDS);
        assertEquals("b1c3", b.move().orElseThrow().coordinates(1));
        assertEquals(List.of("b1c3", "b8c6"),
                rec.of(AnalysisUpdate.class).get(2).pv().stream().map(m -> m.coordinates(1)).toList(), "SAN PVs read");
        assertTrue(s.refusedCommand("sd"));
        // sd is not sent again; the second My-move line was an echo, not the next search's move.
        BestMove second = s.go(SearchLimits.nodes(10)).get(3, TimeUnit.SECONDS);
        assertEquals("g1f3", second.move().orElseThrow().coordinates(1));
        ch.assertUsedUp();
        assertFalse(ch.sent().contains("sd 5"));
        ch.expectThenExit("quit", 0);
        s.close();
        ch.assertUsedUp();
    }

    static ScriptedChannel maxQiHandshake(ScriptedChannel ch) {
        return ch.expect("xboard")
                .expect("protover 2",
                        "feature myname=\"MaxQi 4.8G\"",
                        "feature setboard=0 ping=1 done=0",
                        "feature variants=\"xiangqi\" done=1")
                .expect("accepted myname").expect("accepted setboard").expect("accepted ping").expect("accepted done")
                .expect("accepted variants").expect("accepted done")
                .expect("easy").expect("post");
    }

    @Test
    void anEngineThatCannotBeStoppedIsReplaced() throws Exception {
        GamePlugin xq = TestGames.xiangqi();
        Position start = xq.startPosition();
        ScriptedChannel first = maxQiHandshake(new ScriptedChannel())
                .expect("ping 1", "pong 1")
                .expect("new").expect("variant xiangqi").expect("force").expect("ping 2", "pong 2")
                .expect("h2e2").expect("ping 3", "pong 3")
                .expect("analyze", "Error (unknown command): analyze")
                .expect("st 3600")
                .expect("go", " 3     25       10        500 h9g7 b0c2");
        ScriptedChannel second = maxQiHandshake(new ScriptedChannel())
                .expect("new").expect("variant xiangqi").expect("force")
                .expect("h2e2").expect("ping 4", "pong 4")
                .expect("st 3600").expect("sd 2")
                .expect("go", " 2     20        1        100 h9g7", "move h9g7")
                .expect("force");
        XboardSession s = Scripted.xboard(first);
        s.restartWith(() -> second);
        s.setPosition(start, TestGames.moves(xq, start, "h2e2"));
        var analysis = s.go(SearchLimits.infiniteAnalysis());
        first.drain();
        long t0 = System.nanoTime();
        BestMove best = s.stop().get(3, TimeUnit.SECONDS);
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 1000, "replaced at once: analyze was refused");
        assertEquals("h9g7", best.move().orElseThrow().coordinates(0));
        assertEquals("b0c2", best.ponder().orElseThrow().coordinates(0));
        assertTrue(analysis.isDone());
        assertEquals(org.kibitz.api.engine.SessionState.IDLE, s.state());
        assertTrue(first.exit().get(1, TimeUnit.SECONDS).requested(), "the old process is ended");
        first.assertUsedUp();
        assertEquals("h9g7", s.go(SearchLimits.depth(2)).get(3, TimeUnit.SECONDS).move().orElseThrow().coordinates(0));
        second.assertUsedUp();
        second.expectThenExit("quit", 0);
        s.close();
        second.assertUsedUp();
        assertTrue(s.exit().orElseThrow().requested(), "the new process's end is the session's");
    }

    @Test
    void protoverLostByAStartingEngineIsSentAgain() throws Exception {
        // GNU Chess 6 sometimes drops what it is sent while it starts, then reads the nudge.
        ScriptedChannel ch = new ScriptedChannel()
                .banner("Chess")
                .expect("xboard")
                .expect("protover 2")
                .answerNudges(1, "Invalid move: ")
                .expect("xboard")
                .expect("protover 2", "feature done=0", "feature ping=1 myname=\"GNU Chess\"", "feature done=1")
                .expect("accepted done").expect("accepted ping").expect("accepted myname").expect("accepted done")
                .expect("easy").expect("post").expect("ping 1", "pong 1");
        long t0 = System.nanoTime();
        XboardSession s = Scripted.xboard(ch);
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 1500);
        assertEquals("GNU Chess", s.info().name());
        ch.assertUsedUp();
        s.abort();
    }

    @Test
    void silentEngineGetsThreeQuartersOfTheHandshakeTimeout() throws Exception {
        // Silence from an engine that has said nothing yet may be a slow start: 3/4 of 6 s.
        ScriptedChannel ch = new ScriptedChannel()
                .expect("xboard")
                .expect("protover 2")
                .expect("easy").expect("post");
        long t0 = System.nanoTime();
        org.kibitz.api.engine.EngineConfig config = Scripted.config().withTimeouts(new org.kibitz.api.engine.EngineTimeouts(
                Duration.ofSeconds(6), Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1)));
        XboardSession s = new XboardSession(config, TestGames.games(), ch);
        s.handshake(config.timeouts().handshake(), false);
        s.afterHandshake();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 4400 && ms < 6000, "waited " + ms + " ms");
        assertFalse(s.recognisedProtocol(), "nothing showed it speaks xboard: a probe would not take it");
        ch.assertUsedUp();
        s.abort();
    }

    @Test
    void featuresAndOptionsAreReadAsTheSpecWritesThem() {
        List<Features.Pair> pairs = Features.parse("feature myname=\"Fairy-Max 5.0b\" setboard=0 xedit=1 ping=1 done=0");
        assertEquals(List.of(new Features.Pair("myname", "Fairy-Max 5.0b"), new Features.Pair("setboard", "0"),
                new Features.Pair("xedit", "1"), new Features.Pair("ping", "1"), new Features.Pair("done", "0")), pairs);
        assertEquals(Optional.of(new EngineOption.Spin("Resign Threshold", 800, 200, 1200)),
                Features.option("Resign Threshold -spin 800 200 1200"));
        assertEquals(Optional.of(new EngineOption.Spin("Dummy Slider Example", 20, 0, 100)),
                Features.option("Dummy Slider Example -slider 20 0 100"));
        assertEquals(Optional.of(new EngineOption.Text("Ini File", "/usr/share/games/fairymax/fmax.ini",
                EngineOption.TextKind.FILE)), Features.option("Ini File -file /usr/share/games/fairymax/fmax.ini"));
        assertEquals(Optional.of(new EngineOption.Text("Dummy Path Example", ".", EngineOption.TextKind.PATH)),
                Features.option("Dummy Path Example -path ."));
        assertEquals(Optional.of(new EngineOption.Text("Dummy String Example", "happy birthday!",
                EngineOption.TextKind.STRING)), Features.option("Dummy String Example -string happy birthday!"));
        assertEquals(Optional.of(new EngineOption.Combo("Makruk rules", "Cambodian",
                List.of("makruk", "Cambodian", "Ai-wok"))), Features.option("Makruk rules -combo makruk /// *Cambodian /// Ai-wok"));
        assertEquals(Optional.of(new EngineOption.Check("Resign", false)), Features.option("Resign -check 0"));
        assertEquals(Optional.of(new EngineOption.Button("Clear Hash")), Features.option("Clear Hash -button"));
        assertEquals(Optional.of(new EngineOption.Button("Save in hash file")), Features.option("Save in hash file -save"));
        assertEquals(Optional.empty(), Features.option("No type here"));
    }

    @Test
    void twoSecondsOfSilenceAfterTheEngineSpokeEndTheFeatureWait() throws Exception {
        ScriptedChannel ch = new ScriptedChannel()
                .banner("MyEngine 1.0 by somebody")
                .expect("xboard")
                .expect("protover 2", "feature ping=1 myname=\"MyEngine\"")
                .expect("accepted ping").expect("accepted myname")
                .expect("easy").expect("post").expect("ping 1", "pong 1");
        long t0 = System.nanoTime();
        org.kibitz.api.engine.EngineConfig config = Scripted.config().withTimeouts(new org.kibitz.api.engine.EngineTimeouts(
                Duration.ofSeconds(8), Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1)));
        XboardSession s = new XboardSession(config, TestGames.games(), ch);
        s.handshake(config.timeouts().handshake(), false);
        s.afterHandshake();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 1900 && ms < 3500, "waited " + ms + " ms");
        assertEquals("MyEngine", s.info().name());
        ch.assertUsedUp();
        s.abort();
    }

    @Test
    void protocolOneEngineIsUsableWithDefaults() throws Exception {
        ScriptedChannel ch = new ScriptedChannel()
                .expect("xboard")
                .expect("protover 2", "Error (unknown command): protover")
                .expect("easy").expect("post");
        long t0 = System.nanoTime();
        XboardSession s = Scripted.xboard(ch);
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 1500, "no 2 s wait once protover is refused");
        assertEquals(Set.of("chess"), s.info().games());
        ch.assertUsedUp();
        s.abort();
    }

    @Test
    void claimInsteadOfAMoveEndsTheSearch() throws Exception {
        GamePlugin chess = TestGames.chess();
        Position mated = TestGames.fen(chess, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        ScriptedChannel ch = new ScriptedChannel()
                .expect("xboard")
                .expect("protover 2", "feature ping=1 setboard=1 done=1")
                .expect("accepted ping").expect("accepted setboard").expect("accepted done")
                .expect("easy").expect("post").expect("ping 1", "pong 1")
                .expect("new").expect("force").expect("ping 2", "pong 2")
                .expect("force").expect("setboard " + mated.fen()).expect("ping 3", "pong 3")
                .expect("st 1")
                .expect("go", "0-1 {Black mates}");
        XboardSession s = Scripted.xboard(ch);
        s.setPosition(mated, List.of());
        assertEquals(BestMove.none(), s.go(SearchLimits.moveTime(Duration.ofSeconds(1))).get(2, TimeUnit.SECONDS));
        ch.assertUsedUp();
        s.abort();
    }

    @Test
    void thinkingOutputVariants() {
        ThinkingParser p = new ThinkingParser();
        org.kibitz.protocols.session.InfoLine l = new org.kibitz.protocols.session.InfoLine();
        assertEquals(ThinkingParser.Kind.THINKING, p.parse("9 156 1084 48000 e4 e5 Nf3 ?", l));
        assertEquals(new Score.Centipawns(156, Score.Bound.UPPER), l.score);
        assertEquals(List.of("e4", "e5", "Nf3"), l.pv);
        assertEquals(10840, l.timeMs);
        assertEquals(ThinkingParser.Kind.CONTINUATION, p.parse("          Bc4 Bc5", l));
        assertEquals(List.of("e4", "e5", "Nf3", "Bc4", "Bc5"), l.pv);
        assertEquals(ThinkingParser.Kind.THINKING, p.parse("10& -100005 300 9000 1. e4 e5 2. Nf3", l));
        assertEquals(new Score.Mate(-5, Score.Bound.EXACT), l.score);
        assertEquals(10, l.depth);
        assertEquals(List.of("e4", "e5", "Nf3"), l.pv);
        assertEquals(ThinkingParser.Kind.NONE, p.parse("1. e7e5", l), "GNU Chess echoing a move");
        assertEquals(ThinkingParser.Kind.NONE, p.parse("1. ... b1c3", l));
        assertEquals(ThinkingParser.Kind.NONE, p.parse("4 +0 0 332 (Nc6) Nf3 Nf6", l), "a ponder line");
        assertEquals(ThinkingParser.Kind.NONE, p.parse("pong 3", l));
        assertEquals(ThinkingParser.Kind.THINKING, p.parse("12 61 28 111125 17 392667 0\t g3g4 b9c7", l));
        assertEquals(17, l.seldepth);
        assertEquals(392667, l.nps);
        assertEquals(0, l.tbhits);
        assertEquals(List.of("g3g4", "b9c7"), l.pv);
        assertEquals(Move.parseCoordinates("g3g4", 0), Move.parseCoordinates(l.pv.get(0), 0));
    }
}

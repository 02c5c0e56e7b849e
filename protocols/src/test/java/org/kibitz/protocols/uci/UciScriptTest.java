package org.kibitz.protocols.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.DeferredMoves;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.Scripted;
import org.kibitz.protocols.testing.ScriptedChannel;
import org.kibitz.protocols.testing.TestGames;
import org.junit.jupiter.api.Test;

/** UCI against a scripted engine: every line we send, every answer, and what the session makes of it. */
class UciScriptTest {

    static UciSession open(ScriptedChannel ch, UciSession.Dialect dialect) throws EngineException {
        return Scripted.uci(ch, dialect);
    }

    static ScriptedChannel stockfishHandshake() {
        return new ScriptedChannel()
                .banner("Stockfish 15.1 by the Stockfish developers (see AUTHORS file)")
                .expect("uci",
                        "id name Stockfish 15.1",
                        "id author the Stockfish developers (see AUTHORS file)",
                        "",
                        "option name Debug Log File type string default ",
                        "option name Hash type spin default 16 min 1 max 33554432",
                        "option name Clear Hash type button",
                        "option name MultiPV type spin default 1 min 1 max 500",
                        "option name UCI_AnalyseMode type check default false",
                        "option name SyzygyPath type string default <empty>",
                        "uciok");
    }

    /**
     * A caller waiting on a search is woken by the reader and completes the search's future itself:
     * what depends on it runs on the caller's thread (not the reader's, nor a callback thread's, which
     * cost a batch a thread hop per position), and only once listeners heard the best move.
     */
    @Test
    void aWaitingCallerGetsTheBestMoveOnItsOwnThread() throws Exception {
        ScriptedChannel ch = stockfishHandshake()
                .expect("ucinewgame")
                .expect("isready", "readyok")
                .expect("position startpos")
                .expect("go nodes 1");
        UciSession s = open(ch, UciSession.Dialect.UCI);
        s.newGame("chess");
        s.setPosition(TestGames.chess().startPosition(), List.of());
        Recorder rec = new Recorder();
        s.addListener(rec);
        CompletableFuture<BestMove> search = s.go(SearchLimits.nodes(1));
        CompletableFuture<String> ranOn = search.thenApply(b -> Thread.currentThread().getName());
        java.util.concurrent.atomic.AtomicReference<Object> got = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicBoolean heardFirst = new java.util.concurrent.atomic.AtomicBoolean();
        Thread caller = new Thread(() -> {
            try {
                got.set(search.get(30, TimeUnit.SECONDS));
                heardFirst.set(!rec.of(BestMove.class).isEmpty());
            } catch (Exception e) {
                got.set(e);
            }
        }, "the-caller");
        caller.start();
        // The engine answers once the caller waits on the search.
        while (caller.getState() != Thread.State.TIMED_WAITING && caller.isAlive()) {
            Thread.sleep(1);
        }
        ch.emit("info depth 1 seldepth 1 score cp 20 nodes 1 pv e2e4", "bestmove e2e4");
        caller.join(30_000);
        assertInstanceOf(BestMove.class, got.get(), String.valueOf(got.get()));
        assertEquals("e2e4", ((BestMove) got.get()).move().orElseThrow().coordinates(1));
        assertTrue(heardFirst.get(), "listeners heard the best move before the caller got it");
        assertEquals("the-caller", ranOn.getNow("not run"), "what depends on the search ran on the waiting caller's thread");
        ch.assertUsedUp();
    }

    @Test
    void handshakeSearchAndStop() throws Exception {
        ScriptedChannel ch = stockfishHandshake()
                .expect("ucinewgame")
                .expect("isready", "readyok")
                .expect("position startpos moves e2e4")
                .expect("setoption name MultiPV value 2")
                .expect("go depth 3",
                        "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
                        "info depth 1 seldepth 1 multipv 1 score cp -23 nodes 22 nps 22000 hashfull 0 tbhits 0 time 1 pv c7c5",
                        "info depth 1 seldepth 1 multipv 2 score cp -30 nodes 30 nps 30000 time 1 pv e7e5",
                        "info depth 3 seldepth 4 multipv 1 score cp 19 lowerbound nodes 1024 nps 512000 time 2 pv d7d5 e4d5 d8d5",
                        "info depth 3 currmove g8f6 currmovenumber 3",
                        "info depth 3 seldepth 4 multipv 2 score mate -2 wdl 0 10 990 nodes 1100 time 2 pv e7e5 xxxx d2d4",
                        "bestmove d7d5 ponder e4d5");
        UciSession s = open(ch, UciSession.Dialect.UCI);
        Recorder rec = new Recorder();
        s.addListener(rec);
        assertEquals("Stockfish 15.1", s.info().name());
        assertEquals(Optional.of("the Stockfish developers (see AUTHORS file)"), s.info().author());
        assertEquals(java.util.Set.of("chess"), s.info().games());
        assertEquals(SessionState.IDLE, s.state());

        s.newGame("chess");
        Position start = TestGames.chess().startPosition();
        List<Move> line = TestGames.moves(TestGames.chess(), start, "e2e4");
        s.setPosition(start, line);
        BestMove best = s.go(SearchLimits.depth(3).withMultiPv(2)).get(5, TimeUnit.SECONDS);
        Position after = start.play(line.get(0));
        assertEquals(Optional.of(Move.parseCoordinates("d7d5", 1)), best.move());
        assertEquals(Optional.of(Move.parseCoordinates("e4d5", 1)), best.ponder());

        List<AnalysisUpdate> updates = rec.of(AnalysisUpdate.class);
        assertEquals(5, updates.size(), updates.toString());
        AnalysisUpdate first = updates.get(0);
        assertEquals(after, first.position());
        assertEquals(1, first.depth().getAsInt());
        assertEquals(Optional.of(Score.centipawns(-23)), first.score());
        assertEquals(22000, first.nps().getAsLong());
        assertEquals(Duration.ofMillis(1), first.time().orElseThrow());
        assertEquals(2, updates.get(1).multipv());
        assertEquals(new Score.Centipawns(19, Score.Bound.LOWER), updates.get(2).score().orElseThrow());
        assertEquals(3, updates.get(2).pv().size());
        AnalysisUpdate currmove = updates.get(3);
        assertTrue(currmove.pv().isEmpty());
        assertEquals(Move.parseCoordinates("g8f6", 1), currmove.currmove().orElseThrow());
        AnalysisUpdate mate = updates.get(4);
        assertEquals(new Score.Mate(-2, Score.Bound.EXACT), mate.score().orElseThrow());
        assertEquals(List.of(Move.parseCoordinates("e7e5", 1)), mate.pv(), "the PV stops at the garbage token");
        assertEquals(990, mate.wdl().orElseThrow().loss());
        assertEquals(List.of("NNUE evaluation using nn-ad9b42354671.nnue enabled"),
                rec.of(EngineEvent.EngineMessage.class).stream().map(EngineEvent.EngineMessage::text).toList());
        assertTrue(rec.of(EngineEvent.EngineLine.class).stream()
                .anyMatch(l -> l.direction() == EngineEvent.Direction.TO_ENGINE && l.text().equals("go depth 3")));
        assertEquals(SessionState.IDLE, s.state());
        ch.assertUsedUp();

        // Options: typed, checked, sent as the engine declared them.
        ch.expect("setoption name Hash value 64")
                .expect("setoption name SyzygyPath value <empty>")
                .expect("setoption name Clear Hash");
        s.setOption("hash", "64");
        s.setOption("SyzygyPath", "");
        s.setOption("Clear Hash", "");
        assertEquals(64, ((EngineOption.Spin) s.options().stream().filter(o -> o.name().equals("Hash")).findFirst()
                .orElseThrow()).current());
        EngineException bad = assertThrows(EngineException.class, () -> s.setOption("Hash", "lots"));
        assertEquals(EngineException.Kind.UNSUPPORTED, bad.kind());
        assertEquals("option.takesNumber", bad.text().key());
        assertEquals("The option Hash takes a whole number from 1 to 33554432, not \"lots\".", bad.text().render(Locale.ROOT));
        assertEquals("option.unknown", assertThrows(EngineException.class, () -> s.setOption("Nope", "1")).text().key());
        ch.assertUsedUp();

        // Infinite analysis, stopped; the analyse mode is on for it.
        ch.expect("setoption name MultiPV value 1")
                .expect("setoption name UCI_AnalyseMode value true")
                .expect("go infinite", "info depth 5 score cp 20 pv c7c5 g1f3")
                .expect("stop", "info depth 6 score cp 22 pv c7c5 g1f3", "bestmove c7c5 ponder g1f3");
        CompletableFuture<BestMove> f = s.go(SearchLimits.infiniteAnalysis());
        assertEquals(SessionState.SEARCHING, s.state());
        assertThrows(EngineException.class, () -> s.setPosition(start, List.of()), "busy while searching");
        ch.drain();
        assertFalse(f.isDone());
        BestMove stopped = s.stop().get(2, TimeUnit.SECONDS);
        assertEquals("c7c5", stopped.move().orElseThrow().coordinates(1));
        assertTrue(f.isDone());
        assertEquals(stopped, s.stop().get(), "stop with nothing running answers at once");
        ch.assertUsedUp();

        ch.expectThenExit("quit", 0);
        s.close();
        assertEquals(SessionState.TERMINATED, s.state());
        assertTrue(s.exit().orElseThrow().requested());
        assertTrue(rec.of(EngineEvent.EngineFailure.class).isEmpty(), "a requested exit is no failure");
        ch.assertUsedUp();
    }

    @Test
    void aPvIsCheckedAgainstTheRulesOnlyWhenAListenerReadsIt() throws Exception {
        ScriptedChannel ch = stockfishHandshake()
                .expect("ucinewgame")
                .expect("isready", "readyok")
                .expect("position startpos moves e2e4")
                .expect("go depth 3",
                        "info depth 1 seldepth 1 multipv 1 score cp -23 nodes 22 time 1 pv c7c5",
                        "info depth 2 seldepth 2 multipv 1 score cp -20 nodes 80 time 1 pv e7e5 g1f3",
                        "info depth 3 seldepth 4 multipv 1 score cp 19 nodes 1024 time 2 pv d7d5 e4d5 e8e1 d8d5",
                        "bestmove d7d5 ponder e4d5");
        UciSession s = open(ch, UciSession.Dialect.UCI);
        Recorder rec = new Recorder();
        s.addListener(rec);
        s.newGame("chess");
        Position start = TestGames.chess().startPosition();
        List<Move> line = TestGames.moves(TestGames.chess(), start, "e2e4");
        s.setPosition(start, line);
        BestMove best = s.go(SearchLimits.depth(3)).get(5, TimeUnit.SECONDS);
        assertEquals(Optional.of(Move.parseCoordinates("d7d5", 1)), best.move());

        List<AnalysisUpdate> updates = rec.of(AnalysisUpdate.class);
        assertEquals(3, updates.size());
        for (AnalysisUpdate u : updates) {
            DeferredMoves pv = assertInstanceOf(DeferredMoves.class, u.pv());
            assertFalse(pv.isResolved(), "nobody read this PV yet, so it was not checked");
        }
        assertEquals(OptionalInt.of(3), updates.get(2).depth());
        assertFalse(((DeferredMoves) updates.get(2).pv()).isResolved(), "reading the depth and score leaves the PV alone");
        // Read out of order and after the search: still each line's own moves, cut at the first illegal one.
        assertEquals(List.of("d7d5", "e4d5"), updates.get(2).pv().stream().map(m -> m.coordinates(1)).toList());
        assertEquals(List.of("c7c5"), updates.get(0).pv().stream().map(m -> m.coordinates(1)).toList());
        assertEquals(List.of("e7e5", "g1f3"), updates.get(1).pv().stream().map(m -> m.coordinates(1)).toList());
        assertTrue(((DeferredMoves) updates.get(1).pv()).isResolved());
        ch.assertUsedUp();
    }

    @Test
    void bestmoveLinesAreSplitAsTheirWordsWere() {
        for (String line : List.of("bestmove e2e4", "bestmove e2e4 ponder e7e5", "bestmove\te2e4  ponder\u000Be7e5",
                "bestmove", "nobestmove", "bestmove (none)", "bestmove a1a2 draw resign")) {
            assertEquals(List.of(line.split("\\s+")), List.of(UciSession.words(line)), line);
        }
    }

    /**
     * A batch sets every position of a game from the same start, last to first, and the session reuses
     * the last command's text for a line that begins the same: each command must still be the whole
     * line, after a shorter one, a longer one, one that parts from the last, and another start.
     */
    @Test
    void positionsSetOneAfterAnotherAreEachSentWhole() throws Exception {
        var chess = TestGames.chess();
        Position start = TestGames.fen(chess, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        List<Move> game = TestGames.moves(chess, start, "f1b5", "a7a6", "b5a4", "g8f6");
        String fen = "position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        Position standard = chess.startPosition();
        ScriptedChannel ch = stockfishHandshake()
                .expect("ucinewgame")
                .expect("isready", "readyok")
                .expect(fen + " moves f1b5 a7a6 b5a4 g8f6")
                .expect(fen + " moves f1b5 a7a6 b5a4")
                .expect(fen + " moves f1b5")
                .expect(fen)
                .expect(fen + " moves f1b5 a7a6 b5a4")
                .expect(fen + " moves f1b5 g8f6")
                .expect(fen + " moves f1b5 a7a6")
                .expect("position startpos moves e2e4 e7e5")
                .expect("position startpos")
                .expect(fen + " moves f1b5 a7a6");
        UciSession s = open(ch, UciSession.Dialect.UCI);
        s.setPosition(start, game);
        s.setPosition(start, game.subList(0, 3));
        s.setPosition(start, game.subList(0, 1));
        s.setPosition(start, List.of());
        s.setPosition(start, game.subList(0, 3));
        s.setPosition(start, TestGames.moves(chess, start, "f1b5", "g8f6"));
        s.setPosition(start, game.subList(0, 2));
        s.setPosition(standard, TestGames.moves(chess, standard, "e2e4", "e7e5"));
        s.setPosition(standard, List.of());
        // An equal start that is another object: read afresh.
        s.setPosition(TestGames.fen(chess, start.fen()), game.subList(0, 2));
        ch.assertUsedUp();
    }

    @Test
    void fairyStockfishXiangqiCountsRanksFromOne() throws Exception {
        ScriptedChannel ch = new ScriptedChannel()
                .expect("uci",
                        "id name Fairy-Stockfish 11.1 LB 64",
                        "option name UCI_Variant type combo default chess var 3check var chess var janggi var xiangqi",
                        "option name MultiPV type spin default 1 min 1 max 500",
                        "uciok")
                .expect("setoption name UCI_Variant value xiangqi")
                .expect("ucinewgame")
                .expect("isready", "readyok")
                .expect("position startpos moves h3e3")
                .expect("go movetime 100",
                        "info depth 1 seldepth 1 multipv 1 score cp 72 nodes 50 nps 50000 tbhits 0 time 1 pv h10g8 h1g3",
                        "bestmove h10g8 ponder h1g3");
        UciSession s = open(ch, UciSession.Dialect.UCI);
        assertEquals(java.util.Set.of("chess", "xiangqi"), s.info().games());
        Position start = TestGames.xiangqi().startPosition();
        s.setPosition(start, TestGames.moves(TestGames.xiangqi(), start, "h2e2"));
        assertEquals(1, s.info().conventions().rankBase().getAsInt());
        Recorder rec = new Recorder();
        s.addListener(rec);
        BestMove best = s.go(SearchLimits.moveTime(Duration.ofMillis(100))).get(5, TimeUnit.SECONDS);
        assertEquals("h9g7", best.move().orElseThrow().coordinates(0), "ICCS ranks 0-9 whatever the engine used");
        assertEquals("h0g2", best.ponder().orElseThrow().coordinates(0));
        assertEquals(List.of("h9g7", "h0g2"),
                rec.of(AnalysisUpdate.class).get(0).pv().stream().map(m -> m.coordinates(0)).toList());
        ch.assertUsedUp();
    }

    @Test
    void unknownUciXiangqiEngineHasItsRankBaseDetectedOnce() throws Exception {
        ScriptedChannel ch = new ScriptedChannel()
                .expect("uci", "id name Some Xiangqi Engine", "uciok")
                .expect("ucinewgame")
                .expect("isready", "readyok")
                .expect("position startpos")
                .expect("go depth 1", "bestmove b0c2")
                .expect("position startpos moves b0c2");
        UciSession s = open(ch, UciSession.Dialect.UCI);
        assertEquals(java.util.Set.of("xiangqi"), s.info().games());
        s.newGame("xiangqi");
        assertEquals(0, s.info().conventions().rankBase().getAsInt());
        Position start = TestGames.xiangqi().startPosition();
        s.setPosition(start, TestGames.moves(TestGames.xiangqi(), start, "b0c2"));
        ch.assertUsedUp();
    }

    @Test
    void engineThatDiesMidSearchFailsTheSearchInWords() throws Exception {
        ScriptedChannel ch = stockfishHandshake()
                .expect("ucinewgame")
                .expect("isready", "readyok")
                .expect("position startpos")
                .expect("setoption name UCI_AnalyseMode value true")
                .expectThenExit("go infinite", 139, "info depth 1 score cp 10 pv e2e4");
        UciSession s = open(ch, UciSession.Dialect.UCI);
        Recorder rec = new Recorder();
        s.addListener(rec);
        s.newGame("chess");
        s.setPosition(TestGames.chess().startPosition(), List.of());
        CompletableFuture<BestMove> f = s.go(SearchLimits.infiniteAnalysis().withMultiPv(1));
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(2, TimeUnit.SECONDS));
        EngineException ee = assertInstanceOf(EngineException.class, e.getCause());
        assertEquals(EngineException.Kind.DIED, ee.kind());
        String text = ee.text().render(Locale.ROOT);
        assertTrue(text.startsWith("The engine Stockfish 15.1 crashed (it was ended by signal 11, SIGSEGV)."), text);
        assertTrue(text.contains("info depth 1 score cp 10 pv e2e4"), text);
        assertTrue(ee.text().render(Locale.SIMPLIFIED_CHINESE).startsWith("引擎 Stockfish 15.1 崩溃了"));
        assertEquals(SessionState.TERMINATED, s.state());
        assertEquals(1, rec.of(EngineEvent.EngineFailure.class).size());
        assertEquals(139, s.exit().orElseThrow().exitCode().getAsInt());
        assertEquals(EngineException.Kind.DIED, assertThrows(EngineException.class, () -> s.newGame("chess")).kind());
        s.close(); // closing a dead session is quick and quiet
    }

    @Test
    void silentIsreadyTimesOutAndEndsTheEngine() throws Exception {
        ScriptedChannel ch = stockfishHandshake().expect("isready");
        UciSession s = open(ch, UciSession.Dialect.UCI);
        long t0 = System.nanoTime();
        EngineException e = assertThrows(EngineException.class, s::sync);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(EngineException.Kind.TIMEOUT, e.kind());
        assertTrue(ms >= 350 && ms < 2000, "waited " + ms + " ms for a 400 ms timeout");
        // One line: what was asked and how long was waited; the engine's lines are in the log (issue 36).
        assertEquals("The engine Stockfish 15.1 did not answer isready within 0.4 seconds; it was ended.",
                e.text().render(Locale.ROOT));
        ch.exit().get(2, TimeUnit.SECONDS);
        assertEquals(SessionState.TERMINATED, s.state());
    }

    @Test
    void engineThatIgnoresStopIsEndedAfterTheStopTimeout() throws Exception {
        ScriptedChannel ch = stockfishHandshake()
                .expect("ucinewgame")
                .expect("isready", "readyok")
                .expect("position startpos")
                .expect("setoption name UCI_AnalyseMode value true")
                .expect("go infinite")
                .expect("stop");
        UciSession s = open(ch, UciSession.Dialect.UCI);
        s.newGame("chess");
        s.setPosition(TestGames.chess().startPosition(), List.of());
        CompletableFuture<BestMove> f = s.go(SearchLimits.infiniteAnalysis());
        long t0 = System.nanoTime();
        ExecutionException e = assertThrows(ExecutionException.class, () -> s.stop().get(3, TimeUnit.SECONDS));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < 1500, "stop took " + ms + " ms");
        assertEquals(EngineException.Kind.TIMEOUT, ((EngineException) e.getCause()).kind());
        assertTrue(f.isCompletedExceptionally());
        ch.exit().get(2, TimeUnit.SECONDS);
        assertEquals(SessionState.TERMINATED, s.state());
        ch.assertUsedUp();
    }

    @Test
    void ponderThenPonderHit() throws Exception {
        ScriptedChannel ch = stockfishHandshake()
                .expect("ucinewgame")
                .expect("isready", "readyok")
                .expect("position startpos moves e2e4 e7e5")
                .expect("go ponder wtime 60000 btime 55000 winc 1000 binc 1000 movestogo 20",
                        "info depth 5 score cp 20 pv g1f3 b8c6")
                .expect("ponderhit", "info depth 6 score cp 25 pv g1f3 b8c6", "bestmove g1f3 ponder b8c6");
        UciSession s = open(ch, UciSession.Dialect.UCI);
        Position start = TestGames.chess().startPosition();
        s.setPosition(start, TestGames.moves(TestGames.chess(), start, "e2e4", "e7e5"));
        SearchLimits.Clock clock = new SearchLimits.Clock(Duration.ofSeconds(60), Duration.ofSeconds(55),
                Duration.ofSeconds(1), Duration.ofSeconds(1), 20);
        CompletableFuture<BestMove> f = s.go(SearchLimits.clock(clock).withPonder(true));
        assertEquals(SessionState.PONDERING, s.state());
        ch.drain();
        assertFalse(f.isDone(), "a ponder search waits for ponderhit or stop");
        s.ponderHit();
        assertEquals("g1f3", f.get(2, TimeUnit.SECONDS).move().orElseThrow().coordinates(1));
        assertEquals(SessionState.IDLE, s.state());
        assertEquals("state.notPondering", assertThrows(EngineException.class, s::ponderHit).text().key());
        ch.assertUsedUp();
    }

    @Test
    void xboardEngineRejectsUciAtOnce() throws Exception {
        ScriptedChannel ch = new ScriptedChannel()
                .banner("tellics say     MaxQi 4.8 (G)")
                .expect("uci", "Error (unknown command): uci");
        EngineConfig config = Scripted.config();
        UciSession s = new UciSession(UciSession.Dialect.UCI, config, null, ch);
        long t0 = System.nanoTime();
        assertFalse(s.handshake(Duration.ofSeconds(2), true));
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 1000, "rejected without waiting for the timeout");
        s.abort();
    }
}

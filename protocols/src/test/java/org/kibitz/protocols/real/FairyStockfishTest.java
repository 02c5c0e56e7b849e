package org.kibitz.protocols.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.RealEngines;
import org.kibitz.protocols.testing.TestGames;
import org.kibitz.protocols.ucci.UcciProtocol;
import org.kibitz.protocols.uci.UciProtocol;
import org.kibitz.protocols.xboard.XboardProtocol;
import org.junit.jupiter.api.Test;

/** Fairy-Stockfish 11.1 in each of its modes: UCI (xiangqi ranks 1-10, and chess), UCCI, xboard. */
class FairyStockfishTest {

    static EngineConfig config() {
        return EngineConfig.of("Fairy-Stockfish", List.of(RealEngines.require("fairy-stockfish")));
    }

    /** A xiangqi line with captures, for UCCI's position from the last capture. */
    static List<Move> xiangqiLine(Position start) {
        return TestGames.moves(TestGames.xiangqi(), start, "h2e2", "h9g7", "e2e6", "g6g5", "h0g2");
    }

    @Test
    void uciXiangqiWithRanksFromOne() throws Exception {
        GamePlugin xq = TestGames.xiangqi();
        try (EngineSession s = new UciProtocol().open(config(), TestGames.games())) {
            assertEquals(Set.of("chess", "xiangqi"), Set.copyOf(s.info().games()));
            Recorder rec = new Recorder();
            s.addListener(rec);
            s.newGame("xiangqi");
            assertEquals(1, s.info().conventions().rankBase().getAsInt(), "Fairy-Stockfish counts xiangqi ranks from 1 in UCI");
            Position start = xq.startPosition();
            List<Move> line = xiangqiLine(start);
            s.setPosition(start, line);
            Position root = after(start, line);
            BestMove best = s.go(SearchLimits.depth(8).withMultiPv(2)).get(30, TimeUnit.SECONDS);
            List<AnalysisUpdate> u = rec.of(AnalysisUpdate.class);
            RealEngineSupport.assertLegal(root, best, u);
            assertEquals(2, RealEngineSupport.lines(u));
            assertTrue(u.stream().mapToInt(x -> x.pv().size()).max().orElse(0) >= 4, "long PVs read in 0-9 ranks");
            RealEngineSupport.analyseAndStop(s, root, rec, 300);
        }
    }

    @Test
    void uciChess() throws Exception {
        GamePlugin chess = TestGames.chess();
        try (EngineSession s = new UciProtocol().open(config(), TestGames.games())) {
            Recorder rec = new Recorder();
            s.addListener(rec);
            Position start = TestGames.fen(chess, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
            s.setPosition(start, List.of());
            BestMove best = s.go(SearchLimits.depth(8)).get(30, TimeUnit.SECONDS);
            RealEngineSupport.assertLegal(start, best, rec.of(AnalysisUpdate.class));
        }
    }

    @Test
    void ucciFromTheLastCaptureAndOwnMoveTime() throws Exception {
        GamePlugin xq = TestGames.xiangqi();
        try (EngineSession s = new UcciProtocol().open(config(), TestGames.games())) {
            assertEquals("ucci", s.info().protocol());
            assertEquals(Set.of("xiangqi"), s.info().games());
            assertEquals(0, s.info().conventions().rankBase().getAsInt());
            Recorder rec = new Recorder();
            s.addListener(rec);
            Position start = xq.startPosition();
            List<Move> line = xiangqiLine(start);
            s.setPosition(start, line);
            Position root = after(start, line);
            BestMove best = s.go(SearchLimits.depth(8).withMultiPv(2)).get(30, TimeUnit.SECONDS);
            RealEngineSupport.assertLegal(root, best, rec.of(AnalysisUpdate.class));
            assertEquals(2, RealEngineSupport.lines(rec.of(AnalysisUpdate.class)));
            long t0 = System.nanoTime();
            BestMove timed = s.go(SearchLimits.moveTime(Duration.ofMillis(300))).get(5, TimeUnit.SECONDS);
            long ms = RealEngineSupport.since(t0).toMillis();
            assertTrue(ms >= 290 && ms < 2000, "300 ms search took " + ms);
            assertTrue(root.isLegal(timed.move().orElseThrow()));
            RealEngineSupport.analyseAndStop(s, root, rec, 300);
            assertTrue(rec.all().stream().anyMatch(e -> e instanceof org.kibitz.api.engine.EngineEvent.EngineLine l
                    && l.text().startsWith("position fen ") && l.text().endsWith("moves g6g5 h0g2")),
                    "the position is sent from the last capture");
        }
    }

    @Test
    void xboardAnalyzeGoAndStop() throws Exception {
        GamePlugin xq = TestGames.xiangqi();
        try (EngineSession s = new XboardProtocol().open(config(), TestGames.games())) {
            assertEquals("Fairy-Stockfish", s.info().name());
            assertTrue(s.info().games().containsAll(Set.of("chess", "xiangqi")));
            Recorder rec = new Recorder();
            s.addListener(rec);
            s.newGame("xiangqi");
            Position start = xq.startPosition();
            List<Move> line = xiangqiLine(start);
            s.setPosition(start, line);
            Position root = after(start, line);
            BestMove best = s.go(SearchLimits.depth(7)).get(30, TimeUnit.SECONDS);
            RealEngineSupport.assertLegal(root, best, rec.of(AnalysisUpdate.class));
            RealEngineSupport.analyseAndStop(s, root, rec, 400);
            int before = rec.of(AnalysisUpdate.class).size();
            BestMove multi = s.go(SearchLimits.depth(6).withMultiPv(3)).get(30, TimeUnit.SECONDS);
            List<AnalysisUpdate> u = rec.of(AnalysisUpdate.class);
            RealEngineSupport.assertLegal(root, multi, u.subList(before, u.size()));
            assertEquals(3, RealEngineSupport.lines(u.subList(before, u.size())), "MultiPV through the MultiPV option");
        }
    }

    static Position after(Position start, List<Move> line) {
        Position p = start;
        for (Move m : line) {
            p = p.play(m);
        }
        return p;
    }
}

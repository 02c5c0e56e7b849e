package org.kibitz.protocols.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.RealEngines;
import org.kibitz.protocols.testing.TestGames;
import org.kibitz.protocols.uci.UciProtocol;
import org.junit.jupiter.api.Test;

/** Stockfish 15.1, UCI chess: the reference engine. */
class StockfishTest {

    @Test
    void probeAnalyseWithMultiPvStopAndQuit() throws Exception {
        String sf = RealEngines.require("stockfish");
        EngineConfig config = EngineConfig.of("Stockfish", List.of(sf));
        long t0 = System.nanoTime();
        EngineProber.Result probe = EngineProber.fromClassPath().probe(config);
        assertTrue(RealEngineSupport.since(t0).toMillis() < 3000, "probed in " + RealEngineSupport.since(t0));
        assertEquals("uci", probe.protocol().id());
        assertEquals("Stockfish 15.1", probe.info().name());
        assertEquals(Set.of("chess"), probe.info().games());
        assertTrue(probe.info().option("MultiPV").orElseThrow() instanceof EngineOption.Spin);

        GamePlugin chess = TestGames.chess();
        try (EngineSession s = new UciProtocol().open(config, TestGames.games())) {
            Recorder rec = new Recorder();
            s.addListener(rec);
            Position start = chess.startPosition();
            var line = TestGames.moves(chess, start, "e2e4", "e7e5", "g1f3");
            s.newGame("chess");
            s.setPosition(start, line);
            Position root = start.play(line.get(0)).play(line.get(1)).play(line.get(2));
            BestMove best = s.go(SearchLimits.depth(10).withMultiPv(3)).get(30, TimeUnit.SECONDS);
            List<AnalysisUpdate> u = rec.of(AnalysisUpdate.class);
            RealEngineSupport.assertLegal(root, best, u);
            assertEquals(3, RealEngineSupport.lines(u));
            assertTrue(u.stream().anyMatch(x -> x.depth().orElse(0) == 10 && x.multipv() == 3));

            RealEngineSupport.analyseAndStop(s, root, rec, 400);

            // The workbench's restart: a new position while analysing.
            var f1 = s.go(SearchLimits.infiniteAnalysis());
            Thread.sleep(150);
            var line2 = TestGames.moves(chess, start, "d2d4");
            var f2 = s.search(start, line2, SearchLimits.infiniteAnalysis());
            assertTrue(f1.isDone());
            Thread.sleep(150);
            BestMove b2 = s.stop().get(5, TimeUnit.SECONDS);
            assertTrue(f2.isDone());
            assertTrue(start.play(line2.get(0)).isLegal(b2.move().orElseThrow()));
        }
    }

    @Test
    void quitEndsTheProcessCleanly() throws Exception {
        String sf = RealEngines.require("stockfish");
        EngineSession s = new UciProtocol().open(EngineConfig.of("Stockfish", List.of(sf)), TestGames.games());
        s.close();
        assertEquals(SessionState.TERMINATED, s.state());
        assertEquals(0, s.exit().orElseThrow().exitCode().getAsInt());
        assertTrue(s.exit().orElseThrow().requested());
    }
}

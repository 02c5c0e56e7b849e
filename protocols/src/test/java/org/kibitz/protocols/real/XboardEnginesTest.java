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
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.RealEngines;
import org.kibitz.protocols.testing.TestGames;
import org.kibitz.protocols.xboard.XboardProtocol;
import org.junit.jupiter.api.Test;

/** The CECP engines: MaxQi (xiangqi), Fairy-Max and GNU Chess 6 (chess). */
class XboardEnginesTest {

    @Test
    void maxQi() throws Exception {
        EngineConfig config = EngineConfig.of("MaxQi", List.of(RealEngines.require("maxqi")));
        long t0 = System.nanoTime();
        EngineProber.Result probe = EngineProber.fromClassPath().probe(config);
        assertTrue(RealEngineSupport.since(t0).toMillis() < 6000, "probed in " + RealEngineSupport.since(t0));
        assertEquals("xboard", probe.protocol().id());
        assertEquals("MaxQi 4.8G", probe.info().name());
        assertEquals(Set.of("xiangqi"), probe.info().games());

        GamePlugin xq = TestGames.xiangqi();
        try (EngineSession s = new XboardProtocol().open(config, TestGames.games())) {
            Recorder rec = new Recorder();
            s.addListener(rec);
            Position start = xq.startPosition();
            List<Move> line = TestGames.moves(xq, start, "h2e2", "h9g7");
            s.setPosition(start, line);
            Position root = start.play(line.get(0)).play(line.get(1));
            BestMove best = s.go(SearchLimits.depth(5)).get(30, TimeUnit.SECONDS);
            RealEngineSupport.assertLegal(root, best, rec.of(AnalysisUpdate.class));
            // MaxQi has no analyze and reads nothing while it thinks: analysis runs on go, and
            // stopping it replaces the process.
            long before = ProcessHandle.current().descendants().count();
            RealEngineSupport.analyseAndStop(s, root, rec, 500);
            RealEngineSupport.analyseAndStop(s, root, rec, 300);
            Thread.sleep(200);
            assertEquals(before, ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count(),
                    "the replaced processes are gone");
            // A position no moves lead to, Black to move: set up with edit.
            Position black = TestGames.fen(xq, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
            s.setPosition(black, List.of());
            BestMove b = s.go(SearchLimits.depth(4)).get(30, TimeUnit.SECONDS);
            assertTrue(black.isLegal(b.move().orElseThrow()), "MaxQi answers for Black after edit: " + b);
        }
    }

    @Test
    void fairyMax() throws Exception {
        EngineConfig config = EngineConfig.of("Fairy-Max", List.of(RealEngines.require("fairymax")));
        GamePlugin chess = TestGames.chess();
        try (EngineSession s = new XboardProtocol().open(config, TestGames.games())) {
            assertEquals("Fairy-Max 5.0b", s.info().name());
            assertTrue(s.info().games().contains("chess"));
            assertTrue(s.info().option("Resign Threshold").isPresent());
            Recorder rec = new Recorder();
            s.addListener(rec);
            Position start = chess.startPosition();
            List<Move> line = TestGames.moves(chess, start, "e2e4", "c7c5");
            s.setPosition(start, line);
            Position root = start.play(line.get(0)).play(line.get(1));
            BestMove best = s.go(SearchLimits.depth(5)).get(30, TimeUnit.SECONDS);
            RealEngineSupport.assertLegal(root, best, rec.of(AnalysisUpdate.class));
            RealEngineSupport.analyseAndStop(s, root, rec, 400);
            Position fen = TestGames.fen(chess, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
            s.setPosition(fen, List.of());
            BestMove edited = s.go(SearchLimits.moveTime(Duration.ofMillis(300))).get(10, TimeUnit.SECONDS);
            assertTrue(fen.isLegal(edited.move().orElseThrow()), "Fairy-Max answers for Black after edit");
        }
    }

    @Test
    void gnuChess() throws Exception {
        EngineConfig config = EngineConfig.of("GNU Chess", List.of(RealEngines.require("gnuchess"), "-x"));
        GamePlugin chess = TestGames.chess();
        try (EngineSession s = new XboardProtocol().open(config, TestGames.games())) {
            assertEquals("GNU Chess", s.info().name());
            Recorder rec = new Recorder();
            s.addListener(rec);
            Position fen = TestGames.fen(chess, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
            List<Move> line = TestGames.moves(chess, fen, "g8f6");
            s.setPosition(fen, line);
            Position root = fen.play(line.get(0));
            BestMove best = s.go(SearchLimits.depth(6)).get(30, TimeUnit.SECONDS);
            List<AnalysisUpdate> u = rec.of(AnalysisUpdate.class);
            RealEngineSupport.assertLegal(root, best, u);
            assertTrue(u.stream().anyMatch(x -> x.pv().size() >= 3), "SAN PVs read as moves");
            RealEngineSupport.analyseAndStop(s, root, rec, 400);
        }
    }

    @Test
    void probeFindsEachProtocolAndLeavesNothing() throws Exception {
        EngineConfig gnu = EngineConfig.of("GNU Chess", List.of(RealEngines.require("gnuchess"), "-x"));
        // GNU Chess 6 now and then says nothing for seconds after it starts, longer on a loaded
        // machine: with the default 3 s a protocol, detection failed in CI once (every protocol's
        // start silent). Each protocol gets 10 s here, as CliEngineTest's --wait gives it; what is
        // checked is what the probe finds and that it leaves nothing running, not how soon.
        //
        // With 10 s it still failed in CI once more. Under gdb a silent GNU Chess 6.2.7 shows its
        // main thread waiting on a condition variable while its input thread, past the signal,
        // blocks reading the next line: a lost wakeup inside GNU Chess. The session's nudges and
        // resent protover, and the probe's own new starts of a silent engine (ProtocolSupport),
        // make it rare, not impossible. The test allows the whole probe a second time, as a user
        // would try again, but only after that silence (every protocol tried, none answered): any
        // other failure is our prober's and fails at once, and the first failure is reported
        // either way (printed when the second probe finds the engine, attached when it does not).
        // What the probe finds and that nothing is left running are still checked, the failed
        // first probe's processes included.
        EngineProber.Result r;
        try {
            r = EngineProber.fromClassPath().probe(gnu, Duration.ofSeconds(10));
        } catch (org.kibitz.api.engine.EngineException first) {
            if (!silentThroughout(first)) {
                throw first;
            }
            System.err.println("XboardEnginesTest: GNU Chess said nothing to any protocol; probing again. First failure: "
                    + first.getMessage());
            try {
                r = EngineProber.fromClassPath().probe(gnu, Duration.ofSeconds(10));
            } catch (org.kibitz.api.engine.EngineException second) {
                second.addSuppressed(first);
                throw second;
            }
        }
        assertEquals("xboard", r.protocol().id());
        assertEquals(Set.of("chess"), r.info().games());
        EngineConfig fm = EngineConfig.of("Fairy-Max", List.of(RealEngines.require("fairymax")));
        assertEquals("xboard", EngineProber.fromClassPath().probe(fm).protocol().id());
        // A session closed by its owner is over, and its process with it.
        EngineSession closed = new XboardProtocol().open(fm, TestGames.games());
        closed.close();
        assertEquals(SessionState.TERMINATED, closed.state(), "a closed session is terminated");
        Thread.sleep(300);
        assertEquals(0, ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count(), "no probe left running");
    }

    /**
     * The probe's answer when the engine said nothing to any protocol (GNU Chess's lost wakeup), as
     * opposed to a start that failed, an engine that died, or one that answered wrongly.
     */
    private static boolean silentThroughout(org.kibitz.api.engine.EngineException e) {
        return e.kind() == org.kibitz.api.engine.EngineException.Kind.UNSUPPORTED
                && e.text().key().equals("probe.unrecognised");
    }
}

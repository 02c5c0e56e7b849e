package org.kibitz.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.engine.BuiltinEngine;

/**
 * The engine as its own process, driven through our own protocol clients exactly as the workbench
 * drives Stockfish: every protocol, every game it offers there. Also prints how fast it answered
 * {@code stop} and how long closing took (the issue asks 50 ms and 200 ms; asserted loosely here,
 * since a loaded machine delays any process, and measured by {@code kibitz bench engine}).
 */
class ConformanceTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            uci    | chess   | e2e4 c7c5     | r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3
            uci    | xiangqi | h2e2 h9g7     | rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1
            ucci   | xiangqi | h2e2 h9g7     | rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1
            xboard | chess   | e2e4 c7c5     | r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3
            xboard | xiangqi | h2e2 h9g7     | rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1
            """)
    void throughOurClient(String protocol, String gameId, String opening, String blackToMove) throws Exception {
        EngineConfig config = BuiltinEngine.config(protocol);
        GamePlugin game = Sessions.game(gameId);
        List<Long> stops = new ArrayList<>();
        long closeMs;
        EngineSession s = Sessions.protocol(protocol).open(config, Sessions.GAMES);
        try {
            assertEquals("Kibitz engine", s.info().name());
            assertEquals(protocol, s.info().protocol());
            assertEquals(protocol.equals("ucci") ? Set.of("xiangqi") : Set.of("chess", "xiangqi"), s.info().games());
            Sessions.Recorder rec = new Sessions.Recorder();
            s.addListener(rec);

            s.newGame(gameId);
            Position start = game.startPosition();
            List<Move> line = Sessions.moves(game, start, opening.split(" "));
            s.setPosition(start, line);
            Position root = start.play(line.get(0)).play(line.get(1));
            // (The client may search the start position once to learn an unknown engine's rank numbers.)
            rec.clear();
            BestMove best = s.go(SearchLimits.depth(5)).get(30, TimeUnit.SECONDS);
            List<AnalysisUpdate> updates = rec.of(AnalysisUpdate.class);
            Sessions.assertLegal(root, best, updates);
            assertTrue(updates.stream().anyMatch(u -> u.depth().orElse(0) == 5 && u.pv().size() >= 2), "a depth 5 line with a PV");

            // Analysis until stopped, a few times: how fast does the best move come?
            for (int i = 0; i < 4; i++) {
                rec.clear();
                CompletableFuture<BestMove> f = s.go(SearchLimits.infiniteAnalysis());
                Thread.sleep(250);
                // An xboard analysis has a best move only once the engine said a line (its stop answers no
                // move): on a busy machine the first line may come later than 250 ms, so wait for it.
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (rec.of(AnalysisUpdate.class).stream().allMatch(u -> u.pv().isEmpty()) && System.nanoTime() < until) {
                    Thread.sleep(10);
                }
                assertFalse(f.isDone(), "analysis runs until stopped");
                long t0 = System.nanoTime();
                BestMove b = s.stop().get(5, TimeUnit.SECONDS);
                stops.add((System.nanoTime() - t0) / 1_000_000);
                assertEquals(SessionState.IDLE, s.state());
                Sessions.assertLegal(root, b, rec.of(AnalysisUpdate.class));
                assertTrue(rec.of(AnalysisUpdate.class).stream().anyMatch(u -> !u.pv().isEmpty()), "lines while analysing");
            }

            // A position no moves lead to, Black to move, and other limits.
            Position fen = Sessions.fen(game, blackToMove);
            s.setPosition(fen, List.of());
            rec.clear();
            BestMove timed = s.go(SearchLimits.moveTime(Duration.ofMillis(300))).get(10, TimeUnit.SECONDS);
            Sessions.assertLegal(fen, timed, rec.of(AnalysisUpdate.class));
            rec.clear();
            SearchLimits.Clock clock = new SearchLimits.Clock(Duration.ofSeconds(5), Duration.ofSeconds(5),
                    Duration.ofMillis(50), Duration.ofMillis(50), 0);
            BestMove clocked = s.go(SearchLimits.clock(clock)).get(10, TimeUnit.SECONDS);
            Sessions.assertLegal(fen, clocked, rec.of(AnalysisUpdate.class));
            if (!protocol.equals("xboard")) {
                rec.clear();
                BestMove byNodes = s.go(SearchLimits.nodes(20_000)).get(10, TimeUnit.SECONDS);
                Sessions.assertLegal(fen, byNodes, rec.of(AnalysisUpdate.class));
                long reported = rec.of(AnalysisUpdate.class).stream().mapToLong(u -> u.nodes().orElse(0)).max().orElse(0);
                assertTrue(reported <= 20_000, "nodes reported " + reported);
            }
            if (protocol.equals("uci")) {
                rec.clear();
                BestMove multi = s.go(SearchLimits.depth(4).withMultiPv(3)).get(10, TimeUnit.SECONDS);
                List<AnalysisUpdate> u = rec.of(AnalysisUpdate.class);
                Sessions.assertLegal(fen, multi, u);
                assertEquals(3, u.stream().filter(x -> x.depth().orElse(0) == 4).map(AnalysisUpdate::multipv).distinct().count());
                List<Move> only = fen.legalMoves().subList(0, 2);
                BestMove restricted = s.go(SearchLimits.depth(3).withSearchMoves(only)).get(10, TimeUnit.SECONDS);
                assertTrue(only.contains(restricted.move().orElseThrow()), "searchmoves honoured");
            }
        } finally {
            long t0 = System.nanoTime();
            s.close();
            closeMs = (System.nanoTime() - t0) / 1_000_000;
        }
        assertTrue(s.exit().isPresent(), "the process ended");
        List<Long> sorted = new ArrayList<>(stops);
        Collections.sort(sorted);
        long median = sorted.get(sorted.size() / 2);
        System.out.printf("[engine] %s %s: stop answered in %s ms (median %d), close took %d ms%n", protocol, gameId, stops, median, closeMs);
        // The figures are printed above and measured by `kibitz bench engine`; what the test holds the
        // engine to is that every stop was answered (within the 5 s each waits) and that close ended
        // the process.
    }
}

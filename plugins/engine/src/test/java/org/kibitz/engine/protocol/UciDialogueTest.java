package org.kibitz.engine.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * UCI exchanges as the specification's boot-and-analyse example conducts them, with info lines in
 * Stockfish 15.1's field order, answered as a real engine answers them (the facts are in this
 * package's test resource {@code dialogues.md}).
 */
class UciDialogueTest {

    /** An info line with a PV, in the field order Stockfish uses. */
    static final Pattern INFO = Pattern.compile(
            "info depth (\\d+) seldepth (\\d+) multipv (\\d+) score (cp -?\\d+|mate -?\\d+)( lowerbound| upperbound)?"
                    + " nodes (\\d+) nps (\\d+) hashfull (\\d+) time (\\d+) pv ((?:[a-i]\\d{1,2}[a-i]\\d{1,2}[nbrq]? ?)+)");

    @Test
    void theSpecificationsBootAndAnalysisExample() throws Exception {
        try (Dialogue d = Dialogue.start(null)) {
            d.send("uci");
            List<String> boot = d.until("uciok"::equals, Duration.ofSeconds(10), "uciok");
            assertEquals("id name Kibitz engine", boot.get(0));
            assertTrue(boot.get(1).startsWith("id author "));
            for (String l : boot.subList(2, boot.size() - 1)) {
                assertTrue(l.matches("option name .+ type (check|spin|combo|button|string)( default.*)?"), l);
            }
            assertTrue(boot.contains("option name UCI_Variant type combo default chess var chess var xiangqi"));
            assertTrue(boot.stream().anyMatch(l -> l.startsWith("option name MultiPV type spin")));
            // "now the GUI sets some values in the engine"
            d.send("setoption name Hash value 32", "setoption name NalimovCache value 1",
                    "setoption name NalimovPath value d:\\tb;c\\tb");
            d.expect("info string No such option: NalimovCache");
            d.send("isready");
            d.expect("readyok");
            d.send("ucinewgame", "setoption name UCI_AnalyseMode value true", "position startpos moves e2e4 e7e5", "go infinite");
            d.expect(l -> INFO.matcher(l).matches(), Duration.ofSeconds(10), "info lines");
            d.silence(l -> l.startsWith("bestmove"), 500, "best move before stop");
            long t0 = System.nanoTime();
            d.send("stop");
            String best = d.expectStart("bestmove ");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 1000, "stop answered at once (the figure: kibitz bench engine), took " + ms + " ms");
            Matcher m = Pattern.compile("bestmove (\\S+) ponder (\\S+)").matcher(best);
            assertTrue(m.matches(), best);
            var root = Game.CHESS.setUp(null, List.of("e2e4", "e7e5"), false);
            assertTrue(root.parseMove(m.group(1)) != 0, "legal best move " + best);
            assertTrue(Game.CHESS.setUp(null, List.of("e2e4", "e7e5", m.group(1)), false).parseMove(m.group(2)) != 0,
                    "legal ponder move " + best);
            Duration quit = d.quit();
            assertTrue(quit.toMillis() < 1000, "quit at once, took " + quit.toMillis() + " ms");
        }
    }

    @Test
    void theStockfishTranscript() throws Exception {
        try (Dialogue d = Dialogue.start(null)) {
            d.send("uci");
            d.expect("uciok");
            d.send("setoption name Threads value 2", "setoption name clear hash", "isready", "isready");
            d.expect("readyok");
            d.expect("readyok");
            // "go node 10" (sic): not a limit, so, like Stockfish, the engine thinks until stopped.
            d.send("go node 10");
            String first = d.expect(l -> l.startsWith("info depth 1 "), Duration.ofSeconds(10), "depth 1");
            assertTrue(INFO.matcher(first).matches(), first);
            d.silence(l -> l.startsWith("bestmove"), 300, "best move before stop");
            d.send("stop");
            assertTrue(d.expectStart("bestmove ").matches("bestmove [a-h][1-8][a-h][1-8] ponder [a-h][1-8][a-h][1-8]"));
        }
    }

    @Test
    void everyGoGetsOneBestMoveWhateverTheLimit() throws Exception {
        try (Dialogue d = Dialogue.start("uci")) {
            d.send("uci", "isready");
            d.expect("readyok");
            for (String go : List.of("go depth 3", "go nodes 2000", "go movetime 100", "go wtime 2000 btime 2000 winc 10 binc 10",
                    "go wtime 500 btime 500 movestogo 1", "go mate 2", "go depth 2 searchmoves a7a6 h7h6")) {
                d.send("position startpos moves e2e4", go);
                String best = d.expectStart("bestmove ");
                assertTrue(best.matches("bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?"), go + ": " + best);
                if (go.contains("searchmoves")) {
                    assertTrue(best.startsWith("bestmove a7a6") || best.startsWith("bestmove h7h6"), best);
                }
                d.send("isready");
                d.expect("readyok");
            }
            d.assertNoMore(l -> l.startsWith("bestmove"));
        }
    }

    @Test
    void mateScoresAndTheEndOfTheGame() throws Exception {
        try (Dialogue d = Dialogue.start("uci")) {
            d.send("uci", "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "go depth 4");
            d.expect(l -> l.contains(" score mate 1 "), Duration.ofSeconds(10), "mate in 1");
            d.expect("bestmove d1d8");
            d.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 moves d1d8", "go depth 4");
            d.expect("info depth 0 score mate 0");
            d.expect("bestmove 0000");
        }
    }

    @Test
    void xiangqiThroughUciVariant() throws Exception {
        try (Dialogue d = Dialogue.start("uci")) {
            d.send("uci", "setoption name UCI_Variant value xiangqi", "setoption name MultiPV value 3", "isready");
            d.expect("readyok");
            d.send("position startpos moves h2e2 h9g7", "go depth 5");
            List<String> lines = d.until(l -> l.startsWith("bestmove"), Duration.ofSeconds(20), "bestmove");
            long depth5 = lines.stream().filter(l -> l.startsWith("info depth 5 ")).count();
            assertEquals(3, depth5, "three lines at depth 5");
            for (String l : lines.subList(0, lines.size() - 1)) {
                if (!l.startsWith("info string")) {
                    assertTrue(INFO.matcher(l).matches(), l);
                }
            }
            String best = lines.get(lines.size() - 1).split(" ")[1];
            assertTrue(Game.XIANGQI.setUp(null, List.of("h2e2", "h9g7"), false).parseMove(best) != 0, best);
            // A 10-rank FEN is xiangqi whatever the variant option says.
            d.send("setoption name UCI_Variant value chess", "setoption name MultiPV value 1",
                    "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "go depth 3");
            String b2 = d.expectStart("bestmove ");
            assertTrue(Game.XIANGQI.setUpStart().parseMove(b2.split(" ")[1]) != 0, b2);
        }
    }

    @Test
    void badInputIsReportedAndNothingElseIsLost() throws Exception {
        try (Dialogue d = Dialogue.start("uci")) {
            d.send("uci", "position fen 8/8/8/8/8/8/8/8 w - - 0 1");
            d.expect(l -> l.startsWith("info string invalid chess FEN"), Duration.ofSeconds(5), "the FEN error");
            d.send("go depth 2");
            d.expect(l -> l.startsWith("info string no position to search"), Duration.ofSeconds(5), "why there is no move");
            d.expect("bestmove 0000");
            d.send("position startpos moves e2e4 e7e5 e1e3 g1f3");
            d.expect(l -> l.startsWith("info string illegal move e1e3 (move 3 of 4)"), Duration.ofSeconds(5), "the bad move");
            // The position stands as far as it was good: after e2e4 e7e5, White to move.
            d.send("go depth 2");
            String best = d.expectStart("bestmove ");
            assertTrue(Game.CHESS.setUp(null, List.of("e2e4", "e7e5"), false).parseMove(best.split(" ")[1]) != 0, best);
            d.send("joho debug on", "isready");
            d.expect("readyok");
        }
    }
}

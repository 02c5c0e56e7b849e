package org.kibitz.engine.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * UCCI exchanges as the protocol lays them down (the facts are in this package's test resource
 * {@code dialogues.md}): the boot, the five position cases (FEN after the last capture plus the moves
 * since), {@code banmoves}, {@code go depth 0} and pondering as a GUI conducts it (the engine plays Red on a
 * sudden-death clock, ponders on the reply it expects, and is hit or missed).
 */
class UcciDialogueTest {

    private static final String START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    private static final String CAPTURED = "rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2";

    @Test
    void bootIdentifiesAndOffersOptionsWithoutName() throws Exception {
        try (Dialogue d = Dialogue.start(null)) {
            d.send("ucci");
            List<String> boot = d.until("ucciok"::equals, Duration.ofSeconds(10), "ucciok");
            assertEquals("id name Kibitz engine", boot.get(0));
            assertTrue(boot.stream().allMatch(l -> l.startsWith("id ") || l.startsWith("option ") || l.equals("ucciok")), boot.toString());
            for (String l : boot) {
                if (l.startsWith("option ")) {
                    assertTrue(l.matches("option [a-z]+ type (label|button|check|combo|spin|string)( .*)?"), l);
                }
            }
            assertTrue(boot.contains("option usemillisec type check default false"));
            d.send("setoption usemillisec true", "setoption hashsize 32", "setoption newgame", "setoption nosuchthing 3", "isready");
            d.expect("readyok");
            long t0 = System.nanoTime();
            d.send("quit");
            d.expect("bye");
            assertTrue((System.nanoTime() - t0) / 1_000_000 < 1000, "bye at once (the figure: kibitz bench engine)");
        }
    }

    @Test
    void theFivePositionCases() throws Exception {
        List<String[]> cases = List.of(
                new String[] {START},
                new String[] {START, "h2e2"},
                new String[] {START, "h2e2", "h7e7"},
                new String[] {CAPTURED},
                new String[] {CAPTURED, "d9e8"});
        try (Dialogue d = Dialogue.start("ucci")) {
            d.send("ucci");
            d.expect("ucciok");
            for (String[] c : cases) {
                List<String> moves = Arrays.asList(c).subList(1, c.length);
                d.send("position fen " + c[0] + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves)), "go depth 4");
                List<String> out = d.until(l -> l.startsWith("bestmove") || l.equals("nobestmove"), Duration.ofSeconds(20), "bestmove");
                assertTrue(out.stream().anyMatch(l -> l.matches("info depth 4 score -?\\d+ pv [a-i]\\d[a-i]\\d.*")), out.toString());
                assertTrue(out.stream().anyMatch(l -> l.matches("info time \\d+ nodes \\d+")), out.toString());
                String best = out.get(out.size() - 1).split(" ")[1];
                assertTrue(Game.XIANGQI.setUp(c[0], moves, false).parseMove(best) != 0, best + " legal");
            }
        }
    }

    @Test
    void banmovesHoldUntilTheNextPosition() throws Exception {
        try (Dialogue d = Dialogue.start("ucci")) {
            // A new game before each search, so that the table does not carry one search into the next.
            d.send("ucci", "setoption newgame", "position startpos", "go depth 3");
            String free = d.expectStart("bestmove ").split(" ")[1];
            d.send("setoption newgame", "position startpos", "banmoves " + free, "go depth 3");
            String banned = d.expectStart("bestmove ").split(" ")[1];
            assertNotEquals(free, banned);
            d.send("setoption newgame", "position startpos", "go depth 3");
            assertEquals(free, d.expectStart("bestmove ").split(" ")[1], "a new position clears the ban");
        }
    }

    @Test
    void depthZeroAndMatesAndNoMove() throws Exception {
        try (Dialogue d = Dialogue.start("ucci")) {
            d.send("ucci", "position startpos", "go depth 0");
            d.expect(l -> l.matches("info depth 0 score -?\\d+"), Duration.ofSeconds(5), "the static score");
            d.expect("nobestmove");
            // Mate in 2 for Red: ElephantEye-style score 10000 - 3 plies.
            d.send("position fen 4k4/9/9/9/9/9/9/9/1R7/1R1K5 w - - 0 1", "go depth 5");
            d.expect(l -> l.startsWith("info depth ") && l.contains(" score 9997 "), Duration.ofSeconds(10), "score 9997");
            d.expectStart("bestmove ");
            // Black is stalemated: no move at all.
            d.send("position fen 3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", "go depth 3");
            d.expect("nobestmove");
        }
    }

    @Test
    void ponderingHitAndMissAsInTheExample() throws Exception {
        try (Dialogue d = Dialogue.start("ucci")) {
            d.send("ucci", "setoption usemillisec false", "position fen " + START, "go time 20 increment 0");
            String[] first = d.expectStart("bestmove ").split(" ");
            assertEquals("ponder", first[2], "a move to ponder on");
            String mine = first[1];
            String expected = first[3];

            // The engine ponders on the reply it expects; the clock does not run: no move yet.
            d.send("position fen " + START + " moves " + mine + " " + expected, "go ponder time 19 increment 0");
            d.silence(l -> l.startsWith("bestmove"), 400, "a move while pondering");
            // (1) The user played the expected move: ponderhit, and the move comes on the engine's time.
            long t0 = System.nanoTime();
            d.send("ponderhit");
            String hit = d.expectStart("bestmove ");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 3000, "moved " + ms + " ms after ponderhit");
            List<String> line = new ArrayList<>(List.of(mine, expected, hit.split(" ")[1]));
            assertTrue(Game.XIANGQI.setUp(START, line.subList(0, 2), false).parseMove(line.get(2)) != 0, hit);

            // (2) A miss: stop the pondering, then think on the move really played.
            d.send("position fen " + START + " moves " + String.join(" ", line) + " " + hit.split(" ")[3], "go ponder time 18 increment 0");
            d.silence(l -> l.startsWith("bestmove"), 200, "a move while pondering");
            d.send("stop");
            d.expectStart("bestmove ");
            d.send("position fen " + START + " moves " + String.join(" ", line) + " a6a5", "go time 18 increment 0");
            String real = d.expectStart("bestmove ").split(" ")[1];
            List<String> played = new ArrayList<>(line);
            played.add("a6a5");
            assertTrue(Game.XIANGQI.setUp(START, played, false).parseMove(real) != 0, real);
        }
    }
}

package org.kibitz.engine.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * CECP exchanges as XBoard and our own client conduct them (the facts: this package's test resource
 * {@code dialogues.md}): the protover 2 handshake, a game in both variants with the engine answering
 * the user's moves, setboard with XBoard's own xiangqi letters, analyze mode with {@code .} and {@code exit}, ping, undo, and the
 * thinking output's shape.
 */
class XboardDialogueTest {

    /** {@code ply score time nodes pv}. */
    static final Pattern THINKING = Pattern.compile("\\d+ -?\\d+ \\d+ \\d+ [a-i]\\d{1,2}[a-i]\\d{1,2}[nbrq]?( [a-i]\\d{1,2}[a-i]\\d{1,2}[nbrq]?)*");

    @Test
    void protover2Features() throws Exception {
        try (Dialogue d = Dialogue.start(null)) {
            d.send("xboard", "protover 2");
            List<String> f = d.until(l -> l.equals("feature done=1"), Duration.ofSeconds(10), "feature done=1");
            String all = String.join(" ", f);
            for (String want : List.of("ping=1", "setboard=1", "usermove=1", "analyze=1", "colors=0", "sigint=0", "sigterm=0",
                    "variants=\"normal,xiangqi\"", "myname=\"Kibitz engine\"")) {
                assertTrue(all.contains(want), want + " in " + all);
            }
            assertTrue(f.stream().allMatch(l -> l.startsWith("feature ")), f.toString());
            d.send("accepted ping", "rejected sigint", "ping 7");
            d.expect("pong 7");
            long t0 = System.nanoTime();
            d.quit();
            assertTrue((System.nanoTime() - t0) / 1_000_000 < 1000, "quit at once");
        }
    }

    @Test
    void aChessGameAgainstTheUser() throws Exception {
        try (Dialogue d = Dialogue.start("xboard")) {
            d.send("xboard", "protover 2", "new", "post", "level 0 0:30 0", "time 3000", "otim 3000", "usermove e2e4");
            List<String> out = d.until(l -> l.startsWith("move "), Duration.ofSeconds(20), "the engine's move");
            List<String> moves = new ArrayList<>(List.of("e2e4"));
            String reply = out.get(out.size() - 1).substring(5);
            assertTrue(Game.CHESS.setUp(null, moves, false).parseMove(reply) != 0, reply);
            assertTrue(out.stream().anyMatch(l -> THINKING.matcher(l).matches()), "thinking output: " + out);
            moves.add(reply);
            // An illegal move is refused and changes nothing.
            d.send("usermove e2e5");
            d.expect("Illegal move: e2e5");
            d.send("time 2900", "otim 2900", "usermove g1f3");
            String second = d.expectStart("move ").substring(5);
            moves.add("g1f3");
            assertTrue(Game.CHESS.setUp(null, moves, false).parseMove(second) != 0, second);
            // Take back the engine's move and ours; force mode: moves are taken, none is made.
            d.send("force", "remove", "usermove d2d4", "ping 1");
            d.expect("pong 1");
            d.silence(l -> l.startsWith("move "), 300, "a move in force mode");
            // go: the engine plays the side to move (Black, after 1.e4 x 2.d4).
            d.send("sd 3", "go");
            String third = d.expectStart("move ").substring(5);
            List<String> now = new ArrayList<>(List.of("e2e4", reply, "d2d4"));
            assertTrue(Game.CHESS.setUp(null, now, false).parseMove(third) != 0, third);
        }
    }

    @Test
    void xiangqiWithXboardsOwnFen() throws Exception {
        try (Dialogue d = Dialogue.start("xboard")) {
            d.send("xboard", "protover 2", "new", "variant xiangqi", "force",
                    "setboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1", "ping 2");
            d.expect("pong 2");
            d.send("post", "st 1", "usermove h2e2", "go");
            String move = d.expectStart("move ").substring(5);
            assertTrue(Game.XIANGQI.setUp(null, List.of("h2e2"), false).parseMove(move) != 0, move);
            // The engine played Black: Red's move now makes it answer again.
            d.send("usermove h0g2");
            String again = d.expectStart("move ").substring(5);
            assertTrue(Game.XIANGQI.setUp(null, List.of("h2e2", move, "h0g2"), false).parseMove(again) != 0, again);
        }
    }

    @Test
    void analyzeMode() throws Exception {
        try (Dialogue d = Dialogue.start("xboard")) {
            d.send("xboard", "protover 2", "new", "variant xiangqi", "force", "post", "analyze");
            String line = d.expect(l -> THINKING.matcher(l).matches(), Duration.ofSeconds(10), "thinking");
            assertTrue(line.split(" ").length >= 5, line);
            d.send("usermove h2e2");
            d.send(".");
            String stat = d.expectStart("stat01: ");
            assertTrue(stat.matches("stat01: \\d+ \\d+ \\d+ \\d+ \\d+( [a-i]\\d[a-i]\\d)?"), stat);
            d.send("undo", "usermove b2e2", "ping 3");
            d.expect("pong 3");
            d.send("exit", "ping 4");
            d.expect("pong 4");
            d.silence(l -> l.startsWith("move "), 300, "a move in analyze mode or after exit");
        }
    }

    @Test
    void mateScoresAndResults() throws Exception {
        try (Dialogue d = Dialogue.start("xboard")) {
            d.send("xboard", "protover 2", "new", "force", "post", "setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "sd 4", "go");
            d.expect(l -> l.matches("\\d+ 100001 \\d+ \\d+ d1d8"), Duration.ofSeconds(10), "mate in one as 100001");
            d.expect("move d1d8");
            d.expect("1-0 {White mates}");
            d.send("new", "variant xiangqi", "force", "setboard 3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", "go");
            d.expect("1-0 {Red wins}");
        }
    }

    @Test
    void moveNowAndUnknownCommands() throws Exception {
        try (Dialogue d = Dialogue.start("xboard")) {
            d.send("xboard", "protover 2", "new", "force", "st 100", "go");
            d.silence(l -> l.startsWith("move "), 300, "a move before ?");
            long t0 = System.nanoTime();
            d.send("?");
            String m = d.expectStart("move ");
            assertTrue((System.nanoTime() - t0) / 1_000_000 < 1000, "moved on ? at once");
            assertTrue(Game.CHESS.setUpStart().parseMove(m.substring(5)) != 0, m);
            d.send("frobnicate");
            assertEquals("Error (unknown command): frobnicate", d.expectStart("Error"));
        }
    }
}

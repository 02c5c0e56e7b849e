package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.CliHarness.Run;

/** {@code kibitz ruling}: results, reasons, the cycle explained, banned moves, per rule set. */
class CliRulingTest {

    /** Red checks, then attacks the unprotected horse, and again: one check one chase (一将一捉). */
    private static final String FEN = "4k4/7n1/9/9/9/9/R8/9/9/3K5 w - - 0 1";
    private static final String[] MOVES = {"a3e3", "e9f9", "e3h3", "f9e9", "h3e3", "e9f9", "e3h3", "f9e9", "h3e3", "e9f9"};

    private static CliHarness cli;

    @BeforeAll
    static void wire(@TempDir Path home) {
        cli = CliHarness.open(home);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    private static Run ruling(String rules, String fen, String[] moves, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("ruling", "--game", "xiangqi", "--rules", rules, "--fen", fen, "--moves"));
        args.addAll(List.of(moves));
        args.addAll(List.of(more));
        return cli.run(args.toArray(String[]::new));
    }

    @Test
    void oneCheckOneChaseIsADrawUnderAxfAndLosesUnderTheChineseRules() {
        Run axf = ruling("axf", FEN, MOVES);
        assertEquals(0, axf.exit(), axf.err());
        assertEquals("result 1/2-1/2", axf.out().get(0));
        assertEquals("cycle 2 10", axf.out().get(2));
        assertEquals("ply 3 red e3h3 chase h8(n)", axf.out().get(3));
        assertEquals("ply 5 red h3e3 check", axf.out().get(5));
        assertEquals("ply 6 black e9f9 idle", axf.out().get(6));
        Run chinese = ruling("chinese", FEN, MOVES);
        assertEquals("result 0-1", chinese.out().get(0));
        assertEquals("reason Red chased the same piece with every move of the repeated cycle: perpetual chase loses (chinese rules)",
                chinese.out().get(1));
        assertEquals("ply 3 red e3h3 chase h8(n)*", chinese.out().get(3), "the held chase is marked");
        assertEquals("result 1/2-1/2", ruling("none", FEN, MOVES).out().get(0));
    }

    @Test
    void banmovesNamesTheMoveThatWouldCompleteALosingCycle() {
        // A horse chasing a protected rook: the eighth move would repeat the start a third time.
        String fen = "n3k4/9/1r1n5/9/N8/9/9/9/9/3K5 b - - 0 1";
        String[] seven = {"b7b6", "a5c4", "b6b7", "c4a5", "b7b6", "a5c4", "b6b7"};
        Run r = ruling("axf", fen, seven, "--banmoves");
        assertEquals(0, r.exit(), r.err());
        assertEquals("result *", r.out().get(0));
        assertEquals("banmoves c4a5", r.last());
        assertEquals("banmoves", ruling("none", fen, seven, "--banmoves").last(), "nothing is lost under none");
    }

    @Test
    void badInputIsAUsageError() {
        Run set = ruling("fide", FEN, MOVES);
        assertEquals(2, set.exit());
        assertTrue(set.err().contains("no rule set 'fide'; the rule sets are axf, computer, chinese, none"), set.err());
        Run move = ruling("axf", FEN, new String[] {"a3e3", "e9e9"});
        assertEquals(2, move.exit());
        assertTrue(move.err().contains("move 2 'e9e9' is not a legal move here"), move.err());
    }

    @Test
    void benchRulingMeasuresEveryRuleSetOnRealGamesAndOneChase(@TempDir Path dir) throws Exception {
        // A horse chasing a chariot round a cycle, after a real game (ccgc-01) from testdata/.
        Path chase = dir.resolve("chase.pgn");
        java.nio.file.Files.writeString(chase, """
                [Event "chase"]
                [FEN "n3k4/9/1r1n5/9/N8/9/9/9/9/3K5 b - - 0 1"]
                [Result "0-1"]

                1... b7b6 2. a5c4 b6b7 3. c4a5 b7b6 4. a5c4 b6b7 5. c4a5 0-1
                """);
        Path real = java.nio.file.Files.list(Path.of(System.getProperty("kibitz.testdata"), "xiangqi", "pgn"))
                .filter(p -> p.getFileName().toString().startsWith("ccgc-01")).findFirst().orElseThrow();
        Run r = cli.run("bench", "ruling", real.toString(), chase.toString(), "--runs", "1", "--warmup", "0");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().get(0).startsWith("bench ruling: 2 games (0 skipped), 1 rounds"), r.out().toString());
        assertEquals(5, r.out().size(), r.out().toString());
        String axf = r.out().get(1);
        assertTrue(axf.startsWith("axf ") && axf.contains("µs/ply") && axf.endsWith("repetitions ruled 1, plies with banned moves 1"), axf);
        assertTrue(r.out().get(4).startsWith("none ") && r.out().get(4).endsWith("plies with banned moves 0"), r.out().get(4));

        Run bad = cli.run("bench", "ruling", chase.toString(), "--rules", "fide");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("unknown rule set fide"), bad.err());
    }
}

package org.kibitz.launcher;

import org.kibitz.launcher.CliHarness.Run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.protocols.process.ProgramSearch;

/** {@code kibitz perft} and {@code kibitz bench perft} as a user runs them: through discovery, Guice and picocli. */
class CliPerftTest {

    private static CliHarness cli;

    @BeforeAll
    static void wire(@TempDir Path home) {
        cli = CliHarness.open(home);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    private static Run run(String... args) {
        return cli.run(args);
    }

    @Test
    void perftFromTheStart() {
        Run r = run("perft", "--game", "xiangqi", "--depth", "3");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.last().matches("nodes 79666 time_ms \\d+ nps \\d+"), r.last());
        assertEquals(1, r.out().size());
    }

    @Test
    void perftOfAFenWithDivide() {
        String fen = "1n1ak1br1/4a4/4b4/p4R3/8p/2P1Nn3/P3P1p2/9/4N4/2BAKAB2 b - - 0 23";
        Run r = run("perft", "--game", "xiangqi", "--fen", fen, "--depth", "2", "--divide");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.last().matches("nodes 798 time_ms \\d+ nps \\d+"), r.last());
        List<String> split = r.out().subList(0, r.out().size() - 1);
        assertEquals(30, split.size(), "one line per legal move");
        assertEquals(798, split.stream().mapToLong(s -> Long.parseLong(s.substring(s.indexOf(": ") + 2))).sum());
        assertTrue(split.stream().allMatch(s -> s.matches("[a-i]\\d[a-i]\\d: \\d+")), split.toString());
    }

    @Test
    void chess960ReadsCastlingTheChess960WayEvenForAStandardLookingFen() {
        String fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        List<String> standard = run("perft", "--game", "chess", "--fen", fen, "--depth", "1", "--divide").out();
        List<String> c960 = run("perft", "--game", "chess960", "--fen", fen, "--depth", "1", "--divide").out();
        assertTrue(standard.contains("e1g1: 1") && standard.contains("e1c1: 1"), standard.toString());
        assertTrue(c960.contains("e1h1: 1") && c960.contains("e1a1: 1"), c960.toString());
        assertEquals(standard.get(standard.size() - 1).split(" ")[1], c960.get(c960.size() - 1).split(" ")[1], "same count");
    }

    @Test
    void variantNamesAndThreadsWork() {
        Run r = run("perft", "--game", "Chinese Chess", "--depth", "4", "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.last().startsWith("nodes 3290240 "), r.last());
    }

    @Test
    void epdCheckPassesAndFails(@TempDir Path dir) throws Exception {
        Path shared = Path.of(System.getProperty("kibitz.testdata"), "xiangqi/perft.epd");
        Run ok = run("perft", "--game", "xiangqi", "--epd", shared.toString(), "--max-depth", "3");
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(ok.last().matches("nodes \\d+ time_ms \\d+ nps \\d+"), ok.last());

        Path bad = dir.resolve("bad.epd");
        List<String> rows = Files.readAllLines(shared).subList(0, 3);
        Files.write(bad, List.of(rows.get(0), rows.get(1).replace(";D2 798", ";D2 797"), "not a fen ;D1 3", rows.get(2)));
        Run failed = run("perft", "--game", "xiangqi", "--epd", bad.toString(), "--max-depth", "2");
        assertEquals(1, failed.exit());
        assertTrue(failed.out().stream().anyMatch(s -> s.contains("line 2") && s.contains("797") && s.contains("798")), failed.out().toString());
        assertTrue(failed.err().contains(":3:"), failed.err());
        assertTrue(failed.last().matches("nodes \\d+ time_ms \\d+ nps \\d+"), failed.last());
    }

    @Test
    void anEpdCheckCutShortResumesFromItsJournalWithoutCountingLinesAgain(@TempDir Path dir) throws Exception {
        Path shared = Path.of(System.getProperty("kibitz.testdata"), "xiangqi/perft.epd");
        Path journal = dir.resolve("perft.journal");
        Run whole = run("perft", "--game", "xiangqi", "--epd", shared.toString(), "--max-depth", "2",
                "--journal", journal.toString(), "--progress", "plain");
        assertEquals(0, whole.exit(), whole.err());
        List<String> lines = Files.readAllLines(journal);
        assertEquals(42, lines.size(), "a header and one line for each of the 41 positions");
        assertTrue(whole.err().contains("perft perft.epd"), "plain progress lines name the job: " + whole.err());

        Run again = run("perft", "--game", "xiangqi", "--epd", shared.toString(), "--max-depth", "2", "--journal", journal.toString());
        assertEquals(2, again.exit());
        assertTrue(again.err().contains(journal.toString()) && again.err().contains("already there"), again.err());

        // As if killed while writing line 12: 11 positions recorded whole, the 12th torn.
        Files.writeString(journal, String.join("\n", lines.subList(0, 12)) + "\n" + lines.get(12).substring(0, 9));
        Run resumed = run("perft", "--game", "xiangqi", "--epd", shared.toString(), "--max-depth", "2",
                "--journal", journal.toString(), "--resume", "--progress", "plain", "--jobs", "2");
        assertEquals(0, resumed.exit(), resumed.err());
        assertEquals(whole.out().get(0), resumed.out().get(0), "the same summary");
        assertEquals(whole.last().split(" ")[1], resumed.last().split(" ")[1], "the same node count");
        assertTrue(resumed.err().contains("11 from the journal"), resumed.err());
        List<String> after = Files.readAllLines(journal);
        assertEquals(42, after.size(), "the 11 recorded lines were not counted again");
        assertEquals(42, after.stream().map(l -> l.replaceAll("^\\{\"id\":\"([^\"]+)\".*$", "$1")).distinct().count());

        Run deeper = run("perft", "--game", "xiangqi", "--epd", shared.toString(), "--max-depth", "3",
                "--journal", journal.toString(), "--resume");
        assertEquals(2, deeper.exit());
        assertTrue(deeper.err().contains("maxDepth was 2, now 3"), deeper.err());
        assertEquals(2, run("perft", "--game", "xiangqi", "--epd", shared.toString(), "--resume").exit(), "--resume needs --journal");
        assertEquals(2, run("perft", "--game", "xiangqi", "--depth", "2", "--journal", journal.toString()).exit(), "a journal is for --epd");
    }

    @Test
    void usageErrorsSayWhat() {
        Run game = run("perft", "--game", "shogi", "--depth", "1");
        assertEquals(2, game.exit());
        assertTrue(game.err().contains("shogi") && game.err().contains("xiangqi"), game.err());
        Run fen = run("perft", "--game", "xiangqi", "--fen", "nonsense", "--depth", "1");
        assertEquals(2, fen.exit());
        assertTrue(fen.err().contains("nonsense") || fen.err().contains("10"), fen.err());
        assertEquals(2, run("perft", "--game", "xiangqi").exit(), "no depth");
        assertEquals(2, run("perft", "--game", "xiangqi", "--epd", "x.epd", "--depth", "2").exit());
        Run missing = run("perft", "--game", "xiangqi", "--epd", "/nonexistent/x.epd");
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("/nonexistent/x.epd"), missing.err());
    }

    @Test
    void benchAgainstFairyStockfish() {
        Optional<Path> fsf = ProgramSearch.current().locate("fairy-stockfish");
        if (fsf.isEmpty() && System.getenv("CI") != null) {
            throw new AssertionError("fairy-stockfish is not installed, and CI needs it");
        }
        assumeTrue(fsf.isPresent(), "fairy-stockfish not installed");
        Run r = run("bench", "perft", "--game", "xiangqi", "--depth", "3", "--runs", "2");
        assertEquals(0, r.exit(), r.err() + r.out());
        assertEquals(2, r.out().stream().filter(s -> s.matches("round \\d kibitz nodes 79666 time_ms \\d+ nps \\d+")).count(), r.out().toString());
        assertEquals(2, r.out().stream().filter(s -> s.matches("round \\d fairy-stockfish nodes 79666 time_ms \\d+ nps \\d+")).count(), r.out().toString());
        assertTrue(r.out().stream().anyMatch(s -> s.matches("ratio kibitz/fairy-stockfish best_nps [0-9.]+ per_round [0-9.]+ [0-9.]+")), r.out().toString());
    }

    private static Path script(Path dir, String name, String body) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void aPeerThatMiscountsOrHangsIsReported(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh for the fake engines");
        // Answers the handshake, then claims a wrong count.
        Path liar = script(dir, "liar", """
                while read line; do
                  case "$line" in
                    uci) echo "id name liar"; echo uciok ;;
                    isready) echo readyok ;;
                    go*) echo "Nodes searched: 5" ;;
                    quit) exit 0 ;;
                  esac
                done
                """);
        Run wrong = run("bench", "perft", "--game", "xiangqi", "--depth", "2", "--runs", "1", "--engine", liar.toString());
        assertEquals(1, wrong.exit(), wrong.out().toString());
        assertTrue(wrong.out().stream().anyMatch(s -> s.startsWith("round 1 liar nodes 5 ")), wrong.out().toString());
        // Never answers go perft.
        Path silent = script(dir, "silent", """
                while read line; do
                  case "$line" in
                    uci) echo uciok ;;
                    isready) echo readyok ;;
                  esac
                done
                """);
        Run hung = run("bench", "perft", "--game", "xiangqi", "--depth", "2", "--runs", "1", "--timeout", "1", "--engine", silent.toString());
        assertEquals(1, hung.exit());
        assertTrue(hung.err().contains("silent") && hung.err().contains("Nodes searched"), hung.err());
        // Exits at once.
        Path dead = script(dir, "dead", "exit 3\n");
        Run gone = run("bench", "perft", "--game", "xiangqi", "--depth", "2", "--runs", "1", "--engine", dead.toString());
        assertEquals(1, gone.exit());
        assertTrue(gone.err().contains("dead"), gone.err());
    }
}

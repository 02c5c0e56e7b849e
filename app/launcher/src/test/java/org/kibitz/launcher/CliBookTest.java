package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.CliHarness.Run;

/** {@code kibitz book make} and {@code kibitz book probe} as a user runs them. */
class CliBookTest {

    private static final Pattern LINE = Pattern.compile("move (\\S+) (\\S+) weight (\\d+) (\\d+\\.\\d)%");

    private static CliHarness cli;
    private static Path dir;

    @BeforeAll
    static void wire(@TempDir Path d) {
        dir = d;
        cli = CliHarness.open(d.resolve("home"));
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    private static Path shared(String relative) {
        return Path.of(System.getProperty("kibitz.testdata"), relative);
    }

    private static Run run(String... args) {
        Run r = cli.run(args);
        if (r.exit() != 0) {
            System.err.println(r.out() + "\n" + r.err());
        }
        return r;
    }

    /** Checks every line's form and that the percentages are the weights' shares; returns the coordinates in order. */
    private static List<String> moves(Run r) {
        int total = 0;
        for (String line : r.out()) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            total += Integer.parseInt(m.group(3));
        }
        double sum = 0;
        int previous = Integer.MAX_VALUE;
        for (String line : r.out()) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches());
            int w = Integer.parseInt(m.group(3));
            assertTrue(w <= previous, "highest weight first: " + r.out());
            previous = w;
            double percent = Double.parseDouble(m.group(4));
            assertEquals(100.0 * w / total, percent, 0.051, line);
            sum += percent;
        }
        assertEquals(100.0, sum, 0.5);
        return r.out().stream().map(l -> l.split(" ")[1]).toList();
    }

    @Test
    void aChessBookIsMadeAndProbed() {
        Path book = dir.resolve("capa.bin");
        Run made = run("book", "make", shared("chess/pgn/Capablanca.pgn").toString(), "--out", book.toString(),
                "--min-games", "2", "--max-ply", "8");
        assertEquals(0, made.exit());
        assertTrue(made.last().startsWith("book " + book + " (chess): "), made.last());
        assertTrue(Files.exists(book));

        Run start = run("book", "probe", "--book", book.toString());
        assertEquals(0, start.exit());
        List<String> first = moves(start);
        assertTrue(first.contains("e2e4") && first.contains("d2d4"), first.toString());
        assertTrue(start.out().stream().anyMatch(l -> l.startsWith("move e2e4 e4 weight ")), start.out().toString());

        Run byMoves = run("book", "probe", "--book", book.toString(), "--moves", "e4", "e7e5");
        Run byFen = run("book", "probe", "--book", book.toString(),
                "--fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assertEquals(0, byMoves.exit());
        assertEquals(byFen.out(), byMoves.out());
        assertTrue(moves(byMoves).contains("g1f3"), byMoves.out().toString());
    }

    @Test
    void aXiangqiBookIsMadeAndProbed() {
        Path book = dir.resolve("liu.bin");
        Run made = run("book", "make", shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn").toString(),
                "--out", book.toString(), "--game", "xiangqi", "--max-ply", "6");
        assertEquals(0, made.exit());
        Run start = run("book", "probe", "--book", book.toString(), "--game", "xiangqi");
        assertEquals(0, start.exit());
        assertEquals("h2e2", moves(start).get(0));
        Run reply = run("book", "probe", "--book", book.toString(), "--game", "xiangqi", "--moves", "h2e2");
        assertEquals(0, reply.exit());
        assertTrue(moves(reply).contains("h9g7"), reply.out().toString());

        // Issue 46: without --game the moves say xiangqi (h2e2 is no chess move), and with no moves
        // at all the book does (it has moves for xiangqi's start, none for chess's).
        Run inferred = run("book", "probe", "--book", book.toString());
        assertEquals(0, inferred.exit());
        assertEquals(start.out(), inferred.out());
        Run inferredReply = run("book", "probe", "--book", book.toString(), "--moves", "h2e2");
        assertEquals(0, inferredReply.exit());
        assertEquals(reply.out(), inferredReply.out());
    }

    @Test
    void elephantEyesBookIsProbed() throws Exception {
        Path dat = dir.resolve("BOOK.DAT");
        try (InputStream in = CliBookTest.class.getResourceAsStream("/book/eleeye/BOOK.DAT")) {
            Files.copy(in, dat);
        }
        Run start = run("book", "probe", "--book", dat.toString());
        assertEquals(0, start.exit());
        List<String> first = moves(start);
        assertTrue(first.get(0).equals("h2e2") || first.get(0).equals("b2e2"), first.toString());
        Run mirrored = run("book", "probe", "--book", dat.toString(), "--moves", "b2e2", "b9c7");
        Run direct = run("book", "probe", "--book", dat.toString(), "--moves", "h2e2", "h9g7");
        assertEquals(0, mirrored.exit());
        assertEquals(moves(direct).stream().map(CliBookTest::mirror).sorted().toList(),
                moves(mirrored).stream().sorted().toList());
    }

    private static String mirror(String iccs) {
        char[] c = iccs.toCharArray();
        c[0] = (char) ('a' + 'i' - c[0]);
        c[2] = (char) ('a' + 'i' - c[2]);
        return new String(c);
    }

    @Test
    void mistakesAreReported() {
        Path book = dir.resolve("none.bin");
        Run missing = cli.run("book", "probe", "--book", book.toString());
        assertEquals(1, missing.exit());
        assertTrue(missing.err().contains("no such file"), missing.err());
        Run badMove = cli.run("book", "probe", "--book", book.toString(), "--moves", "e2e5");
        assertEquals(2, badMove.exit());
        assertTrue(badMove.err().contains("e2e5"), badMove.err());
        Run noFiles = cli.run("book", "make", "--out", book.toString());
        assertEquals(2, noFiles.exit());
    }

    @Test
    void anUnknownPositionIsNotInTheBook() throws Exception {
        Path empty = dir.resolve("empty.bin");
        Files.write(empty, new byte[0]);
        Run r = cli.run("book", "probe", "--book", empty.toString());
        assertEquals(1, r.exit());
        assertTrue(r.out().isEmpty());
        assertTrue(r.err().contains("not in the book"), r.err());
    }
}

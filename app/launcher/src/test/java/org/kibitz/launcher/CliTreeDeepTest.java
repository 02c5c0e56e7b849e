package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.Games;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.core.book.BookEntry;
import org.kibitz.core.book.BookMoves;
import org.kibitz.core.book.PolyglotBook;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/** {@code kibitz tree deep} as a user runs it: Stockfish at a tiny limit, a state file, a resume, the exports. */
class CliTreeDeepTest {

    private static CliHarness cli;

    @BeforeAll
    static void wire(@TempDir Path dir) {
        cli = CliHarness.open(dir);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    private static Run deep(String... args) {
        Run r = cli.run(args);
        if (r.exit() != 0) {
            System.err.println(r.out() + "\n" + r.err());
        }
        return r;
    }

    @Test
    void analysesResumesAndExports(@TempDir Path dir) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Path state = dir.resolve("deep.jsonl");
        Path pgn = dir.resolve("deep.pgn");
        Path book = dir.resolve("deep.bin");
        Run first = deep("tree", "deep", "--engine", stockfish, "--moves", "e4", "e7e5", "--nodes", "2000",
                "--multipv", "3", "--window", "30", "--max-plies", "6", "--budget-nodes", "5", "--state", state.toString(),
                "--no-store");
        assertEquals(0, first.exit());
        assertTrue(first.last().matches("nodes 5 root [+-]\\d+\\.\\d\\d best ([a-h][1-8][a-h][1-8][qrbn]?)( [a-h][1-8][a-h][1-8][qrbn]?)*"),
                first.last());
        assertEquals(5, first.err().lines().filter(l -> l.startsWith("node ")).count(), first.err());

        // The same state again without --resume is refused; with it the analysis goes on.
        Run refused = cli.run("tree", "deep", "--engine", stockfish, "--moves", "e4", "e7e5", "--state", state.toString());
        assertEquals(2, refused.exit());
        Run second = deep("tree", "deep", "--engine", stockfish, "--moves", "e4", "e7e5", "--nodes", "2000",
                "--multipv", "3", "--window", "30", "--max-plies", "6", "--budget-nodes", "10", "--state", state.toString(),
                "--resume", "--pgn", pgn.toString(), "--book", book.toString(), "--no-store");
        assertEquals(0, second.exit());
        assertTrue(second.last().startsWith("nodes 10 root "), second.last());
        assertEquals(5, second.err().lines().filter(l -> l.startsWith("node ")).count(), "five new searches: " + second.err());
        // Nodes whose values the tree moved by more than the window were searched again (once each):
        // each re-check is one more line of the state file.
        long rechecks = first.err().lines().filter(l -> l.startsWith("recheck ")).count()
                + second.err().lines().filter(l -> l.startsWith("recheck ")).count();
        List<String> lines = Files.readAllLines(state);
        assertEquals(11 + rechecks, lines.size(), "a header, ten nodes and the re-checks");

        // The PGN: the moves to the root, then the tree with evals and variations.
        Formats formats = cli.service(Formats.class);
        Games games = cli.service(Games.class);
        FormatPlugin f = formats.byId("pgn").orElseThrow();
        GameTree tree;
        try (var in = Files.newInputStream(pgn); GameReader r = f.reader(in, ReadContext.of(pgn.toString(), games))) {
            ReadResult rr = r.next();
            assertTrue(rr.problems().isEmpty(), rr.problems().toString());
            tree = rr.game().orElseThrow();
        }
        List<GameNode> main = tree.mainline();
        assertTrue(main.size() >= 4, "e4 e5 and at least two plies of the tree");
        assertEquals("e2e4", main.get(0).move().orElseThrow().coordinates(1));
        assertTrue(main.get(2).evalForWhite().isPresent());
        assertTrue(tree.allNodes().stream().anyMatch(n -> n.children().size() > 1), "variations");
        String best = second.last().replaceAll(".* best ", "").split(" ")[0];
        assertEquals(best, main.get(2).move().orElseThrow().coordinates(1), "the main line is the best line");

        PolyglotBook b = PolyglotBook.open(book, BookMoves.forGame("chess"));
        List<BookEntry> moves = b.probe(main.get(1).position());
        assertFalse(moves.isEmpty(), "the book knows the root");
    }

    /** Issue 46: {@code --moves h2e2} says xiangqi (no chess move reads so), so no {@code --game} is needed. */
    @Test
    void theGameIsTakenFromTheMoves() {
        String fairy = RealEngines.require("fairy-stockfish");
        Run r = deep("tree", "deep", "--engine", fairy, "--moves", "h2e2", "--nodes", "500", "--max-plies", "2",
                "--budget-nodes", "2", "--no-store");
        assertEquals(0, r.exit(), r.err());
        // Xiangqi's coordinates (files a-i, ranks 0-9): Black's reply to the central cannon.
        assertTrue(r.last().matches("nodes 2 root [+-]\\d+\\.\\d\\d best [a-i]\\d[a-i]\\d( [a-i]\\d[a-i]\\d)*"), r.last());
        Run chess = deep("tree", "deep", "--engine", RealEngines.require("stockfish"), "--moves", "e2e4", "--nodes", "500",
                "--max-plies", "2", "--budget-nodes", "1", "--no-store");
        assertEquals(0, chess.exit(), chess.err());
        assertTrue(chess.last().matches("nodes 1 root .* best [a-h][1-8][a-h][1-8].*"), chess.last());
    }

    @Test
    void resumeWithoutAStateFileIsAUsageError() {
        Run r = cli.run("tree", "deep", "--engine", "stockfish", "--resume");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--resume"), r.err());
    }
}

package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.TestGames;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * Issue 39: book moves. The opening tree of the shared Big5 collection of 29,870 master games labels
 * the first moves of a master game (Liu Dahua's) {@code book}; the first move out of the book, and every
 * move after it, is judged as without a tree; which moves are book is checked against what
 * {@code tree query} says of each position (at least 10 games, the default of {@code --book-min}).
 */
class CliBookMovesTest {

    @Test
    void theFirstMovesOfAMasterGameAreBookAndTheFirstMoveOutOfItIsJudged(@TempDir Path dir) throws Exception {
        String fairy = RealEngines.require("fairy-stockfish");
        Path big5 = TestGames.shared("xiangqi/pgn/ccpd-tournaments-big5.pgn");
        Path master = TestGames.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        Path home = dir.resolve("home");
        try (CliHarness cli = CliHarness.open(home)) {
            Run imported = cli.run("tree", "import", big5.toString(), "--db", "big5", "--game", "xiangqi", "--max-ply", "24",
                    "--progress", "none");
            assertTrue(imported.exit() <= 1, imported.err());

            Path bookCsv = dir.resolve("book.csv");
            Path bookPgn = dir.resolve("book.pgn");
            Run withTree = cli.run("evaluate", master.toString(), "--games", "1", "--engine", fairy, "--nodes", "2000",
                    "--progress", "none", "--tree", "big5", "--csv", bookCsv.toString(), "--out", bookPgn.toString());
            assertEquals(0, withTree.exit(), withTree.err());
            Path plainCsv = dir.resolve("plain.csv");
            Run without = cli.run("evaluate", master.toString(), "--games", "1", "--engine", fairy, "--nodes", "2000",
                    "--progress", "none", "--csv", plainCsv.toString());
            assertEquals(0, without.exit(), without.err());

            List<String[]> book = rows(bookCsv);
            List<String[]> plain = rows(plainCsv);
            assertEquals(plain.size(), book.size());
            int judgement = column(bookCsv, "judgement");
            int coord = column(bookCsv, "move_coord");
            int ply = column(bookCsv, "ply");
            int bookPlies = 0;
            while (bookPlies < book.size() && book.get(bookPlies)[judgement].equals("book")) {
                bookPlies++;
            }
            assertTrue(bookPlies >= 6, "the first moves of a master game are book: " + bookPlies);
            assertTrue(bookPlies < book.size(), "the game leaves the book");
            for (int i = bookPlies; i < book.size(); i++) {
                assertNotEquals("book", book.get(i)[judgement], "a game's book ends at its first move out of it");
                assertEquals(plain.get(i)[judgement], book.get(i)[judgement],
                        "ply " + book.get(i)[ply] + " is judged as without a tree");
            }

            // What the tree says of each position: each book move at least 10 games, the first out of it fewer.
            List<String> moves = new ArrayList<>();
            for (int i = 0; i <= bookPlies; i++) {
                String move = book.get(i)[coord];
                List<String> q = new ArrayList<>(List.of("tree", "query", "--db", "big5", "--no-eval"));
                if (!moves.isEmpty()) {
                    q.add("--moves");
                    q.addAll(moves);
                }
                Run answer = cli.run(q.toArray(String[]::new));
                assertEquals(0, answer.exit(), answer.err());
                long games = answer.out().stream().filter(l -> l.startsWith("move " + move + " "))
                        .mapToLong(l -> Long.parseLong(l.replaceAll(".* games (\\d+) .*", "$1"))).findFirst().orElse(0);
                if (i < bookPlies) {
                    assertTrue(games >= 10, "ply " + (i + 1) + " " + move + ": " + games + " games");
                } else {
                    assertTrue(games < 10, "ply " + (i + 1) + " " + move + ", the first out of the book: " + games + " games");
                }
                moves.add(move);
            }

            // The report shows them: a Book column in the player table, a "book" comment on each in the game.
            assertTrue(withTree.out().stream().anyMatch(l -> l.startsWith("Player") && l.endsWith("Book")), withTree.out().toString());
            assertFalse(without.out().stream().anyMatch(l -> l.endsWith("Book")), without.out().toString());
            String pgn = Files.readString(bookPgn, StandardCharsets.UTF_8);
            assertTrue(pgn.contains(" book}"), pgn);

            // A stricter rule labels fewer moves; an unknown tree is a clear error, nothing written.
            Path strictCsv = dir.resolve("strict.csv");
            Run strict = cli.run("evaluate", master.toString(), "--games", "1", "--engine", fairy, "--nodes", "2000",
                    "--progress", "none", "--tree", "big5", "--book-min", "3000", "--csv", strictCsv.toString());
            assertEquals(0, strict.exit(), strict.err());
            long strictBook = rows(strictCsv).stream().filter(r -> r[judgement].equals("book")).count();
            assertTrue(strictBook < bookPlies, strictBook + " against " + bookPlies);
            Run missing = cli.run("evaluate", master.toString(), "--games", "1", "--engine", fairy, "--nodes", "2000",
                    "--progress", "none", "--tree", dir.resolve("none.sqlite").toString(), "--csv", dir.resolve("x.csv").toString());
            assertEquals(2, missing.exit(), missing.err());
            assertTrue(missing.err().contains("no such opening database"), missing.err());
            assertFalse(Files.exists(dir.resolve("x.csv")));
            // --book-min counts games of a tree; a book's weights are not games: asking both is refused, not ignored.
            Run minWithBook = cli.run("evaluate", master.toString(), "--games", "1", "--engine", fairy, "--nodes", "2000",
                    "--progress", "none", "--book", dir.resolve("any.dat").toString(), "--book-min", "5",
                    "--csv", dir.resolve("y.csv").toString());
            assertEquals(2, minWithBook.exit(), minWithBook.err());
            assertTrue(minWithBook.err().contains("--book-min is for --tree"), minWithBook.err());
            assertFalse(Files.exists(dir.resolve("y.csv")));
        }
    }

    private static int column(Path csv, String name) throws Exception {
        return List.of(Files.readAllLines(csv, StandardCharsets.UTF_8).get(0).split(",")).indexOf(name);
    }

    /** The data rows; no field of these games holds a comma. */
    private static List<String[]> rows(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        return lines.subList(1, lines.size()).stream().map(l -> l.split(",", -1)).toList();
    }
}

package org.kibitz.core.book;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.TestGames;

/** Kibitz's xiangqi book (docs/xiangqi-book-format.md): made from Liu Dahua's games, read back. */
class XiangqiBookTest {

    @Test
    void movesAreFromAndToPointsOn90() {
        Position start = TestGames.XIANGQI.startPosition();
        // h2e2: from h2 = rank 2 * 9 + file 7 = 25, to e2 = 2 * 9 + 4 = 22
        int code = BookMoves.KIBITZ_XIANGQI.encode(start, Move.parseCoordinates("h2e2", 0));
        assertEquals(25 | 22 << 7, code);
        assertEquals(Optional.of(Move.parseCoordinates("h2e2", 0)), BookMoves.KIBITZ_XIANGQI.decode(start, code));
        assertEquals(Optional.empty(), BookMoves.KIBITZ_XIANGQI.decode(start, 40 | 41 << 7), "e4f4: no piece on e4");
        assertEquals(Optional.empty(), BookMoves.KIBITZ_XIANGQI.decode(start, 25 | 95 << 7), "point 95 is off the board");
    }

    /**
     * The file's games as text, each game once: a game that appears twice (the same players, date,
     * round, result, start and moves, as the tree's identity says) is one game in a book that counts
     * games. Read with regular expressions, not with our reader.
     */
    private static List<String> uniqueGames(Path pgn) throws IOException {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String game : Files.readString(pgn).split("(?=\\[Event )")) {
            if (!game.startsWith("[Event ")) {
                continue;
            }
            StringBuilder key = new StringBuilder();
            for (String tag : List.of("Red", "Black", "Date", "Round", "Result", "FEN")) {
                Matcher m = Pattern.compile("(?m)^\\[" + tag + " \"([^\"]*)\"\\]").matcher(game);
                key.append(m.find() ? m.group(1) : "").append('\n');
            }
            String moves = game.replaceAll("(?m)^\\[.*\\]\\s*$", "").trim().replaceAll("\\s+", " ");
            out.putIfAbsent(key + moves, moves);
        }
        return List.copyOf(out.values());
    }

    /** Red's first moves of the file's games, counted from its text: ICCS after "1.", games without results count 1 each. */
    private static Map<String, Integer> firstMoves(Path pgn) throws IOException {
        Map<String, Integer> out = new TreeMap<>();
        for (String moves : uniqueGames(pgn)) {
            Matcher m = Pattern.compile("^1\\.\\s*([a-i][0-9][a-i][0-9])").matcher(moves);
            if (m.find()) {
                out.merge(m.group(1), 1, Integer::sum);
            }
        }
        return out;
    }

    @Test
    void aBookOfLiuDahuasGamesRoundTrips(@TempDir Path dir) throws Exception {
        Path pgn = TestGames.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        BookMaker.Made made = new BookMaker(TestGames.formats(), TestGames.GAMES)
                .make(List.of(pgn), Optional.empty(), new BookMaker.Options(3, 10));
        assertEquals("xiangqi", made.report().gameId());
        assertEquals(1125, made.report().gamesRead());
        Path out = dir.resolve("liu.bin");
        int written = made.writer().write(out);
        assertTrue(written > 50, "entries " + written);

        // Read back record by record: 16 bytes big-endian, key u64, move u16 (from | to << 7, points
        // rank * 9 + file), weight u16, learn u32.
        Map<String, Integer> atStart = new TreeMap<>();
        long startKey = TestGames.XIANGQI.startPosition().hash();
        try (DataInputStream in = new DataInputStream(Files.newInputStream(out))) {
            for (int i = 0; i < written; i++) {
                long key = in.readLong();
                int move = in.readUnsignedShort();
                int weight = in.readUnsignedShort();
                in.readInt();
                if (key == startKey) {
                    int from = move & 127;
                    int to = move >> 7;
                    atStart.put("" + (char) ('a' + from % 9) + from / 9 + (char) ('a' + to % 9) + to / 9, weight);
                }
            }
            assertEquals(-1, in.read(), "nothing after the records");
        }
        Map<String, Integer> first = firstMoves(pgn);
        // 1,125 games, 4 of them the same game a second time (one under another event name).
        assertEquals(1121, first.values().stream().mapToInt(Integer::intValue).sum(), "every distinct game's first move found");
        // The start is symmetric: a move and its mirror image (h2e2, b2e2) are one entry, under the larger code.
        Map<String, Integer> expected = new TreeMap<>();
        first.forEach((m, n) -> expected.merge(code(m) >= code(mirror(m)) ? m : mirror(m), n, Integer::sum));
        expected.values().removeIf(n -> n < 3);
        assertEquals(expected, atStart);

        PolyglotBook book = PolyglotBook.open(out, BookMoves.KIBITZ_XIANGQI);
        assertEquals("xiangqi", book.gameId());
        Map<String, Integer> probed = new TreeMap<>();
        List<BookEntry> entries = book.probe(TestGames.XIANGQI.startPosition());
        entries.forEach(e -> probed.put(e.move().coordinates(0), e.weight()));
        Map<String, Integer> both = new TreeMap<>();
        expected.forEach((m, n) -> {
            both.put(m, n);
            both.put(mirror(m), n);
        });
        assertEquals(both, probed, "a probe finds each move and its mirror image");
        assertEquals("h2e2", entries.get(0).move().coordinates(0), "the central cannon leads, as 炮二平五");
        // A reply after the central cannon is known too, and a chess position gets nothing.
        Position afterCannon = TestGames.XIANGQI.startPosition().play(Move.parseCoordinates("h2e2", 0));
        assertTrue(!book.probe(afterCannon).isEmpty());
        assertTrue(book.probe(TestGames.CHESS.startPosition()).isEmpty());
    }

    /** ICCS with the files reversed. */
    private static String mirror(String iccs) {
        return "" + (char) ('a' + 'i' - iccs.charAt(0)) + iccs.charAt(1) + (char) ('a' + 'i' - iccs.charAt(2)) + iccs.charAt(3);
    }

    /** The book code of an ICCS move: from | to << 7, points rank * 9 + file (from the format's page). */
    private static int code(String iccs) {
        int from = (iccs.charAt(1) - '0') * 9 + iccs.charAt(0) - 'a';
        int to = (iccs.charAt(3) - '0') * 9 + iccs.charAt(2) - 'a';
        return from | to << 7;
    }

    /**
     * Issue 42: weights count games, a game read twice counts once, and a position's mirror image is
     * found with its moves mirrored. The expectations come from the file's text, not from our reader.
     */
    @Test
    void weightsCountGamesDuplicatesOnceAndMirrorsMeet(@TempDir Path dir) throws Exception {
        Path pgn = TestGames.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        BookMaker maker = new BookMaker(TestGames.formats(), TestGames.GAMES);
        BookMaker.Made once = maker.make(List.of(pgn), Optional.empty(), new BookMaker.Options(3, 10));
        Path copy = Files.copy(pgn, dir.resolve("copy.pgn"));
        BookMaker.Made twice = maker.make(List.of(pgn, copy), Optional.empty(), new BookMaker.Options(3, 10));
        assertEquals(2250, twice.report().gamesRead());
        assertEquals(4, once.report().duplicates(), "the file holds 4 games twice");
        assertEquals(4 + 1125, twice.report().duplicates(), "and the copy's games are all known");
        Path a = dir.resolve("once.bin");
        Path b = dir.resolve("twice.bin");
        once.writer().write(a);
        twice.writer().write(b);
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), "the same book: a game read twice counts once");

        // Replies to the central cannon from either side: counted from the text, each h2e2 game's reply as
        // played and each b2e2 game's reply mirrored (after b2e2 the position is h2e2's mirror image).
        Map<String, Integer> replies = new TreeMap<>();
        for (String moves : uniqueGames(pgn)) {
            Matcher m = Pattern.compile("^1\\.\\s*([a-i][0-9][a-i][0-9])\\s+([a-i][0-9][a-i][0-9])").matcher(moves);
            if (!m.find()) {
                continue;
            }
            if (m.group(1).equals("h2e2")) {
                replies.merge(m.group(2), 1, Integer::sum);
            } else if (m.group(1).equals("b2e2")) {
                replies.merge(mirror(m.group(2)), 1, Integer::sum);
            }
        }
        replies.values().removeIf(n -> n < 3);
        assertTrue(replies.size() >= 3, replies.toString());
        PolyglotBook book = PolyglotBook.open(a, BookMoves.KIBITZ_XIANGQI);
        Position start = TestGames.XIANGQI.startPosition();
        Map<String, Integer> afterH = new TreeMap<>();
        book.probe(start.play(Move.parseCoordinates("h2e2", 0))).forEach(e -> afterH.put(e.move().coordinates(0), e.weight()));
        assertEquals(replies, afterH);
        Map<String, Integer> afterB = new TreeMap<>();
        book.probe(start.play(Move.parseCoordinates("b2e2", 0))).forEach(e -> afterB.put(mirror(e.move().coordinates(0)), e.weight()));
        assertEquals(replies, afterB, "the mirror image finds the same moves, mirrored");
    }
}

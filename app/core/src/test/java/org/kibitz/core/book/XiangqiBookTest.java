package org.kibitz.core.book;

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

    /** Red's first moves of the file, counted from its text: ICCS after "1.", games without results count 1 each. */
    private static Map<String, Integer> firstMoves(Path pgn) throws IOException {
        Map<String, Integer> out = new TreeMap<>();
        Matcher m = Pattern.compile("(?m)^1\\.\\s*([a-i][0-9][a-i][0-9])").matcher(Files.readString(pgn));
        while (m.find()) {
            out.merge(m.group(1), 1, Integer::sum);
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
        Map<String, Integer> expected = new TreeMap<>(firstMoves(pgn));
        assertEquals(1125, expected.values().stream().mapToInt(Integer::intValue).sum(), "every game's first move found");
        expected.values().removeIf(n -> n < 3);
        assertEquals(expected, atStart);

        PolyglotBook book = PolyglotBook.open(out, BookMoves.KIBITZ_XIANGQI);
        assertEquals("xiangqi", book.gameId());
        Map<String, Integer> probed = new TreeMap<>();
        List<BookEntry> entries = book.probe(TestGames.XIANGQI.startPosition());
        entries.forEach(e -> probed.put(e.move().coordinates(0), e.weight()));
        assertEquals(expected, probed);
        assertEquals("h2e2", entries.get(0).move().coordinates(0), "the central cannon leads");
        // A reply after the central cannon is known too, and a chess position gets nothing.
        Position afterCannon = TestGames.XIANGQI.startPosition().play(Move.parseCoordinates("h2e2", 0));
        assertTrue(!book.probe(afterCannon).isEmpty());
        assertTrue(book.probe(TestGames.CHESS.startPosition()).isEmpty());
    }
}

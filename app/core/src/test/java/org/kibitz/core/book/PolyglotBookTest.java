package org.kibitz.core.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

/** Polyglot books: the keys against the format's published test keys, and a made book read back independently. */
class PolyglotBookTest {

    private static Position play(Position p, String... moves) {
        for (String m : moves) {
            p = p.play(Move.parseCoordinates(m, 1));
        }
        return p;
    }

    @Test
    void keysAreThePublishedPolyglotTestKeys() throws Exception {
        // From the Polyglot book format description (H.G. Muller's page, after Michel Van den Bergh).
        Object[][] cases = {
                {"", 0x463b96181691fc9cL, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
                {"e2e4", 0x823c9b50fd114196L, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
                {"e2e4 d7d5", 0x0756b94461c50fb0L, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"},
                {"e2e4 d7d5 e4e5", 0x662fafb965db29d4L, "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"},
                {"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78L, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
                {"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1L, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3"},
                {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9L, "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4"},
                {"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637L, "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3"},
                {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560L, "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4"},
        };
        for (Object[] c : cases) {
            String line = (String) c[0];
            long key = (long) c[1];
            Position played = play(TestGames.CHESS.startPosition(), line.isEmpty() ? new String[0] : line.split(" "));
            assertEquals(key, BookMoves.POLYGLOT_CHESS.key(played), "after " + line);
            assertEquals(key, BookMoves.POLYGLOT_CHESS.key(TestGames.CHESS.parseFen((String) c[2])), (String) c[2]);
        }
    }

    @Test
    void movesUsePolyglotsEncoding() throws Exception {
        BookMoves pg = BookMoves.POLYGLOT_CHESS;
        Position start = TestGames.CHESS.startPosition();
        // e2e4: to e4 = file 4 row 3, from e2 = file 4 row 1
        assertEquals(4 | 3 << 3 | 4 << 6 | 1 << 9, pg.encode(start, Move.parseCoordinates("e2e4", 1)));
        Position castle = TestGames.CHESS.parseFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        int shortCastle = pg.encode(castle, Move.parseCoordinates("e1g1", 1));
        assertEquals(7 | 0 << 3 | 4 << 6 | 0 << 9, shortCastle, "castling is written king takes rook, e1h1");
        assertEquals(Optional.of(Move.parseCoordinates("e1g1", 1)), pg.decode(castle, shortCastle));
        int longCastle = pg.encode(castle, Move.parseCoordinates("e1c1", 1));
        assertEquals(Optional.of(Move.parseCoordinates("e1c1", 1)), pg.decode(castle, longCastle));
        Position promote = TestGames.CHESS.parseFen("8/1P6/8/8/8/8/k7/4K3 w - - 0 1");
        int underpromotion = pg.encode(promote, Move.parseCoordinates("b7b8n", 1));
        assertEquals(1 << 12 | 1 | 7 << 3 | 1 << 6 | 6 << 9, underpromotion);
        assertEquals(Optional.of(Move.parseCoordinates("b7b8n", 1)), pg.decode(promote, underpromotion));
        assertEquals(Optional.of(Move.parseCoordinates("b7b8q", 1)), pg.decode(promote, underpromotion & 0xFFF | 4 << 12));
        assertEquals(Optional.empty(), pg.decode(start, pg.encode(start, Move.parseCoordinates("e2e4", 1)) ^ 1), "e2e5 is no move");
    }

    @Test
    void theWriterMergesAndSorts() {
        PolyglotWriter w = PolyglotWriter.forGame("chess");
        w.add(0x8000_0000_0000_0001L, 10, 3, 1);
        w.add(5, 20, 1, 0);
        w.add(5, 21, 4, 0);
        w.add(5, 20, 6, 2); // merged with the first: 7
        w.add(0x8000_0000_0000_0001L, 11, 70_000, 0); // scaled to 65535, with the other move scaled alike
        List<PolyglotEntry> e = w.entries();
        assertEquals(List.of(new PolyglotEntry(5, 20, 7, 2), new PolyglotEntry(5, 21, 4, 0),
                new PolyglotEntry(0x8000_0000_0000_0001L, 11, 65535, 0),
                new PolyglotEntry(0x8000_0000_0000_0001L, 10, 2, 1)), e);
        PolyglotBook read = PolyglotBook.of(w.toBytes(), BookMoves.POLYGLOT_CHESS);
        assertEquals(4, read.size());
        assertEquals(e.subList(2, 4), read.entries(0x8000_0000_0000_0001L));
        assertEquals(List.of(), read.entries(6));
    }

    // ---- a book made from Capablanca's games, read back by a reader written here ---------------------

    /** One record as the Polyglot format spells it. */
    record Raw(long key, int move, int weight, long learn) {
    }

    /**
     * Polyglot .bin: a sequence of 16-byte records, every number big-endian (highest byte first):
     * uint64 key, uint16 move, uint16 weight, uint32 learn; records sorted by key, lowest first.
     * Move bits: 0-2 to file, 3-5 to row, 6-8 from file, 9-11 from row, 12-14 promotion.
     */
    private static List<Raw> readIndependently(Path file) throws IOException {
        List<Raw> out = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            while (true) {
                long key;
                try {
                    key = in.readLong();
                } catch (EOFException end) {
                    break;
                }
                out.add(new Raw(key, in.readUnsignedShort(), in.readUnsignedShort(), Integer.toUnsignedLong(in.readInt())));
            }
        }
        return out;
    }

    private static String coordinates(int move) {
        return "" + (char) ('a' + (move >> 6 & 7)) + ((move >> 9 & 7) + 1) + (char) ('a' + (move & 7)) + ((move >> 3 & 7) + 1);
    }

    /** White's first moves of the PGN as coordinates with 2 x wins + draws and the games they were played in. */
    private static Map<String, int[]> firstMovesFromText(Path pgn) throws IOException {
        String text = Files.readString(pgn, java.nio.charset.StandardCharsets.ISO_8859_1);
        Map<String, int[]> out = new TreeMap<>();
        Pattern game = Pattern.compile("\\[Result \"([^\"]*)\"\\][^\\n]*\\n(?:\\[[^\\n]*\\n)*\\s*1\\.\\s*([A-Za-z0-9]+)");
        Matcher m = game.matcher(text);
        while (m.find()) {
            String result = m.group(1);
            String san = m.group(2);
            String coords;
            if (san.length() == 2) { // a pawn's step or double step
                int rank = san.charAt(1) - '0';
                coords = "" + san.charAt(0) + "2" + san;
                assertTrue(rank == 3 || rank == 4, san);
            } else {
                coords = switch (san) {
                    case "Nf3" -> "g1f3";
                    case "Nh3" -> "g1h3";
                    case "Nc3" -> "b1c3";
                    case "Na3" -> "b1a3";
                    default -> throw new AssertionError("unexpected first move " + san);
                };
            }
            int score = switch (result) {
                case "1-0" -> 2;
                case "0-1" -> 0;
                default -> 1; // a draw, and (as in Polyglot) a game without a result
            };
            int[] c = out.computeIfAbsent(coords, k -> new int[2]);
            c[0] += score;
            c[1]++;
        }
        return out;
    }

    @Test
    void aBookMadeFromCapablancasGamesReadsBackIndependently(@TempDir Path dir) throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        BookMaker maker = new BookMaker(TestGames.formats(), TestGames.GAMES);
        BookMaker.Made made = maker.make(List.of(pgn), Optional.of("chess"), new BookMaker.Options(2, 12));
        assertEquals(597, made.report().gamesRead());
        Path out = dir.resolve("capablanca.bin");
        int written = made.writer().write(out);
        assertEquals(Files.size(out), 16L * written);
        assertEquals(made.report().entries(), written);

        List<Raw> raw = readIndependently(out);
        assertEquals(written, raw.size());
        for (int i = 1; i < raw.size(); i++) {
            int order = Long.compareUnsigned(raw.get(i - 1).key(), raw.get(i).key());
            assertTrue(order < 0 || order == 0 && raw.get(i - 1).weight() >= raw.get(i).weight(),
                    "sorted by key, then weight: record " + i);
        }
        assertTrue(raw.stream().allMatch(r -> r.weight() > 0 && r.learn() == 0));

        Map<String, int[]> counts = firstMovesFromText(pgn);
        assertEquals(597, counts.values().stream().mapToInt(c -> c[1]).sum(), "every game's first move found");
        Map<String, Integer> expected = new TreeMap<>();
        counts.forEach((move, c) -> {
            if (c[1] >= 2 && c[0] > 0) {
                expected.put(move, c[0]);
            }
        });
        Map<String, Integer> atStart = new TreeMap<>();
        for (Raw r : raw) {
            if (r.key() == 0x463b96181691fc9cL) {
                atStart.put(coordinates(r.move()), r.weight());
            }
        }
        assertTrue(expected.size() >= 3, expected.toString());
        assertEquals(expected, atStart);

        // The book's own reader agrees, with legal moves in the game's form.
        PolyglotBook book = PolyglotBook.open(out, BookMoves.POLYGLOT_CHESS);
        Map<String, Integer> probed = new TreeMap<>();
        book.probe(TestGames.CHESS.startPosition()).forEach(e -> probed.put(e.move().coordinates(1), e.weight()));
        assertEquals(expected, probed);
        // Deeper: 1.e4 e5 is known, and Black's replies are weighted for Black.
        List<BookEntry> replies = book.probe(play(TestGames.CHESS.startPosition(), "e2e4"));
        assertTrue(replies.stream().anyMatch(e -> e.move().coordinates(1).equals("e7e5")), replies.toString());
    }
}

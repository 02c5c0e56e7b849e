package org.kibitz.core.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.TestGames;

/**
 * ElephantEye's own {@code BOOK.DAT} probed through {@link EleEyeBook}, checked against a decoding
 * written here from the format alone: the locks computed from FEN text with a separately written
 * RC4 stream, the file scanned record by record (no binary search), moves turned into ICCS text.
 */
class EleEyeBookTest {

    private static byte[] data;
    private static EleEyeBook book;

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = EleEyeBookTest.class.getResourceAsStream("/book/eleeye/BOOK.DAT")) {
            data = in.readAllBytes();
        }
        book = EleEyeBook.of(data);
    }

    // ---- the independent decoding -------------------------------------------------------------
    // BOOK.DAT: records of 8 bytes, little-endian: uint32 lock, uint16 move, uint16 value, sorted by
    // lock. The lock is ElephantEye's "dwLock1": RC4 keyed with 4 zero bytes; 3 uint32 (little-endian
    // from 4 stream bytes) for the side to move, then 3 for each of 14 piece types x 256 squares; the
    // third of each triple is lock 1. Piece types KABNRCP = 0..6 for Red, +7 for Black. Square
    // x + 16 y with x = 3 + file (a = 0), y = 3 + FEN row (the first FEN row, Black's back rank, is 0).
    // Move: low byte from-square, high byte to-square.

    private static final int[] STREAM = rc4Words(3 + 14 * 256 * 3);

    private static int[] rc4Words(int n) {
        int[] s = new int[256];
        for (int i = 0; i < 256; i++) {
            s[i] = i;
        }
        for (int i = 0, j = 0; i < 256; i++) {
            j = (j + s[i]) & 255; // the key bytes are all zero
            int t = s[i]; s[i] = s[j]; s[j] = t;
        }
        int[] words = new int[n];
        int x = 0;
        int y = 0;
        for (int w = 0; w < n; w++) {
            int v = 0;
            for (int b = 0; b < 4; b++) {
                x = (x + 1) & 255;
                y = (y + s[x]) & 255;
                int t = s[x]; s[x] = s[y]; s[y] = t;
                v |= s[(s[x] + s[y]) & 255] << (8 * b);
            }
            words[w] = v;
        }
        return words;
    }

    /** Lock 1 of a FEN, read as text; {@code mirror} reverses the files. */
    private static int lock(String fen, boolean mirror) {
        String[] parts = fen.split(" ");
        String[] rows = parts[0].split("/");
        int lock = parts[1].equals("b") ? STREAM[2] : 0;
        for (int row = 0; row < 10; row++) {
            int file = 0;
            for (char c : rows[row].toCharArray()) {
                if (Character.isDigit(c)) {
                    file += c - '0';
                    continue;
                }
                int type = "KABNRCP".indexOf(Character.toUpperCase(c)) + (Character.isLowerCase(c) ? 7 : 0);
                int f = mirror ? 8 - file : file;
                int sq = (3 + f) + 16 * (3 + row);
                lock ^= STREAM[3 + (type * 256 + sq) * 3 + 2];
                file++;
            }
        }
        return lock;
    }

    private static String iccs(int sq, boolean mirror) {
        int file = (sq % 16) - 3;
        int row = sq / 16 - 3;
        return "" + (char) ('a' + (mirror ? 8 - file : file)) + (9 - row);
    }

    /** "move weight" lines for every record with the lock, by a linear scan, moves mirrored back when asked. */
    private static List<String> scan(int lock, boolean mirror) {
        List<String> out = new ArrayList<>();
        for (int at = 0; at + 8 <= data.length; at += 8) {
            int l = (data[at] & 255) | (data[at + 1] & 255) << 8 | (data[at + 2] & 255) << 16 | (data[at + 3] & 255) << 24;
            if (l == lock) {
                int from = data[at + 4] & 255;
                int to = data[at + 5] & 255;
                int value = (data[at + 6] & 255) | (data[at + 7] & 255) << 8;
                out.add(iccs(from, mirror) + iccs(to, mirror) + " " + value);
            }
        }
        return out;
    }

    /** What ElephantEye finds for a FEN: its own records, else its mirror image's, mirrored back. */
    private static List<String> expected(String fen) {
        List<String> direct = scan(lock(fen, false), false);
        return direct.isEmpty() ? scan(lock(fen, true), true) : direct;
    }

    // ---- the checks -------------------------------------------------------------------------------

    private static Position after(String... moves) {
        Position p = TestGames.XIANGQI.startPosition();
        for (String m : moves) {
            p = p.play(Move.parseCoordinates(m, 0));
        }
        return p;
    }

    private static List<String> probed(Position p) {
        return book.probe(p).stream().map(e -> e.move().coordinates(0) + " " + e.weight()).toList();
    }

    private static void assertSameMoves(List<String> expected, List<String> actual, String what) {
        assertEquals(expected.stream().sorted().toList(), actual.stream().sorted().toList(), what);
    }

    @Test
    void theStartPositionGivesTheStoredMoves() {
        Position start = after();
        List<String> expected = expected(start.fen());
        assertTrue(expected.size() >= 3, "the book knows the start: " + expected);
        List<String> probed = probed(start);
        assertSameMoves(expected, probed, "start position");
        // The central cannon is ElephantEye's commonest first move, on one wing or the other.
        assertTrue(probed.get(0).startsWith("h2e2") || probed.get(0).startsWith("b2e2"), probed.toString());
        // Sorted by weight, highest first.
        List<Integer> weights = book.probe(start).stream().map(BookEntry::weight).toList();
        assertEquals(weights.stream().sorted(java.util.Comparator.reverseOrder()).toList(), weights);
    }

    @Test
    void openingsGiveTheStoredMoves() {
        String[][] lines = {
                {"h2e2"}, {"b2e2"}, {"h2e2", "h9g7"}, {"b2e2", "b9c7"}, {"c3c4"}, {"g3g4"},
                {"b0c2"}, {"h0g2"}, {"h2e2", "h9g7", "h0g2"}, {"b2e2", "b9c7", "b0c2"}, {"c0e2"}, {"g0e2"},
        };
        int mirroredHits = 0;
        int known = 0;
        for (String[] line : lines) {
            Position p = after(line);
            List<String> expected = expected(p.fen());
            assertSameMoves(expected, probed(p), String.join(" ", line));
            if (!expected.isEmpty()) {
                known++;
                if (scan(lock(p.fen(), false), false).isEmpty()) {
                    mirroredHits++;
                }
            }
        }
        assertTrue(known >= 8, "the book knows most of these openings: " + known);
        assertTrue(mirroredHits >= 3, "some are found only as mirror images: " + mirroredHits);
    }

    @Test
    void aMirroredPositionGetsTheMirroredMoves() {
        List<String> right = probed(after("h2e2", "h9g7"));
        List<String> left = probed(after("b2e2", "b9c7"));
        assertFalse(right.isEmpty());
        List<String> mirroredRight = right.stream().map(EleEyeBookTest::mirror).toList();
        assertSameMoves(mirroredRight, left, "mirror images share their moves");
    }

    private static String mirror(String line) {
        char[] c = line.toCharArray();
        c[0] = (char) ('a' + 'i' - c[0]);
        c[2] = (char) ('a' + 'i' - c[2]);
        return new String(c);
    }

    @Test
    void theLockMatchesTheIndependentOne() {
        for (String[] line : new String[][] {{}, {"h2e2"}, {"c3c4", "c6c5"}}) {
            Position p = after(line);
            assertEquals(lock(p.fen(), false), EleEyeZobrist.lock1(p, false));
            assertEquals(lock(p.fen(), true), EleEyeZobrist.lock1(p, true));
        }
    }

    @Test
    void aChessPositionOrAnUnknownOneGetsNothing() throws Exception {
        assertTrue(book.probe(TestGames.CHESS.startPosition()).isEmpty());
        assertTrue(book.probe(TestGames.XIANGQI.parseFen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")).isEmpty());
    }
    // ---- writing ----------------------------------------------------------------------------------

    /**
     * ElephantEye's own book keeps each position in one orientation only; where it knows a position
     * in one orientation, that is the one with the lower lock (unsigned): the rule the writer follows.
     */
    @Test
    void theRealBookStoresTheOrientationWithTheLowerLock() {
        String[][] lines = {
                {"h2e2"}, {"b2e2"}, {"h2e2", "h9g7"}, {"b2e2", "b9c7"}, {"c3c4"}, {"g3g4"}, {"b0c2"}, {"h0g2"},
                {"h2e2", "h9g7", "h0g2"}, {"b2e2", "b9c7", "b0c2"}, {"c0e2"}, {"g0e2"}, {"h2e2", "b9c7"}, {"b2e2", "h9g7"},
                {"c3c4", "c6c5"}, {"g3g4", "g6g5"}, {"h0g2", "h9g7"}, {"b0c2", "b9c7"},
        };
        int checked = 0;
        for (String[] line : lines) {
            String fen = after(line).fen();
            int plain = lock(fen, false);
            int mirror = lock(fen, true);
            boolean hasPlain = !scan(plain, false).isEmpty();
            boolean hasMirror = !scan(mirror, true).isEmpty();
            if (hasPlain != hasMirror) {
                checked++;
                assertEquals(Integer.compareUnsigned(plain, mirror) < 0, hasPlain, String.join(" ", line));
            }
        }
        assertTrue(checked >= 6, "positions known in one orientation: " + checked);
    }

    /**
     * A book made from 1,125 real games, written as BOOK.DAT, read back by {@link EleEyeBook} and by a
     * record-by-record scan with the lock computed here: the first moves and the replies to the central
     * cannon (h2e2 and its mirror image b2e2, stored once) are the counts taken from the games here.
     */
    @Test
    void aWrittenBookIsReadBackWithMirroredPositionsMerged(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path games = TestGames.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        BookMaker.MadeEleEye made = new BookMaker(TestGames.formats(), TestGames.GAMES)
                .makeEleEye(List.of(games), new BookMaker.Options(1, 4));
        java.nio.file.Path out = dir.resolve("BOOK.DAT");
        int written = made.writer().write(out);
        byte[] bytes = java.nio.file.Files.readAllBytes(out);
        assertEquals(written * 8, bytes.length);
        // Counted here: no game has a result, so each counts as a draw (weight 1 a game).
        java.util.Map<String, Integer> first = new java.util.TreeMap<>();
        java.util.Map<String, Integer> replies = new java.util.TreeMap<>();
        try (var reader = TestGames.formats().byId("pgn").orElseThrow().reader(java.nio.file.Files.newInputStream(games),
                org.kibitz.api.format.ReadContext.of("g.pgn", TestGames.GAMES))) {
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (org.kibitz.api.format.ReadResult r; (r = reader.next()) != null; ) {
                org.kibitz.api.tree.GameTree g = r.game().orElseThrow();
                List<org.kibitz.api.tree.GameNode> line = g.mainline();
                // A game read twice (the same players, date, round, result and moves) counts once (issue 42).
                StringBuilder key = new StringBuilder();
                for (String tag : List.of("Red", "Black", "Date", "Round", "Result")) {
                    key.append(g.tags().get(tag).orElse("")).append('|');
                }
                line.forEach(n -> key.append(n.move().orElseThrow().coordinates(0)).append(' '));
                if (!seen.add(key.toString()) || line.size() < 2) {
                    continue;
                }
                String m1 = line.get(0).move().orElseThrow().coordinates(0);
                String m2 = line.get(1).move().orElseThrow().coordinates(0);
                first.merge(m1, 1, Integer::sum);
                if (m1.equals("h2e2")) {
                    replies.merge(m2, 1, Integer::sum);
                } else if (m1.equals("b2e2")) {
                    replies.merge(mirror(m2 + " ").strip(), 1, Integer::sum);
                }
            }
        }
        assertTrue(first.get("h2e2") > 100 && first.get("b2e2") > 10, first.toString());
        EleEyeBook book = EleEyeBook.of(bytes);
        // Independent reading of the bytes: records sorted by unsigned lock, then the start's moves by a scan.
        for (int at = 8; at < bytes.length; at += 8) {
            assertTrue(Integer.compareUnsigned(le32(bytes, at - 8), le32(bytes, at)) <= 0, "sorted at " + at);
        }
        String start = after().fen();
        List<String> startMoves = scanIn(bytes, lock(start, false), false);
        assertEquals(first.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).sorted().toList(),
                startMoves.stream().sorted().toList());
        assertSameMoves(startMoves, probed(book, after()), "start, read back");
        // After the central cannon: one set of records for h2e2 and b2e2 together, in the orientation with the lower lock.
        String right = after("h2e2").fen();
        boolean storedMirrored = Integer.compareUnsigned(lock(right, true), lock(right, false)) < 0;
        List<String> stored = scanIn(bytes, lock(right, storedMirrored), storedMirrored);
        assertTrue(scanIn(bytes, lock(right, !storedMirrored), !storedMirrored).isEmpty(), "stored once");
        assertEquals(replies.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).sorted().toList(),
                stored.stream().sorted().toList());
        assertSameMoves(stored, probed(book, after("h2e2")), "h2e2, read back");
        assertSameMoves(stored.stream().map(EleEyeBookTest::mirror).toList(), probed(book, after("b2e2")), "b2e2, read back mirrored");
    }

    private static int le32(byte[] b, int at) {
        return (b[at] & 255) | (b[at + 1] & 255) << 8 | (b[at + 2] & 255) << 16 | (b[at + 3] & 255) << 24;
    }

    private static List<String> scanIn(byte[] bytes, int lock, boolean mirror) {
        List<String> out = new ArrayList<>();
        for (int at = 0; at + 8 <= bytes.length; at += 8) {
            if (le32(bytes, at) == lock) {
                out.add(iccs(bytes[at + 4] & 255, mirror) + iccs(bytes[at + 5] & 255, mirror) + " "
                        + ((bytes[at + 6] & 255) | (bytes[at + 7] & 255) << 8));
            }
        }
        return out;
    }

    private static List<String> probed(EleEyeBook b, Position p) {
        return b.probe(p).stream().map(e -> e.move().coordinates(0) + " " + e.weight()).toList();
    }
}

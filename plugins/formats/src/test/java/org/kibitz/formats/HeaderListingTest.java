package org.kibitz.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.GameHeader;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameStart;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/**
 * The header-only pass against the full reader on real files: the same games, the same tags, the
 * same main-line lengths; and a reader started at a listed game reads the same game as reading up
 * to it.
 */
class HeaderListingTest {

    /** Games of the big Big5 file compared (the rest of it is left out to keep the test quick). */
    private static final int BIG5_GAMES = 2500;

    @Test
    void theHeaderPassListsTheSameGamesAndTagsAsTheFullReader() throws IOException {
        List<String> files = new ArrayList<>(List.of("chess/pgn/Capablanca.pgn", "chess/pgn/WorldChamp1886.pgn",
                "chess/pgn/tatamast22.pgn", "xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn",
                "xiangqi/pgn/xqdb-xqdb_traditional.pgn", "xiangqi/pgn/xqdb-xqdb_international.pgn"));
        try (var dir = Files.list(TestFiles.shared("chess/pgn"))) {
            dir.map(p -> "chess/pgn/" + p.getFileName()).filter(n -> n.contains("pychess-")).sorted().forEach(files::add);
        }
        int games = 0;
        for (String name : files) {
            games += compare(TestFiles.shared(name), Integer.MAX_VALUE);
        }
        games += compare(TestFiles.shared("xiangqi/pgn/ccpd-tournaments-big5.pgn"), BIG5_GAMES);
        assertTrue(games > 4000, "compared " + games + " games");
    }

    /** Compares the first {@code limit} games of a file read both ways; returns how many. */
    private static int compare(Path file, int limit) throws IOException {
        FormatPlugin pgn = Fixtures.format("pgn");
        String source = file.getFileName().toString();
        int n = 0;
        try (GameReader full = pgn.reader(Files.newInputStream(file), ReadContext.of(source, Fixtures.GAMES));
             GameReader light = pgn.reader(Files.newInputStream(file), ReadContext.of(source, Fixtures.GAMES))) {
            for (; n < limit; n++) {
                ReadResult r = full.next();
                GameHeader h = light.nextHeader();
                if (r == null) {
                    assertNull(h, source + ": the header pass found more games");
                    break;
                }
                assertNotNull(h, source + ": the header pass found fewer games, " + n);
                String where = source + " game " + r.gameNumber();
                assertEquals(r.gameNumber(), h.gameNumber(), where);
                if (r.game().isPresent()) {
                    GameTree g = r.game().get();
                    assertEquals(List.copyOf(g.tags().asMap().entrySet()), List.copyOf(h.tags().entrySet()), where);
                    assertTrue(h.readable(), where);
                    if (r.clean()) {
                        assertEquals(g.mainline().size(), h.plies().orElseThrow(), where);
                    }
                } else {
                    assertFalse(h.readable(), where + ": " + r.problems());
                }
                // What the header shows wrong, the full reader shows too.
                for (FormatProblem p : h.problems()) {
                    assertTrue(r.problems().contains(p), where + ": " + p + " not in " + r.problems());
                }
                assertTrue(h.start().isPresent(), where);
            }
        }
        return n;
    }

    @Test
    void aReaderStartedAtAListedGameReadsTheSameGame() throws IOException {
        for (String name : List.of("chess/pgn/Capablanca.pgn", "chess/pgn/pychess-utf8-bom.pgn",
                "xiangqi/pgn/xqdb-xqdb_traditional.pgn", "xiangqi/pgn/ccpd-tournaments-big5.pgn")) {
            Path file = TestFiles.shared(name);
            List<GameHeader> headers = headers(file, 1200);
            for (int k : new int[] {1, 2, headers.size() / 2, headers.size()}) {
                GameHeader h = headers.get(k - 1);
                ReadResult direct = readUpTo(file, k);
                ReadResult resumed = readAt(file, h.start().orElseThrow());
                assertEquals(k, resumed.gameNumber(), name);
                assertSameGame(direct, resumed, name + " game " + k);
            }
        }
    }

    @Test
    void aGameThatStartsOnTheLineOfTheResultBeforeItIsFoundAgain() throws IOException {
        String text = "[Event \"a\"]\n\n1. e4 e5 1-0 [Event \"b\"] [Result \"0-1\"] 1. d4 {x} d5 0-1\n"
                + "[Event \"c\"]\n\n1. c4 *\n";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        FormatPlugin pgn = Fixtures.format("pgn");
        List<GameHeader> headers = new ArrayList<>();
        try (GameReader r = pgn.reader(new ByteArrayInputStream(bytes), ReadContext.of("t.pgn", Fixtures.GAMES))) {
            for (GameHeader h; (h = r.nextHeader()) != null; ) {
                headers.add(h);
            }
        }
        assertEquals(3, headers.size());
        GameStart second = headers.get(1).start().orElseThrow();
        assertTrue(second.column() > 0, second.toString());
        assertEquals(2, headers.get(1).plies().orElseThrow());
        InputStream in = new ByteArrayInputStream(bytes, (int) second.offset(), bytes.length);
        try (GameReader r = pgn.readerAt(in, ReadContext.of("t.pgn", Fixtures.GAMES), second)) {
            ReadResult b = r.next();
            assertEquals(2, b.gameNumber());
            assertEquals("b", b.game().orElseThrow().tags().get("Event").orElseThrow());
            assertEquals(2, b.game().orElseThrow().mainline().size());
            assertEquals("c", r.next().game().orElseThrow().tags().get("Event").orElseThrow());
        }
    }

    @Test
    void skippingGamesLandsOnTheSameGameAsReadingThem() throws IOException {
        Path file = TestFiles.shared("chess/pgn/Capablanca.pgn");
        FormatPlugin pgn = Fixtures.format("pgn");
        try (GameReader r = pgn.reader(Files.newInputStream(file), ReadContext.of("c", Fixtures.GAMES))) {
            for (int i = 0; i < 299; i++) {
                assertTrue(r.skip());
            }
            assertSameGame(readUpTo(file, 300), r.next(), "game 300 after 299 skipped");
        }
    }

    @Test
    void aBrokenGameInTheMiddleIsListedWithTheOthersAndItsMovesFailOnlyWhenRead() throws IOException {
        String text = "[Event \"ok\"]\n\n1. e4 e5 1-0\n\n[Event \"bad\"]\n[Variant \"crazyhouse\"]\n\n1. e4 *\n\n"
                + "[Event \"fen\"]\n[FEN \"not a fen\"]\n\n1. e4 *\n\n[Event \"moves\"]\n\n1. e4 Ke7e5 *\n\n[Event \"last\"]\n\n1. d4 *\n";
        FormatPlugin pgn = Fixtures.format("pgn");
        List<GameHeader> headers = new ArrayList<>();
        try (GameReader r = pgn.reader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), ReadContext.of("b.pgn", Fixtures.GAMES))) {
            for (GameHeader h; (h = r.nextHeader()) != null; ) {
                headers.add(h);
            }
        }
        assertEquals(List.of("ok", "bad", "fen", "moves", "last"), headers.stream().map(h -> h.tags().get("Event")).toList());
        assertFalse(headers.get(1).readable());
        assertEquals(FormatProblem.Location.line(5), headers.get(1).problems().get(0).location());
        assertTrue(headers.get(1).problems().get(0).render(Locale.ROOT).startsWith("b.pgn:game 2:line 5:"));
        assertFalse(headers.get(2).readable());
        assertEquals(FormatProblem.Location.line(11), headers.get(2).problems().get(0).location());
        assertTrue(headers.get(3).readable() && headers.get(3).problems().isEmpty(), "a bad move is found by reading the game");
        assertTrue(headers.get(4).readable());
    }

    @Test
    void fenListsAndXqfGiveHeadersToo() throws IOException {
        String fens = "# positions\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
                + "bad line\n4k3/8/8/8/8/8/4P3/4K3 w - - bm e3; id \"x\";\n";
        byte[] bytes = fens.getBytes(StandardCharsets.UTF_8);
        FormatPlugin epd = Fixtures.format("epd");
        List<GameHeader> headers = new ArrayList<>();
        try (GameReader r = epd.reader(new ByteArrayInputStream(bytes), ReadContext.of("p.epd", Fixtures.GAMES))) {
            for (GameHeader h; (h = r.nextHeader()) != null; ) {
                headers.add(h);
            }
        }
        assertEquals(3, headers.size());
        assertFalse(headers.get(1).readable());
        assertEquals("x", headers.get(2).tags().get("id"), headers.get(2).tags().toString());
        GameStart third = headers.get(2).start().orElseThrow();
        try (GameReader r = epd.readerAt(new ByteArrayInputStream(bytes, (int) third.offset(), bytes.length),
                ReadContext.of("p.epd", Fixtures.GAMES), third)) {
            ReadResult g = r.next();
            assertEquals(3, g.gameNumber());
            assertEquals("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", g.game().orElseThrow().startPosition().fen());
        }

        Path xqf = TestFiles.shared("xiangqi/xqf/eleeye-SAMPLE.XQF");
        FormatPlugin format = Fixtures.format("xqf");
        ReadResult full = Fixtures.read("xqf", xqf).get(0);
        try (GameReader r = format.reader(Files.newInputStream(xqf), ReadContext.of("s.xqf", Fixtures.GAMES))) {
            GameHeader h = r.nextHeader();
            assertEquals(full.game().orElseThrow().tags().asMap(), h.tags());
            assertTrue(h.readable());
            assertNull(r.nextHeader());
        }
    }

    private static List<GameHeader> headers(Path file, int limit) throws IOException {
        List<GameHeader> out = new ArrayList<>();
        try (GameReader r = Fixtures.format("pgn").reader(Files.newInputStream(file), ReadContext.of("f", Fixtures.GAMES))) {
            for (GameHeader h; out.size() < limit && (h = r.nextHeader()) != null; ) {
                out.add(h);
            }
        }
        return out;
    }

    private static ReadResult readUpTo(Path file, int k) throws IOException {
        try (GameReader r = Fixtures.format("pgn").reader(Files.newInputStream(file), ReadContext.of("f", Fixtures.GAMES))) {
            for (ReadResult g; (g = r.next()) != null; ) {
                if (g.gameNumber() == k) {
                    return g;
                }
            }
        }
        throw new AssertionError("no game " + k);
    }

    private static ReadResult readAt(Path file, GameStart start) throws IOException {
        SeekableByteChannel ch = Files.newByteChannel(file);
        ch.position(start.offset());
        try (GameReader r = Fixtures.format("pgn").readerAt(Channels.newInputStream(ch), ReadContext.of("f", Fixtures.GAMES), start)) {
            return r.next();
        }
    }

    private static void assertSameGame(ReadResult a, ReadResult b, String where) {
        assertEquals(a.gameNumber(), b.gameNumber(), where);
        assertEquals(a.problems(), b.problems(), where);
        GameTree x = a.game().orElseThrow();
        GameTree y = b.game().orElseThrow();
        assertEquals(x.tags().asMap(), y.tags().asMap(), where);
        assertEquals(x.startPosition(), y.startPosition(), where);
        assertEquals(moves(x), moves(y), where);
    }

    private static List<String> moves(GameTree t) {
        return t.allNodes().stream().filter(n -> !n.isRoot()).map(GameNode::move)
                .map(m -> m.orElseThrow().coordinates(0) + "/" + t.gameId()).toList();
    }
}

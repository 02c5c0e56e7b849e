package org.kibitz.core.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameFiles;
import org.kibitz.core.TestGames;

/** Openings for matches, read from testdata/'s real files and from small broken ones. */
class OpeningsTest {

    private static final GameFiles FILES = TestGames.files();
    private static final Path CHESS_EPD = TestGames.shared("chess/perft.epd");
    private static final Path CAPABLANCA = TestGames.shared("chess/pgn/Capablanca.pgn");

    @TempDir
    Path dir;

    private static Openings load(Path file, Openings.Options options) throws GameFiles.OpenException {
        return Openings.load(file, options, FILES, Optional.empty());
    }

    private static List<String> labels(Openings openings, int pairs) {
        return IntStream.range(0, pairs).mapToObj(i -> openings.forPair(i).label()).toList();
    }

    @Test
    void epdIsReadSequentiallyFromTheStartOpeningAndCycles() throws Exception {
        Openings o = load(CHESS_EPD, Openings.Options.defaults().withStart(3));
        assertEquals(10, o.size());
        assertEquals("chess", o.gameId());
        assertTrue(o.problems().isEmpty(), o.problems().toString());
        // start=3: pair 0 plays the third line, pair 7 the tenth, then the list starts over.
        assertEquals("perft.epd:3", o.forPair(0).label());
        assertEquals("perft.epd:10", o.forPair(7).label());
        assertEquals("perft.epd:1", o.forPair(8).label());
        assertEquals("perft.epd:2", o.forPair(9).label());
        assertSame(o.forPair(0), o.forPair(10));
        assertSame(o.forPair(4), o.forPair(4 + 10 * 7));
        Opening third = o.forPair(0);
        assertEquals(3, third.gameNumber());
        assertTrue(third.moves().isEmpty());
        assertEquals(third.start().fen(), third.position().fen());
        assertTrue(third.start().fen().startsWith("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w"), third.start().fen());
        assertEquals(Optional.of(third.start().fen()), third.setupFen());
        // The first line is the standard start: no set-up FEN for the PGN.
        assertEquals(Optional.empty(), o.openings().get(0).setupFen());
        assertThrows(IllegalArgumentException.class, () -> o.forPair(-1));
    }

    @Test
    void startPastTheLastOpeningIsAnError() {
        GameFiles.OpenException e = assertThrows(GameFiles.OpenException.class,
                () -> load(CHESS_EPD, Openings.Options.defaults().withStart(11)));
        assertTrue(e.getMessage().contains("start=11") && e.getMessage().contains("10"), e.getMessage());
    }

    @Test
    void pgnGamesAreCutAtPliesAndTheirMovesReplay() throws Exception {
        Openings o = load(CAPABLANCA, Openings.Options.defaults().withPlies(8));
        assertTrue(o.size() > 590 && o.size() + o.skipped() == 597, o.size() + " + " + o.skipped());
        int full = 0;
        for (Opening op : o.openings()) {
            assertTrue(op.plies() <= 8, op.label());
            full += op.plies() == 8 ? 1 : 0;
            Position at = op.start();
            for (Move m : op.moves()) {
                assertTrue(at.isLegal(m), op.label() + ": " + m);
                at = at.play(m);
            }
            assertEquals(at.fen(), op.position().fen(), op.label());
            assertEquals("chess", op.gameId());
        }
        assertTrue(full > 580, "openings of 8 plies: " + full);

        // The book is the game's own first eight moves, read on its own through GameFiles.
        GameFiles.OpenedFile opened = FILES.read(CAPABLANCA);
        GameTree first = FILES.readGame(opened, opened.entries().get(0));
        List<Move> eight = first.mainline().subList(0, 8).stream().map(n -> n.move().orElseThrow()).toList();
        Opening op = o.openings().get(0);
        assertEquals(eight, op.moves());
        assertEquals(first.mainline().get(7).position().fen(), op.position().fen());
        assertEquals(1, op.gameNumber());
        assertTrue(op.label().startsWith("Capablanca.pgn:"), op.label());
        assertEquals(Optional.empty(), op.setupFen());

        // Without plies, the whole main line is the book (cutechess's default).
        Openings all = load(CAPABLANCA, Openings.Options.defaults());
        assertEquals(first.mainline().size(), all.openings().get(0).plies());
        assertTrue(first.mainline().size() > 8);
    }

    @Test
    void xqfGivesAXiangqiOpening() throws Exception {
        Path xqf = TestGames.shared("xiangqi/xqf/cchess-test1.xqf");
        Openings o = load(xqf, Openings.Options.defaults());
        assertEquals("xiangqi", o.gameId());
        assertEquals(1, o.size());
        Opening op = o.forPair(5);
        GameFiles.OpenedFile opened = FILES.read(xqf);
        GameTree game = FILES.readGame(opened, opened.entries().get(0));
        List<GameNode> line = game.mainline();
        assertTrue(line.size() > 100, "plies " + line.size());
        assertEquals(line.size(), op.plies());
        // 兵七进一, as the file's own move list has it.
        assertEquals("c3c4", op.moves().get(0).coordinates(TestGames.XIANGQI.coordinateRankBase()));
        assertEquals(line.get(line.size() - 1).position().fen(), op.position().fen());

        Openings cut = load(xqf, Openings.Options.defaults().withPlies(4));
        assertEquals(op.moves().subList(0, 4), cut.forPair(0).moves());
        assertEquals("xiangqi", cut.forPair(0).position().gameId());
    }

    @Test
    void xiangqiPgnAndEpdAreXiangqiOpenings() throws Exception {
        Openings pgn = load(TestGames.shared("xiangqi/pgn/xqdb-bulk_games_uci.pgn"), Openings.Options.defaults().withPlies(6));
        assertEquals("xiangqi", pgn.gameId());
        assertTrue(pgn.size() > 1);
        assertTrue(pgn.openings().stream().allMatch(op -> op.plies() == 6 && op.position().gameId().equals("xiangqi")));
        Openings epd = load(TestGames.shared("xiangqi/perft.epd"), Openings.Options.defaults());
        assertEquals("xiangqi", epd.gameId());
        assertEquals(41, epd.size());
    }

    @Test
    void randomOrderIsTheSameForASeedAndDifferentForAnother() throws Exception {
        Openings.Options random = Openings.Options.defaults().withPlies(4).withOrder(Openings.Order.RANDOM);
        Openings a = load(CAPABLANCA, random.withSeed(42));
        Openings b = load(CAPABLANCA, random.withSeed(42));
        Openings c = load(CAPABLANCA, random.withSeed(43));
        Openings sequential = load(CAPABLANCA, Openings.Options.defaults().withPlies(4));
        int n = a.size();
        assertEquals(labels(a, n), labels(b, n));
        assertNotEquals(labels(a, n), labels(c, n));
        assertNotEquals(labels(sequential, n), labels(a, n));
        // A shuffle: every opening once per round, then the same round again.
        assertEquals(new HashSet<>(labels(sequential, n)), new HashSet<>(labels(a, n)));
        assertEquals(n, new HashSet<>(labels(a, n)).size());
        assertEquals(labels(a, n), labels(a, 2 * n).subList(n, 2 * n));
        // start counts in the shuffled order.
        Openings fromFifth = load(CAPABLANCA, random.withSeed(42).withStart(5));
        assertEquals(a.forPair(4).label(), fromFifth.forPair(0).label());
        assertEquals(a.forPair(0).label(), fromFifth.forPair(n - 4).label());
    }

    @Test
    void aBrokenPositionIsReportedWithItsLineAndTheOthersLoad() throws Exception {
        Path file = dir.resolve("book.epd");
        Files.writeString(file, String.join("\n",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                "# a comment",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq -",
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                ""), StandardCharsets.UTF_8);
        Openings o = load(file, Openings.Options.defaults());
        assertEquals(List.of("book.epd:1", "book.epd:4"), o.openings().stream().map(Opening::label).toList());
        assertEquals(1, o.skipped());
        FormatProblem p = o.problems().stream().filter(q -> q.severity() == FormatProblem.Severity.ERROR).findFirst().orElseThrow();
        assertEquals("book.epd", p.source());
        assertEquals(2, p.gameNumber());
        assertEquals(FormatProblem.Location.line(3), p.location());
        assertTrue(p.toString().startsWith("book.epd:game 2:line 3: "), p.toString());
    }

    @Test
    void aBrokenGameIsSkippedUnlessItBreaksAfterTheBook() throws Exception {
        Path file = dir.resolve("book.pgn");
        Files.writeString(file, """
                [Event "one"]
                [Result "*"]

                1. e4 e5 2. Nf3 Nc6 *

                [Event "two"]
                [Result "*"]

                1. d4 d5 2. Ke3 Nf6 *

                [Event "three"]
                [Result "*"]

                1. c4 e5 2. Nc3 Nf6 *
                """, StandardCharsets.UTF_8);
        Openings all = load(file, Openings.Options.defaults());
        assertEquals(List.of(1, 3), all.openings().stream().map(Opening::gameNumber).toList());
        assertEquals(1, all.skipped());
        assertTrue(all.problems().stream().anyMatch(p -> p.severity() == FormatProblem.Severity.ERROR
                && p.gameNumber() == 2 && p.source().equals("book.pgn")), all.problems().toString());
        assertEquals("book.pgn:11", all.openings().get(1).label());

        // Cut at two plies the illegal third move is past the book: game two plays, the problem stays as a warning.
        Openings two = load(file, Openings.Options.defaults().withPlies(2));
        assertEquals(3, two.size());
        assertEquals(0, two.skipped());
        assertEquals(2, two.openings().get(1).plies());
        assertTrue(two.problems().stream().allMatch(p -> p.severity() == FormatProblem.Severity.WARNING)
                && !two.problems().isEmpty(), two.problems().toString());
    }

    @Test
    void openingsOfAnotherGameAreSkipped() throws Exception {
        Path file = dir.resolve("mixed.fen");
        Files.writeString(file, String.join("\n",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), StandardCharsets.UTF_8);
        Openings o = load(file, Openings.Options.defaults());
        assertEquals("xiangqi", o.gameId());
        assertEquals(1, o.size());
        assertEquals(1, o.skipped());
        FormatProblem p = o.problems().get(0);
        assertEquals(2, p.gameNumber());
        assertTrue(p.message().toString().contains("chess") && p.message().toString().contains("xiangqi"), p.toString());

        Openings chess = Openings.load(file, Openings.Options.defaults(), FILES, Optional.of(TestGames.CHESS));
        assertEquals("chess", chess.gameId());
        assertEquals(List.of("mixed.fen:2"), chess.openings().stream().map(Opening::label).toList());
    }

    @Test
    void anEmptyFileOrOneWithNothingPlayableIsAClearError() throws Exception {
        Path empty = dir.resolve("empty.epd");
        Files.writeString(empty, "", StandardCharsets.UTF_8);
        GameFiles.OpenException e = assertThrows(GameFiles.OpenException.class, () -> load(empty, Openings.Options.defaults()));
        assertEquals("empty.epd holds no openings.", e.getMessage());

        Path broken = dir.resolve("broken.epd");
        Files.writeString(broken, "not a position\nnor/this w\n", StandardCharsets.UTF_8);
        e = assertThrows(GameFiles.OpenException.class, () -> load(broken, Openings.Options.defaults()));
        assertTrue(e.getMessage().startsWith("No opening of broken.epd can be played: all 2 were skipped. The first, game 1 (line 1): "),
                e.getMessage());
        assertTrue(e.text().render(java.util.Locale.SIMPLIFIED_CHINESE).contains("broken.epd"));
    }

    @Test
    void theFormatCanBeNamedForAFileWhoseNameDoesNotTellIt() throws Exception {
        Path file = dir.resolve("book.odt");
        Files.copy(CHESS_EPD, file);
        assertThrows(GameFiles.OpenException.class, () -> load(file, Openings.Options.defaults()));
        Openings o = load(file, Openings.Options.defaults().withFormat("epd"));
        assertEquals(10, o.size());
        GameFiles.OpenException e = assertThrows(GameFiles.OpenException.class,
                () -> load(file, Openings.Options.defaults().withFormat("docx")));
        assertTrue(e.getMessage().contains("docx") && e.getMessage().contains("pgn"), e.getMessage());
    }

    @Test
    void withoutAFileTheStandardStartIsTheOneOpening() {
        Openings o = Openings.standard(TestGames.XIANGQI);
        assertEquals(1, o.size());
        Opening op = o.forPair(17);
        assertEquals("xiangqi", op.gameId());
        assertEquals(TestGames.XIANGQI.startPosition().fen(), op.position().fen());
        assertTrue(op.moves().isEmpty() && op.setupFen().isEmpty());
        assertEquals(Optional.empty(), o.file());
    }

    @Test
    void ordersAndOptionsParse() {
        assertEquals(Optional.of(Openings.Order.RANDOM), Openings.Order.parse("Random"));
        assertEquals(Optional.empty(), Openings.Order.parse("shuffled"));
        assertThrows(IllegalArgumentException.class, () -> Openings.Options.defaults().withStart(0));
        assertThrows(IllegalArgumentException.class, () -> Openings.Options.defaults().withPlies(-1));
    }
}

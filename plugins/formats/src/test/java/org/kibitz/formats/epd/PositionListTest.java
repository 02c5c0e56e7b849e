package org.kibitz.formats.epd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.Fixtures;
import org.kibitz.formats.TestFiles;

class PositionListTest {

    @ParameterizedTest
    @ValueSource(strings = {"chess/perft.epd", "xiangqi/perft.epd"})
    void perftFilesKeepTheirOperationsAndRoundTrip(String file) throws Exception {
        List<ReadResult> results = Fixtures.read("epd", TestFiles.shared(file));
        long lines = Files.readAllLines(TestFiles.shared(file)).stream().filter(l -> !l.isBlank()).count();
        assertEquals(lines, results.size());
        List<GameTree> games = results.stream().map(r -> {
            assertTrue(r.problems().isEmpty(), r.problems().toString());
            return r.game().orElseThrow();
        }).toList();
        GameTree first = games.get(0);
        assertEquals(file.startsWith("chess") ? "chess" : "xiangqi", first.gameId());
        assertEquals(first.gameId().equals("chess") ? "20" : "44", first.tags().get("D1").orElseThrow());
        assertEquals(List.of("D1", "D2", "D3", "D4"), List.copyOf(first.tags().asMap().keySet()));
        // The depth counts are what each file says: check one against the rules module.
        var plugin = Fixtures.GAMES.byId(first.gameId()).orElseThrow();
        assertEquals(Long.parseLong(games.get(1).tags().get("D2").orElseThrow()), plugin.perft(games.get(1).startPosition(), 2));

        byte[] written = Fixtures.write("epd", games, Optional.empty());
        List<ReadResult> again = Fixtures.read("epd", written, "again.epd");
        for (int i = 0; i < games.size(); i++) {
            GameTree a = games.get(i);
            GameTree b = again.get(i).game().orElseThrow();
            // EPD has no move counters: the board, side, castling and en passant fields survive.
            assertEquals(fields(a.startPosition().fen()), fields(b.startPosition().fen()));
            assertEquals(a.tags().asMap(), b.tags().asMap());
        }
        String text = new String(written, StandardCharsets.UTF_8);
        assertTrue(text.startsWith(file.startsWith("chess")
                ? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - D1 20; D2 400; D3 8902; D4 197281;\n"
                : "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - D1 44; D2 1920; D3 79666; D4 3290240;\n"), text);
    }

    private static String fields(String fen) {
        String[] f = fen.split(" ");
        return String.join(" ", f[0], f[1], f[2], f[3]);
    }

    @Test
    void epdOperationsWithStringsAndCounters() {
        String line = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - bm O-O; id \"Italian; quiet\"; hmvc 4; fmvn 4;\n";
        GameTree g = Fixtures.readClean("epd", line.getBytes(StandardCharsets.UTF_8), "t.epd");
        assertEquals("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", g.startPosition().fen());
        assertEquals("Italian; quiet", g.tags().get("id").orElseThrow());
        assertEquals("O-O", g.tags().get("bm").orElseThrow());
        String out = new String(Fixtures.write("epd", List.of(g), Optional.empty()), StandardCharsets.UTF_8);
        assertEquals("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - bm O-O; id \"Italian; quiet\"; hmvc 4; fmvn 4;\n", out);
    }

    @Test
    void fenListsOfBothGamesAndBadLines() {
        String text = """
                # a comment line
                rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1

                rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
                not a fen
                rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1
                """;
        List<ReadResult> r = Fixtures.read("fen", text.getBytes(StandardCharsets.UTF_8), "t.fen");
        assertEquals(4, r.size());
        assertEquals("chess", r.get(0).game().orElseThrow().gameId());
        assertEquals("xiangqi", r.get(1).game().orElseThrow().gameId());
        assertEquals("t.fen:game 3:line 5: expected a FEN with at least 4 fields, found \"not a fen\"", r.get(2).problems().get(0).toString());
        assertTrue(r.get(3).problems().get(0).toString().startsWith("t.fen:game 4:line 6: not a valid position for any installed game: "),
                r.get(3).problems().toString());
        String out = new String(Fixtures.write("fen", List.of(r.get(0).game().orElseThrow(), r.get(1).game().orElseThrow()), Optional.empty()),
                StandardCharsets.UTF_8);
        // The chess rules write an en passant square only when a capture there is legal.
        assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
                + "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n", out);
    }

    @Test
    void aGameIsWrittenAsTheEndOfItsMainLine() {
        GameTree g = Fixtures.readClean("pgn", "1. e4 e5 2. Nf3 *\n".getBytes(StandardCharsets.UTF_8), "g.pgn");
        String out = new String(Fixtures.write("fen", List.of(g), Optional.empty()), StandardCharsets.UTF_8);
        assertEquals("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n", out);
    }
}

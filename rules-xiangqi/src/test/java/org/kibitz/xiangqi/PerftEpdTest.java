package org.kibitz.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.kibitz.xiangqi.board.Board;

/**
 * The 41 positions of {@code xiangqi/perft.epd} (counts from Fairy-Stockfish) at every depth given, 1 to 4.
 * The whole file to depth 4 is about 68 million leaves and takes under a second or two.
 */
class PerftEpdTest {

    static Stream<Arguments> rows() throws IOException {
        List<Arguments> out = new ArrayList<>();
        int line = 0;
        for (String row : Files.readAllLines(PgnMovetext.shared("xiangqi/perft.epd"))) {
            line++;
            if (row.isBlank()) {
                continue;
            }
            String[] parts = row.split(";");
            for (int i = 1; i < parts.length; i++) {
                String[] dn = parts[i].strip().split("\\s+");
                out.add(Arguments.of(line, parts[0].strip(), Integer.parseInt(dn[0].substring(1)), Long.parseLong(dn[1])));
            }
        }
        return out.stream();
    }

    /**
     * The rows the plugin's wiring and divide are checked on: depths 1 and 2 of every position (the
     * deep counts are the board test's, and the API-only walk would take minutes on them).
     */
    static Stream<Arguments> shallowRows() throws IOException {
        return rows().filter(a -> (int) a.get()[2] <= 2);
    }

    @ParameterizedTest(name = "line {0} depth {2}")
    @MethodSource("rows")
    void boardPerftMatches(int line, String fen, int depth, long expected) throws Exception {
        Board board = XiangqiFen.board(fen);
        String before = board.fen();
        long keyBefore = board.key();
        assertEquals(expected, board.perft(depth), fen);
        assertEquals(before, board.fen(), "perft must leave the board as it found it");
        assertEquals(keyBefore, board.key());
    }

    @ParameterizedTest(name = "line {0} depth {2}")
    @MethodSource("shallowRows")
    void pluginDivideSumsToPerft(int line, String fen, int depth, long expected) throws Exception {
        XiangqiPlugin plugin = new XiangqiPlugin();
        XiangqiPosition pos = plugin.parseFen(fen);
        assertEquals(expected, plugin.perft(pos, depth));
        assertEquals(expected, plugin.divide(pos, depth).values().stream().mapToLong(Long::longValue).sum());
        // The slow, API-only walk of the default implementation agrees too.
        assertEquals(expected, new org.kibitz.api.game.GamePlugin() {
            @Override public String id() { return "walk"; }
            @Override public java.util.Set<String> variants() { return java.util.Set.of(); }
            @Override public org.kibitz.api.game.BoardGeometry geometry() { return plugin.geometry(); }
            @Override public org.kibitz.api.game.Position startPosition() { return plugin.startPosition(); }
            @Override public org.kibitz.api.game.Position parseFen(String f) { throw new UnsupportedOperationException(); }
            @Override public List<org.kibitz.api.game.Notation> notations() { return plugin.notations(); }
            @Override public org.kibitz.api.game.Notation coordinateNotation() { return plugin.coordinateNotation(); }
            @Override public int coordinateRankBase() { return 0; }
            @Override public String pieceLabel(org.kibitz.api.game.Piece p) { return plugin.pieceLabel(p); }
            @Override public java.util.Optional<org.kibitz.api.game.Outcome> adjudicate(List<org.kibitz.api.game.Position> l) {
                return java.util.Optional.empty();
            }
        }.perft(pos, depth));
    }
}

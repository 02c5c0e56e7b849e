package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/** Perft through the {@link GamePlugin}: the shared table at every depth, and the slow API path against the fast board. */
class PerftTest {

    private static final GamePlugin CHESS = new ChessPlugin();

    static Stream<Arguments> sharedTable() throws IOException {
        List<Arguments> rows = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(System.getProperty("kibitz.testdata"), "chess/perft.epd"))) {
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.split(";");
            for (int i = 1; i < parts.length; i++) {
                String[] dn = parts[i].trim().split("\\s+");
                rows.add(Arguments.of(parts[0].trim(), Integer.parseInt(dn[0].substring(1)), Long.parseLong(dn[1])));
            }
        }
        return rows.stream();
    }

    @ParameterizedTest(name = "{0} depth {1}")
    @MethodSource("sharedTable")
    void sharedPerftTable(String fen, int depth, long expected) throws FenException {
        Position p = CHESS.parseFen(fen);
        assertEquals(expected, CHESS.perft(p, depth));
        long sum = CHESS.divide(p, depth).values().stream().mapToLong(Long::longValue).sum();
        assertEquals(expected, sum, "divide");
    }

    /** Deeper counts from the published perft results (chessprogramming wiki), checked by Stockfish. */
    @ParameterizedTest(name = "{0} depth {1}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 5 | 4865609",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 | 5 | 193690690",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 | 6 | 11030083",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1 | 5 | 15833292",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 | 5 | 89941194",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 | 5 | 164075551",
    })
    void deeperKnownCounts(String fen, int depth, long expected) throws FenException {
        assertEquals(expected, CHESS.perft(CHESS.parseFen(fen.strip()), depth));
    }

    /** The default perft walks {@link Position#play(Move)} and {@link Position#legalMoves()}: the API must agree with the board. */
    @Test
    void apiWalkAgreesWithTheBoard() throws FenException {
        GamePlugin slow = new GamePlugin() {
            @Override public String id() { return "slow"; }
            @Override public java.util.Set<String> variants() { return java.util.Set.of(); }
            @Override public org.kibitz.api.game.BoardGeometry geometry() { return CHESS.geometry(); }
            @Override public Position startPosition() { return CHESS.startPosition(); }
            @Override public Position parseFen(String fen) throws FenException { return CHESS.parseFen(fen); }
            @Override public List<org.kibitz.api.game.Notation> notations() { return CHESS.notations(); }
            @Override public org.kibitz.api.game.Notation coordinateNotation() { return CHESS.coordinateNotation(); }
            @Override public int coordinateRankBase() { return 1; }
            @Override public String pieceLabel(org.kibitz.api.game.Piece piece) { return ""; }
            @Override public java.util.Optional<org.kibitz.api.game.Outcome> adjudicate(List<Position> line) { return java.util.Optional.empty(); }
        };
        for (String fen : List.of(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")) {
            Position p = CHESS.parseFen(fen);
            Map<Move, Long> fast = CHESS.divide(p, 3);
            Map<Move, Long> walked = slow.divide(p, 3);
            assertEquals(walked, fast, fen);
            assertEquals(List.copyOf(walked.keySet()), p.legalMoves(), "divide keeps the order of legalMoves()");
        }
    }
}

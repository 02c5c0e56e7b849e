package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/**
 * {@link Position#hash()} equals the Polyglot book key: the positions and keys published with the
 * Polyglot book format, reached both from their FENs and by playing the moves from the start (the
 * incremental key).
 */
class PolyglotKeyTest {

    private static final ChessPlugin CHESS = new ChessPlugin();

    @ParameterizedTest(name = "{2} after [{0}]")
    @CsvSource(delimiter = '|', value = {
            "''                          | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1          | 463b96181691fc9c",
            "e2e4                        | rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1       | 823c9b50fd114196",
            "e2e4 d7d5                   | rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2     | 0756b94461c50fb0",
            "e2e4 d7d5 e4e5              | rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2       | 662fafb965db29d4",
            "e2e4 d7d5 e4e5 f7f5         | rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3     | 22a48b5a8e47ff78",
            "e2e4 d7d5 e4e5 f7f5 e1e2    | rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3        | 652a607ca3f242c1",
            "e2e4 d7d5 e4e5 f7f5 e1e2 e8f7 | rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4       | 00fdd303c946bdd9",
            "a2a4 b7b5 h2h4 b5b4 c2c4    | rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3     | 3c8123ea7b067637",
            "a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3 | rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4 | 5c3f9b829b279560",
    })
    void publishedKeys(String moves, String fen, String key) throws FenException {
        long expected = Long.parseUnsignedLong(key.strip(), 16);
        assertEquals(expected, CHESS.parseFen(fen.strip()).hash(), "from the FEN");
        Position p = CHESS.startPosition();
        for (String uci : moves.strip().split("\\s+")) {
            if (!uci.isEmpty()) {
                p = p.play(Move.parseCoordinates(uci, 1));
            }
        }
        assertEquals(expected, p.hash(), "played from the start");
        // The published FENs write every en passant square and their own clocks: compare the position itself.
        assertTrue(((ChessPosition) p).sameForRepetition(CHESS.parseFen(fen.strip())));
    }
}

package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.game.FenException;

/** FEN, X-FEN and Shredder-FEN: reading, writing, Chess960 detection and the errors. */
class FenTest {

    private static final ChessPlugin CHESS = new ChessPlugin();

    @ParameterizedTest
    @ValueSource(strings = {
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/8/8/8/8/8/8/K6k b - - 99 170",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
            "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1",
            "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1",
    })
    void roundTrips(String fen) throws FenException {
        assertEquals(fen, CHESS.parseFen(fen).fen());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            // missing fields get defaults
            "8/8/8/8/8/8/8/K6k                                       | 8/8/8/8/8/8/8/K6k w - - 0 1",
            "8/8/8/8/8/8/8/K6k b                                     | 8/8/8/8/8/8/8/K6k b - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -    | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // an en passant square no pawn can take on is dropped (Stockfish and Polyglot do the same)
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 | rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            // a stale right (no rook where it says, or the king off its square) is dropped
            "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1                       | 4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "4k3/8/8/8/8/8/4K3/7R w K - 0 1                          | 4k3/8/8/8/8/8/4K3/7R w - - 0 1",
            // standard chess written as Shredder-FEN is read as Chess960 and keeps its letters
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            // Shredder-FEN comes back as X-FEN (file letters only where they are needed)
            "1r1k1r2/8/8/8/8/8/8/1R1K1R2 w FBfb - 0 1                | 1r1k1r2/8/8/8/8/8/8/1R1K1R2 w KQkq - 0 1",
            // an inner rook gets its file letter in X-FEN
            "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1                         | 4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1",
            "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1                         | 4k3/8/8/8/8/8/8/RR2K3 w B - 0 1",
            // upper-case side, zero move number
            "8/8/8/8/8/8/8/K6k W - - 0 0                             | 8/8/8/8/8/8/8/K6k w - - 0 1",
    })
    void normalises(String in, String out) throws FenException {
        assertEquals(out.strip(), CHESS.parseFen(in.strip()).fen());
    }

    @Test
    void chess960IsInferredFromLettersAndSquaresOrGivenByTheVariant() throws FenException {
        String standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assertFalse(CHESS.parseFen(standard).isChess960());
        assertTrue(CHESS.parseFen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").isChess960());
        assertTrue(CHESS.parseFen("1r1k1r2/8/8/8/8/8/8/1R1K1R2 w KQkq - 0 1").isChess960());
        ChessPosition named = CHESS.parseFen(standard, "Chess960");
        assertTrue(named.isChess960());
        assertEquals("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", named.fen(), "letters keep Chess960 across a round trip");
        assertFalse(CHESS.parseFen(standard, "standard").isChess960());
        assertTrue(CHESS.startPosition("fischerandom").isChess960());
        assertFalse(CHESS.startPosition("From Position").isChess960());
        assertNotEquals(CHESS.startPosition("chess960"), CHESS.startPosition(), "same FEN state, different rules");
        assertThrows(IllegalArgumentException.class, () -> CHESS.parseFen(standard, "crazyhouse"));
        FenException e = assertThrows(FenException.class,
                () -> CHESS.parseFen("1r1k1r2/8/8/8/8/8/8/1R1K1R2 w KQkq - 0 1", "standard"));
        assertEquals("fen.castlingNeedsChess960", e.text().key());
    }

    @Test
    void scharnaglNumbering() {
        assertEquals(CHESS.startPosition().fen(), CHESS.chess960Start(518).fen().replace("HAha", "KQkq"));
        assertEquals("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", CHESS.chess960Start(0).fen());
        assertEquals("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1", CHESS.chess960Start(959).fen());
        java.util.Set<String> all = new java.util.HashSet<>();
        int castleAtOnce = 0;
        for (int n = 0; n < 960; n++) {
            ChessPosition p = CHESS.chess960Start(n);
            all.add(p.fen());
            // King and rook side by side on c1/d1 or f1/g1 may swap places on the first move.
            String rank = p.fen().substring(p.fen().lastIndexOf('/') + 1, p.fen().indexOf(' '));
            boolean swap = rank.substring(2, 4).equals("RK") || rank.substring(5, 7).equals("KR");
            boolean castles = p.legalMoves().stream().anyMatch(m -> p.pieceAt(m.to()).isPresent());
            assertEquals(swap, castles, p.fen());
            castleAtOnce += swap ? 1 : 0;
        }
        assertEquals(960, all.size());
        assertTrue(castleAtOnce > 0);
    }

    @ParameterizedTest(name = "{1}: {0}")
    @CsvSource(delimiter = '|', value = {
            "''                                                        | fen.empty",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1             | fen.rankCount",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1     | fen.rankLength",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1    | fen.pieceLetter",
            "rnbqkbnr/pppppppp/45/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1   | fen.rankLength",
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1    | fen.pieceLetter",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1    | fen.kings",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1    | fen.kings",
            "Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1    | fen.pawnOnBackRank",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1    | fen.side",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1    | fen.castlingLetter",
            "rk2r3/8/8/8/8/8/8/RK2R2R w EH - 0 1                         | fen.castlingTwice",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1   | fen.enPassant",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1 | fen.enPassantRank",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1    | fen.halfmove",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1   | fen.fullmove",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x  | fen.extraFields",
            "4k3/8/8/8/8/8/8/4K2r b - - 0 1                             | fen.opponentInCheck",
    })
    void errorsSayWhatIsWrongInBothLanguages(String fen, String key) {
        FenException e = assertThrows(FenException.class, () -> CHESS.parseFen(fen));
        assertEquals(key.strip(), e.text().key());
        assertEquals(fen, e.fen());
        String english = e.text().render(Locale.ROOT);
        String chinese = e.text().render(Locale.SIMPLIFIED_CHINESE);
        assertFalse(english.isBlank());
        assertNotEquals(english, chinese);
        assertFalse(english.startsWith("fen."), "a message, not the key: " + english);
        assertFalse(chinese.startsWith("fen."), "a message, not the key: " + chinese);
    }
}

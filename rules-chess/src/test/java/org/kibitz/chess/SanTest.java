package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.game.AmbiguousMoveException;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.IllegalMoveException;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.NotAMoveException;
import org.kibitz.api.game.Notation;

/** SAN reading and writing, table-driven: FEN, what is read, the move it means, what is written. */
class SanTest {

    private static final ChessPlugin CHESS = new ChessPlugin();
    private static final Notation SAN = CHESS.notation("san").orElseThrow();
    private static final Notation FIGURINE = CHESS.notation("figurine").orElseThrow();

    // Two knights reach d2 (file disambiguation); rooks on one file reach a3 (rank); three queens reach b2 (both).
    static final String KNIGHTS = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    static final String ROOKS = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    static final String QUEENS = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
    // The knight on e2 is pinned by the rook on e7: it does not count for disambiguation.
    static final String PINNED_KNIGHT = "4k3/4r3/8/1N6/8/8/4N3/4K3 w - - 0 1";
    static final String PROMOTION = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    // En passant: legal, and illegal because both pawns leave the king's rank (h5 rook), or the capturer is pinned on a diagonal.
    static final String EP_LEGAL = "4k3/8/8/1Pp5/8/8/8/4K3 w - c6 0 2";
    static final String EP_RANK_PIN = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2";
    static final String EP_DIAGONAL_PIN = "k7/5K2/8/2pP4/8/1b6/8/8 w - c6 0 2";
    static final String EP_DIAGONAL_PIN_ALONG = "4k3/1b6/8/2pP4/8/8/8/7K w - c6 0 2";
    // f1 attacked: no O-O; b1 attacked does not stop O-O-O (only the king's path counts).
    static final String CASTLE_THROUGH_CHECK = "1r2kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    static final String CASTLE_IN_CHECK = "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1";

    @ParameterizedTest(name = "{1} in {0}")
    @CsvSource(delimiter = '|', value = {
            KNIGHTS + "| Nbd2   | b1d2  | Nbd2",
            KNIGHTS + "| Nfd2   | f3d2  | Nfd2",
            KNIGHTS + "| Nb1d2  | b1d2  | Nbd2",
            KNIGHTS + "| Nb1-d2 | b1d2  | Nbd2",
            KNIGHTS + "| Ne5    | f3e5  | Ne5",
            KNIGHTS + "| Nfe5   | f3e5  | Ne5",
            ROOKS + "| R1a3     | a1a3  | R1a3",
            ROOKS + "| R5a3     | a5a3  | R5a3",
            QUEENS + "| Qa1b2   | a1b2  | Qa1b2",
            QUEENS + "| Qcb2    | c1b2  | Qcb2",
            QUEENS + "| Q3b2    | a3b2  | Q3b2",
            PINNED_KNIGHT + "| Nd4 | b5d4  | Nd4",
            PROMOTION + "| exd8=Q+ | e7d8q | exd8=Q+",
            PROMOTION + "| exd8Q   | e7d8q | exd8=Q+",
            PROMOTION + "| exd8q   | e7d8q | exd8=Q+",
            PROMOTION + "| exd8(Q) | e7d8q | exd8=Q+",
            PROMOTION + "| exd8/N  | e7d8n | exd8=N",
            PROMOTION + "| ed8=R   | e7d8r | exd8=R+",
            PROMOTION + "| e7d8q   | e7d8q | exd8=Q+",
            PROMOTION + "| e8=Q    | e7e8q | e8=Q+",
            PROMOTION + "| e8=B!?  | e7e8b | e8=B",
            EP_LEGAL + "| bxc6     | b5c6  | bxc6",
            EP_LEGAL + "| bxc6 e.p.| b5c6  | bxc6",
            EP_LEGAL + "| bc6      | b5c6  | bxc6",
            EP_LEGAL + "| b6       | b5b6  | b6",
            EP_DIAGONAL_PIN_ALONG + "| dxc6 | d5c6 | dxc6",
            CASTLE_THROUGH_CHECK + "| O-O-O | e1c1 | O-O-O",
            CASTLE_THROUGH_CHECK + "| 0-0-0 | e1c1 | O-O-O",
            CASTLE_THROUGH_CHECK + "| o-o-o | e1c1 | O-O-O",
            CASTLE_THROUGH_CHECK + "| O–O–O | e1c1 | O-O-O",
            CASTLE_THROUGH_CHECK + "| O-O-O+ | e1c1 | O-O-O",
            CASTLE_THROUGH_CHECK + "| e1c1  | e1c1 | O-O-O",
            CASTLE_THROUGH_CHECK + "| e1a1  | e1c1 | O-O-O",
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2 | Qh4# | d8h4 | Qh4#",
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2 | Qh4+ | d8h4 | Qh4#",
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2 | Qh4?? | d8h4 | Qh4#",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | Qxf7# | f3f7 | Qxf7#",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | Qf7 | f3f7 | Qxf7#",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | Qxf7#+ | f3f7 | Qxf7#",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | Qxf7++ | f3f7 | Qxf7#",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | Qxf7#! | f3f7 | Qxf7#",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | Qxf7 # | f3f7 | Qxf7#",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | Bxf7+ | c4f7 | Bxf7+",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | ♗xf7+ | c4f7 | Bxf7+",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | Nxe5 | f3e5 | Nxe5",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | Ng1-f3?? | | ",
    })
    void readsAndWrites(String fen, String input, String uci, String written) throws FenException, MoveParseException {
        ChessPosition p = CHESS.parseFen(fen.strip());
        if (uci == null) {
            assertThrows(IllegalMoveException.class, () -> SAN.parse(p, input));
            return;
        }
        Move m = SAN.parse(p, input);
        assertEquals(uci, m.coordinates(1));
        assertEquals(written, SAN.format(p, m));
    }

    @ParameterizedTest(name = "{1} is illegal in {0}")
    @CsvSource(delimiter = '|', value = {
            PINNED_KNIGHT + "| Ned4",
            PINNED_KNIGHT + "| Ng3",
            EP_DIAGONAL_PIN_ALONG + "| d6",
            EP_RANK_PIN + "| bxc6",
            EP_DIAGONAL_PIN + "| dxc6",
            CASTLE_THROUGH_CHECK + "| O-O",
            CASTLE_THROUGH_CHECK + "| 0-0",
            CASTLE_IN_CHECK + "| O-O-O",
            CASTLE_IN_CHECK + "| O-O",
            PROMOTION + "| e8=K",
            KNIGHTS + "| Nd3",
            KNIGHTS + "| Bd3",
            KNIGHTS + "| e4",
            KNIGHTS + "| Ke3",
    })
    void illegal(String fen, String input) throws FenException {
        ChessPosition p = CHESS.parseFen(fen.strip());
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> SAN.parse(p, input.strip()));
        assertEquals(input.strip(), e.input());
        assertTrue(e.text().render(Locale.ROOT).contains(input.strip()));
    }

    @Test
    void aPawnReachingTheLastRankNeedsAPromotionPiece() throws FenException {
        ChessPosition p = CHESS.parseFen(PROMOTION);
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> SAN.parse(p, "exd8"));
        assertEquals("move.promotionMissing", e.text().key());
        assertEquals("move.promotionMissing", assertThrows(IllegalMoveException.class, () -> SAN.parse(p, "e8")).text().key());
        assertEquals("move.promotionMissing", assertThrows(IllegalMoveException.class, () -> SAN.parse(p, "e7e8")).text().key());
    }

    @Test
    void ambiguousMovesSayWhatTheyCouldBe() throws FenException {
        ChessPosition p = CHESS.parseFen(KNIGHTS);
        AmbiguousMoveException e = assertThrows(AmbiguousMoveException.class, () -> SAN.parse(p, "Nd2"));
        String english = e.text().render(Locale.ROOT);
        assertTrue(english.contains("Nbd2") && english.contains("Nfd2"), english);
        String chinese = e.text().render(Locale.SIMPLIFIED_CHINESE);
        assertTrue(chinese.contains("歧义") && chinese.contains("Nbd2"), chinese);
        ChessPosition q = CHESS.parseFen(QUEENS);
        assertThrows(AmbiguousMoveException.class, () -> SAN.parse(q, "Qb2"));
        assertThrows(AmbiguousMoveException.class, () -> SAN.parse(q, "Qab2"));
        assertThrows(AmbiguousMoveException.class, () -> SAN.parse(q, "Q1b2"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "hello", "Nf9", "Zz9", "i4", "Nxx4", "O-O-O-O", "e2e4e5", "Pe4", "nf3", "--", "Z0", "0000", "1-0", "+", "#", "++"})
    void notAMove(String input) {
        NotAMoveException e = assertThrows(NotAMoveException.class, () -> SAN.parse(CHESS.startPosition(), input));
        assertFalse(e.text().render(Locale.ROOT).isBlank());
        assertFalse(e.text().render(Locale.SIMPLIFIED_CHINESE).isBlank());
    }

    @Test
    void figurineSanWritesWhiteFigurinesForBothSidesAndReadsBoth() throws MoveParseException, FenException {
        ChessPosition start = CHESS.startPosition();
        Move nf3 = FIGURINE.parse(start, "♘f3");
        assertEquals("♘f3", FIGURINE.format(start, nf3));
        ChessPosition afterNf3 = start.play(nf3);
        Move nf6 = FIGURINE.parse(afterNf3, "♞f6");
        assertEquals("♘f6", FIGURINE.format(afterNf3, nf6));
        assertEquals(nf6, FIGURINE.parse(afterNf3, "Nf6"));
        assertEquals("Nf6", SAN.format(afterNf3, FIGURINE.parse(afterNf3, "♘f6")));
        ChessPosition promo = CHESS.parseFen(PROMOTION);
        assertEquals("exd8=♕+", FIGURINE.format(promo, SAN.parse(promo, "exd8=Q")));
        assertEquals("e7e8n", FIGURINE.parse(promo, "e8=♘").coordinates(1));
        ChessPosition knights = CHESS.parseFen(KNIGHTS);
        assertEquals("♘bd2", FIGURINE.format(knights, SAN.parse(knights, "Nbd2")));
    }

    @Test
    void chess960CastlingIsWrittenOoAndPlayedKingTakesRook() throws MoveParseException, FenException {
        // Cutechess's first Fischer random game: king e1, rooks d1 and g1.
        assertTrue(CHESS.parseFen("nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1").isChess960());
        ChessPosition cleared = CHESS.parseFen("1b1rk1r1/pppppppp/8/8/8/8/PPPPPPPP/1B1RK1R1 w KQkq - 0 1");
        assertTrue(cleared.isChess960());
        Move oo = SAN.parse(cleared, "O-O");
        assertEquals("e1g1", oo.coordinates(1)); // the rook stands on g1: king takes rook is e1g1 here
        assertEquals("O-O", SAN.format(cleared, oo));
        assertEquals("1b1rk1r1/pppppppp/8/8/8/8/PPPPPPPP/1B1R1RK1 b kq - 1 1", cleared.play(oo).fen());
        Move ooo = SAN.parse(cleared, "O-O-O");
        assertEquals("e1d1", ooo.coordinates(1));
        assertEquals("O-O-O", SAN.format(cleared, ooo));
        assertEquals("1b1rk1r1/pppppppp/8/8/8/8/PPPPPPPP/1BKR2R1 b kq - 1 1", cleared.play(ooo).fen());
    }
}

package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.PositionDraft;
import org.kibitz.api.i18n.Text;

/** The position editor's verdict on chess set-ups: each reason by its key, all reasons at once. */
class SetupCheckTest {

    private final ChessPlugin chess = new ChessPlugin();

    private List<Text> problems(String fen) throws FenException {
        return chess.setupProblems(chess.draft(fen));
    }

    private List<String> keys(String fen) throws FenException {
        return problems(fen).stream().map(Text::key).toList();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = ';', value = {
        "4k3/8/8/8/8/8/8/8 w - - 0 1; setup.noKing",
        "3kk3/8/8/8/8/8/8/4K3 w - - 0 1; setup.manyKings",
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1; setup.pawnBackRank",
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1; setup.tooManyPawns",
        "4k3/8/8/8/QQQ5/8/PPPPPPPP/4K3 b - - 0 1; setup.tooManyPromoted",
        "4k3/8/8/8/8/8/PPPPPPPP/2B1KB1B w - - 0 1; setup.tooManyPromoted",
        "k7/8/8/8/8/8/8/R3K3 w - - 0 1; setup.opponentInCheck",
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1; setup.castling",
        "4k2r/8/8/8/8/8/8/4K3 b q - 0 1; setup.castling",
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1; setup.enPassant",
        "4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 1; setup.enPassant",
        "8/8/8/8/8/8/8/P7 w KQ e6 0 1; setup.pawnBackRank setup.noKing setup.noKing setup.castling setup.castling setup.enPassant",
    })
    void namesTheReason(String fen, String expected) throws FenException {
        List<String> keys = keys(fen);
        assertEquals(Arrays.stream(expected.split(" ")).sorted().toList(), keys.stream().sorted().toList(), fen);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/8/QQQ5/8/PPPPP3/4K3 b - - 0 1",
        "4k3/8/8/8/8/8/PPPPPPP1/2B1KB1B w - - 0 1",
        "k7/8/8/8/8/8/8/R3K3 b - - 0 1",
    })
    void findsNothingWrongWithALegalPosition(String fen) throws FenException {
        assertEquals(List.of(), problems(fen));
        assertEquals(fen, chess.parseFen(fen).fen());
    }

    @Test
    void everyPerftPositionIsLegal() throws Exception {
        for (String row : Files.readAllLines(Path.of(System.getProperty("kibitz.testdata"), "chess/perft.epd"))) {
            String fen = row.split(";")[0].strip();
            assertEquals(List.of(), problems(fen), fen);
        }
    }

    @Test
    void theReasonsReadInEnglishAndChinese() throws FenException {
        List<Text> p = problems("k7/8/8/8/8/8/8/R3K3 w - - 0 1");
        assertEquals("Black is in check but it is not Black's move", p.get(0).render(Locale.ROOT));
        assertEquals("黑方正被将军，但现在不是黑方走棋", p.get(0).render(Locale.SIMPLIFIED_CHINESE));
        String promoted = problems("4k3/8/8/8/QQQ5/8/PPPPPPPP/4K3 b - - 0 1").get(0).render(Locale.ROOT);
        assertTrue(promoted.startsWith("White has more pieces than promotions allow: 2 beyond"), promoted);
    }

    @Test
    void theEditorReadsWhatTheFenReaderRefusesAndWritesItBack() throws FenException {
        String fen = "3kk3/8/8/8/8/8/8/P3K3 w K e6 3 9";
        PositionDraft d = chess.draft(fen);
        assertEquals(fen, d.fen());
        assertEquals(4, d.pieces().size(), "two black kings, a white king and a pawn");
        assertThrows(FenException.class, () -> chess.draft("4k3/8/8/8/8/8/8/4K2X w - - 0 1"));
        assertThrows(FenException.class, () -> chess.draft("4k3/8/8/8/8/8/4K3 w - - 0 1"));
    }

    @Test
    void theEditorOffersOnlyTheRightsAndSquaresThePiecesAllow() throws FenException {
        assertEquals("KQkq", chess.possibleCastling(chess.draft("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1")));
        assertEquals("Qk", chess.possibleCastling(chess.draft("4k2r/8/8/8/8/8/8/R3K1R1 w - - 0 1")));
        assertEquals("", chess.possibleCastling(chess.draft("r2k3r/8/8/8/8/8/8/R2K3R w - - 0 1")));
        assertEquals("HAha", chess.possibleCastling(chess.draft("r2k3r/8/8/8/8/8/8/R2K3R w HAha - 0 1")),
                "Chess960 rights named by their rook's file stay while king and rook stand on their rank");
        assertEquals(List.of(org.kibitz.api.game.Square.of(3, 5), org.kibitz.api.game.Square.of(6, 5)),
                chess.possibleEnPassant(chess.draft("4k3/8/8/3pP1p1/8/8/8/4K3 w - - 0 1")));
        assertEquals(List.of(), chess.possibleEnPassant(chess.draft("4k3/8/3p4/3p4/8/8/8/4K3 w - - 0 1")));
    }
}

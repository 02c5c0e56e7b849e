package org.kibitz.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;

class FenTest {

    private final XiangqiPlugin plugin = new XiangqiPlugin();

    @Test
    void startPositionWritesTheStandardFen() {
        assertEquals(XiangqiFen.START, plugin.startPosition().fen());
        assertEquals(Side.WHITE, plugin.startPosition().sideToMove());
        assertEquals(32, plugin.startPosition().pieces().size());
        assertEquals(new Piece(Side.BLACK, 'C'), plugin.startPosition().pieceAt(Square.of(7, 7)).orElseThrow());
        assertEquals(new Piece(Side.WHITE, 'K'), plugin.startPosition().pieceAt(Square.of(4, 0)).orElseThrow());
    }

    @Test
    void readsTheOlderLettersAndRedAsR() throws FenException {
        XiangqiPosition old = plugin.parseFen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1");
        assertEquals(plugin.startPosition(), old);
        assertEquals(XiangqiFen.START, old.fen());
        assertEquals(plugin.startPosition().hash(), old.hash());
    }

    @Test
    void countersAndDashesMayBeLeftOut() throws FenException {
        String board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
        assertEquals(XiangqiFen.START, plugin.parseFen(board).fen());
        assertEquals(XiangqiFen.START, plugin.parseFen(board + " w").fen());
        assertEquals(board + " b - - 3 7", plugin.parseFen(board + " b 3 7").fen());
        assertEquals(board + " b - - 0 1", plugin.parseFen("  " + board + " b - -  ").fen());
    }

    @Test
    void everyPerftPositionRoundTrips() throws Exception {
        for (String row : Files.readAllLines(PgnMovetext.shared("xiangqi/perft.epd"))) {
            String fen = row.split(";")[0].strip();
            XiangqiPosition pos = plugin.parseFen(fen);
            assertEquals(fen, pos.fen());
            assertEquals(pos, plugin.parseFen(pos.fen()));
            assertEquals(pos.hash(), pos.toBoard().key(), "the position's hash is the board's Zobrist key");
        }
    }

    @Test
    void playedPositionsRoundTripWithTheirCounters() throws Exception {
        XiangqiPosition pos = plugin.startPosition();
        String[] moves = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "e2e6", "g7e6"};
        for (String m : moves) {
            pos = pos.play(Move.parseCoordinates(m, 0));
            XiangqiPosition again = plugin.parseFen(pos.fen());
            assertEquals(pos, again);
            assertEquals(pos.hash(), again.hash(), "incremental hash equals the hash from scratch");
        }
        // e2e6 takes a pawn (clock 0), g7e6 takes the cannon: clock 0, move 5 with Red to move.
        assertEquals("w", pos.fen().split(" ")[1]);
        assertEquals(0, pos.halfmoveClock());
        assertEquals(5, pos.fullmoveNumber());
        XiangqiPosition quiet = pos.play(Move.parseCoordinates("a0a1", 0));
        assertEquals(1, quiet.halfmoveClock());
        assertEquals(5, quiet.fullmoveNumber());
        assertEquals(6, quiet.play(Move.parseCoordinates("a9a8", 0)).fullmoveNumber());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "|fen.empty",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w|fen.ranks",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w|fen.rankWidth",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w|fen.rankWidth",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w|fen.letter",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x|fen.side",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1|fen.counter",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 9|fen.extra",
            "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w|fen.kings.black",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w|fen.kings.red",
            "3k5/9/9/9/9/9/9/9/9/K8 w|fen.unreachable",
            "3k5/9/9/9/9/9/2B6/9/9/4K4 w|fen.unreachable",
            "3k5/9/9/9/9/9/9/9/A8/4K4 w|fen.unreachable",
            "3k5/9/9/9/9/9/9/9/P8/4K4 w|fen.unreachable",
            "3k5/9/9/9/9/9/1P7/9/9/4K4 w|fen.unreachable",
            "3k5/9/9/9/9/9/RRR6/9/9/4K4 w|fen.tooMany",
            "4k4/9/9/9/9/9/9/9/9/4K4 w|fen.opponentInCheck",
            "3k5/9/9/9/9/9/9/9/9/3R1K3 w|fen.opponentInCheck",
    })
    void refusesImpossiblePositionsSayingWhy(String fen, String key) {
        FenException e = assertThrows(FenException.class, () -> plugin.parseFen(fen == null ? "" : fen));
        assertEquals(key, e.text().key());
        String english = e.text().render(Locale.ENGLISH);
        String chinese = e.text().render(Locale.SIMPLIFIED_CHINESE);
        assertFalse(english.contains("{"), english);
        assertFalse(chinese.contains("{"), chinese);
        assertNotEquals(english, chinese, "both languages exist for " + key);
        assertTrue(e.getMessage().contains(fen == null ? "" : fen));
    }
}

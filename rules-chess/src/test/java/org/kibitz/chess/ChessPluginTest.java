package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.IllegalMoveException;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.NotAMoveException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;

/** The plugin as the rest of Kibitz finds and uses it. */
class ChessPluginTest {

    private static final ChessPlugin CHESS = new ChessPlugin();
    private static final Notation UCI = CHESS.coordinateNotation();

    @Test
    void isFoundByServiceLoaderAndByVariantName() {
        List<GamePlugin> found = ServiceLoader.load(GamePlugin.class).stream().map(ServiceLoader.Provider::get).toList();
        assertTrue(found.stream().anyMatch(g -> g instanceof ChessPlugin && g.id().equals("chess")));
        Games games = Games.of(found);
        for (String v : List.of("chess", "Standard", "Chess960", "Fischerandom", "Fischer Random", "From Position", "chess 960")) {
            assertEquals(Optional.of("chess"), games.byVariant(v).map(GamePlugin::id), v);
            assertTrue(CHESS.playsVariant(v));
        }
        assertEquals(Optional.empty(), games.byVariant("crazyhouse"));
        assertTrue(ChessPlugin.isChess960Variant("Fischer Random"));
        assertFalse(ChessPlugin.isChess960Variant("standard"));
        assertTrue(CHESS.variants().stream().allMatch(v -> v.equals(v.toLowerCase(java.util.Locale.ROOT))));
    }

    @Test
    void boardNotationsAndLabels() {
        BoardGeometry g = CHESS.geometry();
        assertEquals(8, g.files());
        assertEquals(8, g.ranks());
        assertEquals(BoardGeometry.Style.SQUARES, g.style());
        assertEquals("a", g.whiteFileLabels().get(0));
        assertEquals("h", g.blackFileLabels().get(7));
        assertEquals("1", g.rankLabels().get(0));
        assertEquals(List.of("san", "figurine", "uci"), CHESS.notations().stream().map(Notation::id).toList());
        assertEquals("uci", UCI.id());
        assertEquals(1, CHESS.coordinateRankBase());
        assertEquals("♔", CHESS.pieceLabel(new Piece(Side.WHITE, 'K')));
        assertEquals("♘", CHESS.pieceLabel(new Piece(Side.WHITE, 'N')));
        assertEquals("♟", CHESS.pieceLabel(new Piece(Side.BLACK, 'P')));
        assertEquals("♛", CHESS.pieceLabel(new Piece(Side.BLACK, 'Q')));
    }

    @Test
    void positionApi() throws FenException {
        ChessPosition start = CHESS.startPosition();
        assertEquals("chess", start.gameId());
        assertEquals(Side.WHITE, start.sideToMove());
        assertEquals(32, start.pieces().size());
        assertEquals(Optional.of(new Piece(Side.WHITE, 'K')), start.pieceAt(Square.of(4, 0)));
        assertEquals(Optional.of(new Piece(Side.BLACK, 'Q')), start.pieceAt(Square.of(3, 7)));
        assertEquals(Optional.empty(), start.pieceAt(Square.of(4, 4)));
        assertEquals(Optional.empty(), start.pieceAt(Square.of(9, 9)));
        assertEquals(20, start.legalMoves().size());
        assertEquals(2, start.legalMovesFrom(Square.of(6, 0)).size());
        assertEquals(0x463b96181691fc9cL, start.hash());
        assertEquals(0, start.halfmoveClock());
        assertEquals(1, start.fullmoveNumber());
        assertFalse(start.inCheck());
        Move e2e5 = Move.parseCoordinates("e2e5", 1);
        assertFalse(start.isLegal(e2e5));
        assertThrows(IllegalArgumentException.class, () -> start.play(e2e5));
        assertFalse(start.isLegal(Move.parseCoordinates("e2e4q", 1)));
        assertFalse(start.isLegal(new Move(Square.of(12, 1), Square.of(4, 3))));

        ChessPosition ep = CHESS.parseFen("4k3/8/8/1Pp5/8/8/8/4K3 w - c6 0 2");
        assertTrue(ep.isCapture(Move.parseCoordinates("b5c6", 1)), "en passant is a capture");
        assertFalse(ep.isCapture(Move.parseCoordinates("b5b6", 1)));
        assertEquals(CHESS.parseFen(ep.fen()), ep);
        assertEquals(CHESS.parseFen(ep.fen()).hashCode(), ep.hashCode());
        assertFalse(ep.equals(CHESS.parseFen("4k3/8/8/1Pp5/8/8/8/4K3 w - c6 1 2")), "clocks are part of the FEN state");
        ChessPosition castle = CHESS.parseFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertFalse(castle.isCapture(Move.parseCoordinates("e1h1", 1)), "castling takes nothing");
        assertTrue(CHESS.parseFen("4k3/8/8/8/8/8/8/4K2r w - - 0 1").inCheck());
    }

    @Test
    void castlingMovesFollowTheVariantAndAcceptTheOtherForm() throws FenException, MoveParseException {
        String fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        ChessPosition standard = CHESS.parseFen(fen);
        ChessPosition chess960 = CHESS.parseFen(fen, "chess960");
        assertTrue(standard.legalMoves().contains(Move.parseCoordinates("e1g1", 1)));
        assertFalse(standard.legalMoves().contains(Move.parseCoordinates("e1h1", 1)));
        assertTrue(chess960.legalMoves().contains(Move.parseCoordinates("e1h1", 1)));
        assertFalse(chess960.legalMoves().contains(Move.parseCoordinates("e1g1", 1)));
        for (ChessPosition p : List.of(standard, chess960)) {
            String after = p.play(Move.parseCoordinates("e1g1", 1)).fen();
            assertEquals(after, p.play(Move.parseCoordinates("e1h1", 1)).fen());
            assertEquals(after, p.play(UCI.parse(p, "e1h1")).fen());
            assertEquals(p.play(Move.parseCoordinates("e1c1", 1)).fen(), p.play(UCI.parse(p, "e1a1")).fen());
        }
        assertEquals("e1g1", UCI.format(standard, Move.parseCoordinates("e1h1", 1)));
        assertEquals("e1h1", UCI.format(chess960, Move.parseCoordinates("e1g1", 1)));
        assertEquals("e1g1", UCI.parse(standard, "e1h1").coordinates(1));
        assertEquals("e1h1", UCI.parse(chess960, "e1g1").coordinates(1));

        // Chess960, king on f1: f1g1 is an ordinary king move, castling is f1h1 only.
        ChessPosition f1 = CHESS.parseFen("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
        assertEquals("4k3/8/8/8/8/8/8/6KR b - - 1 1", f1.play(UCI.parse(f1, "f1g1")).fen());
        assertEquals("4k3/8/8/8/8/8/8/5RK1 b - - 1 1", f1.play(UCI.parse(f1, "f1h1")).fen());
    }

    @Test
    void uciNotationErrors() {
        ChessPosition start = CHESS.startPosition();
        assertThrows(NotAMoveException.class, () -> UCI.parse(start, "Nf3"));
        assertThrows(NotAMoveException.class, () -> UCI.parse(start, "0000"));
        assertThrows(NotAMoveException.class, () -> UCI.parse(start, "e2i4"));
        assertThrows(NotAMoveException.class, () -> UCI.parse(start, "e9e4"));
        assertThrows(IllegalMoveException.class, () -> UCI.parse(start, "e2e5"));
        assertThrows(IllegalArgumentException.class, () -> UCI.format(start, Move.parseCoordinates("e2e5", 1)));
    }

    /** Every message key exists in English and Simplified Chinese, and the translations differ. */
    @ParameterizedTest
    @ValueSource(strings = {"org/kibitz/chess/messages", "org/kibitz/chess/board/messages"})
    void bundlesHaveBothLanguages(String base) throws IOException {
        Properties en = load(base + ".properties");
        Properties zh = load(base + "_zh_CN.properties");
        assertFalse(en.isEmpty());
        assertEquals(en.stringPropertyNames(), zh.stringPropertyNames());
        for (String key : en.stringPropertyNames()) {
            assertFalse(en.getProperty(key).equals(zh.getProperty(key)), key);
        }
    }

    private static Properties load(String resource) throws IOException {
        Properties p = new Properties();
        try (InputStream in = ChessPluginTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertTrue(in != null, resource);
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }
}

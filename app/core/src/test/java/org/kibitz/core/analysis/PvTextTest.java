package org.kibitz.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/** Principal variations in the games' notations, numbered as players read them. */
class PvTextTest {

    private static final Games GAMES = org.kibitz.core.TestGames.GAMES;

    private static List<Move> moves(GamePlugin g, Position from, String... coords) {
        List<Move> out = new ArrayList<>();
        Position p = from;
        for (String c : coords) {
            Move m = Move.parseCoordinates(c, g.coordinateRankBase());
            out.add(m);
            p = p.play(m);
        }
        return out;
    }

    @Test
    void chessSanFromWhiteAndFromBlack() {
        GamePlugin chess = GAMES.byId("chess").orElseThrow();
        Position start = chess.startPosition();
        List<Move> pv = moves(chess, start, "e2e4", "e7e5", "g1f3", "b8c6");
        assertEquals("1. e4 e5 2. Nf3 Nc6", PvText.format(start, pv, chess.notation("san").orElseThrow(), 40));
        assertEquals("1. e4 e5 2. Nf3", PvText.format(start, pv, chess.notation("san").orElseThrow(), 3));
        Position afterE4 = start.play(pv.get(0));
        assertEquals("1... e5 2. Nf3 Nc6", PvText.format(afterE4, pv.subList(1, 4), chess.notation("san").orElseThrow(), 40));
        assertEquals("1... e7e5 2. g1f3", PvText.format(afterE4, pv.subList(1, 3), chess.notation("uci").orElseThrow(), 40));
    }

    @Test
    void xiangqiInChineseAndWxf() {
        GamePlugin xq = GAMES.byId("xiangqi").orElseThrow();
        Position start = xq.startPosition();
        List<Move> pv = moves(xq, start, "h2e2", "h9g7");
        assertEquals("1. 炮二平五 马８进７", PvText.format(start, pv, xq.notation("chinese").orElseThrow(), 40));
        assertEquals("1. C2=5 H8+7", PvText.format(start, pv, xq.notation("wxf").orElseThrow(), 40));
    }

    @Test
    void stopsAtAMoveThatIsNotLegal() {
        GamePlugin chess = GAMES.byId("chess").orElseThrow();
        Position start = chess.startPosition();
        List<Move> pv = List.of(Move.parseCoordinates("e2e4", 1), Move.parseCoordinates("e2e4", 1));
        assertEquals("1. e4", PvText.format(start, pv, chess.notation("san").orElseThrow(), 40));
    }
}

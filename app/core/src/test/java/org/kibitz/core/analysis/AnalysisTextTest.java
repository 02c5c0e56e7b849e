package org.kibitz.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Wdl;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;

/**
 * Engine results as text: principal variations in the games' notations (numbered as players read
 * them, plain in an {@code info} line), scores, counts and times as the engine panes write them, and
 * whole reports as the {@code info} lines {@code kibitz analyse} prints.
 */
class AnalysisTextTest {


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
        assertEquals("1. e4 e5 2. Nf3 Nc6", AnalysisText.pv(start, pv, chess.notation("san").orElseThrow(), 40));
        assertEquals("1. e4 e5 2. Nf3", AnalysisText.pv(start, pv, chess.notation("san").orElseThrow(), 3));
        Position afterE4 = start.play(pv.get(0));
        assertEquals("1... e5 2. Nf3 Nc6", AnalysisText.pv(afterE4, pv.subList(1, 4), chess.notation("san").orElseThrow(), 40));
        assertEquals("1... e7e5 2. g1f3", AnalysisText.pv(afterE4, pv.subList(1, 3), chess.notation("uci").orElseThrow(), 40));
    }

    @Test
    void xiangqiInChineseAndWxf() {
        GamePlugin xq = GAMES.byId("xiangqi").orElseThrow();
        Position start = xq.startPosition();
        List<Move> pv = moves(xq, start, "h2e2", "h9g7");
        assertEquals("1. 炮二平五 马８进７", AnalysisText.pv(start, pv, xq.notation("chinese").orElseThrow(), 40));
        assertEquals("1. C2=5 H8+7", AnalysisText.pv(start, pv, xq.notation("wxf").orElseThrow(), 40));
    }

    @Test
    void stopsAtAMoveThatIsNotLegal() {
        GamePlugin chess = GAMES.byId("chess").orElseThrow();
        Position start = chess.startPosition();
        List<Move> pv = List.of(Move.parseCoordinates("e2e4", 1), Move.parseCoordinates("e2e4", 1));
        assertEquals("1. e4", AnalysisText.pv(start, pv, chess.notation("san").orElseThrow(), 40));
    }


    @Test
    void centipawnsAsPawnsOrCentipawns() {
        assertEquals("+0.35", AnalysisText.score(Score.centipawns(35), AnalysisText.Unit.PAWNS));
        assertEquals("-1.20", AnalysisText.score(Score.centipawns(-120), AnalysisText.Unit.PAWNS));
        assertEquals("0.00", AnalysisText.score(Score.centipawns(0), AnalysisText.Unit.PAWNS));
        assertEquals("-0.05", AnalysisText.score(Score.centipawns(-5), AnalysisText.Unit.PAWNS));
        assertEquals("+35", AnalysisText.score(Score.centipawns(35), AnalysisText.Unit.CENTIPAWNS));
        assertEquals("-120", AnalysisText.score(Score.centipawns(-120), AnalysisText.Unit.CENTIPAWNS));
        assertEquals("0", AnalysisText.score(Score.centipawns(0), AnalysisText.Unit.CENTIPAWNS));
    }

    @Test
    void matesAndBounds() {
        assertEquals("#5", AnalysisText.score(Score.mate(5), AnalysisText.Unit.PAWNS));
        assertEquals("#-3", AnalysisText.score(Score.mate(-3), AnalysisText.Unit.CENTIPAWNS));
        assertEquals("≥+0.35", AnalysisText.score(new Score.Centipawns(35, Score.Bound.LOWER), AnalysisText.Unit.PAWNS));
        assertEquals("≤-12", AnalysisText.score(new Score.Centipawns(-12, Score.Bound.UPPER), AnalysisText.Unit.CENTIPAWNS));
        // A lower bound for the side to move is an upper bound for the other side.
        Score lower = new Score.Centipawns(35, Score.Bound.LOWER);
        assertEquals("≤-0.35", AnalysisText.score(lower.forWhite(Side.BLACK), AnalysisText.Unit.PAWNS));
        assertEquals("#-2", AnalysisText.score(Score.mate(2).forWhite(Side.BLACK), AnalysisText.Unit.PAWNS));
    }

    @Test
    void countsTimesAndWdl() {
        assertEquals("850", AnalysisText.count(850));
        assertEquals("12.3k", AnalysisText.count(12_345));
        assertEquals("4.57M", AnalysisText.count(4_567_000));
        assertEquals("123M", AnalysisText.count(123_456_789));
        assertEquals("1.23G", AnalysisText.count(1_234_567_890));
        assertEquals("0.8s", AnalysisText.time(Duration.ofMillis(800)));
        assertEquals("12.3s", AnalysisText.time(Duration.ofMillis(12_300)));
        assertEquals("1:05", AnalysisText.time(Duration.ofSeconds(65)));
        assertEquals("1:02:03", AnalysisText.time(Duration.ofSeconds(3723)));
        assertEquals("42/51/7", AnalysisText.wdl(new Wdl(420, 510, 70)));
        assertEquals("-", AnalysisText.wdl(new Wdl(0, 0, 0)));
    }

    @Test
    void plotValuesAreClippedAndMatesSitAtTheEdges() {
        assertEquals(0.35, AnalysisText.plotValue(Score.centipawns(35), 6), 1e-9);
        assertEquals(6.0, AnalysisText.plotValue(Score.centipawns(2500), 6), 1e-9);
        assertEquals(-6.0, AnalysisText.plotValue(Score.centipawns(-900), 6), 1e-9);
        assertEquals(6.0, AnalysisText.plotValue(Score.mate(7), 6), 1e-9);
        assertEquals(-6.0, AnalysisText.plotValue(Score.mate(-1), 6), 1e-9);
        assertEquals(-6.0, AnalysisText.plotValue(Score.mate(0), 6), 1e-9);
    }

    @Test
    void uciScoresWithTheirBounds() {
        assertEquals("cp 35", AnalysisText.uciScore(Score.centipawns(35)));
        assertEquals("mate -3", AnalysisText.uciScore(Score.mate(-3)));
        assertEquals("cp 20 lowerbound", AnalysisText.uciScore(new Score.Centipawns(20, Score.Bound.LOWER)));
        assertEquals("cp -7 upperbound", AnalysisText.uciScore(new Score.Centipawns(-7, Score.Bound.UPPER)));
    }

    @Test
    void infoLinesAsTheCliPrintsThem() {
        GamePlugin xq = GAMES.byId("xiangqi").orElseThrow();
        Position start = xq.startPosition();
        AnalysisUpdate full = new AnalysisUpdate(start, 2, OptionalInt.of(8), OptionalInt.of(12),
                Optional.of(new Score.Centipawns(31, Score.Bound.UPPER)), Optional.of(new Wdl(400, 500, 100)),
                OptionalLong.of(12345), OptionalLong.of(600000), Optional.of(Duration.ofMillis(21)), OptionalInt.of(3),
                OptionalLong.of(0), Optional.empty(), OptionalInt.empty(), moves(xq, start, "h2e2", "h9g7"));
        assertEquals("info depth 8 seldepth 12 multipv 2 score cp 31 upperbound wdl 400 500 100 nodes 12345 nps 600000"
                + " hashfull 3 tbhits 0 time 21 pv 炮二平五 马８进７", AnalysisText.infoLine(full, xq.notation("chinese").orElseThrow()));
        assertEquals("C2=5 H8+7", AnalysisText.pvMoves(start, full.pv(), xq.notation("wxf").orElseThrow()));
        AnalysisUpdate bare = new AnalysisUpdate(start, 1, OptionalInt.empty(), OptionalInt.empty(), Optional.of(Score.mate(2)),
                Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), Optional.empty(), OptionalInt.empty(),
                OptionalLong.empty(), Optional.empty(), OptionalInt.empty(), List.of());
        assertEquals("info multipv 1 score mate 2", AnalysisText.infoLine(bare, xq.notation("chinese").orElseThrow()));
    }
}

package org.kibitz.core.opening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.TestGames;
import org.junit.jupiter.api.Test;

/** Known lines to their ECO and ECCO codes and names, transpositions, mirrored openings and set-up starts. */
class OpeningsTest {

    static List<Move> line(GamePlugin game, Position start, String notationId, String moves) throws Exception {
        Notation n = game.notations().stream().filter(x -> x.id().equals(notationId)).findFirst().orElseThrow();
        List<Move> out = new ArrayList<>();
        Position p = start;
        for (String t : moves.trim().split("\\s+")) {
            if (t.matches("\\d+\\.")) {
                continue;
            }
            Move m = n.parse(p, t);
            out.add(m);
            p = p.play(m);
        }
        return out;
    }

    static Opening chess(String san) throws Exception {
        Position s = TestGames.CHESS.startPosition();
        return Openings.classify(s, line(TestGames.CHESS, s, "san", san)).orElseThrow();
    }

    static Opening xiangqi(String chinese) throws Exception {
        Position s = TestGames.XIANGQI.startPosition();
        return Openings.classify(s, line(TestGames.XIANGQI, s, "chinese", chinese)).orElseThrow();
    }

    @Test
    void chessLinesGetLichessNames() throws Exception {
        Opening najdorf = chess("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5");
        assertEquals("B90", najdorf.code());
        assertEquals("Sicilian Defense", najdorf.name());
        assertTrue(najdorf.variation().startsWith("Najdorf Variation"), najdorf.variation());
        assertEquals(Opening.ECO, najdorf.system());
        // The deepest known position wins, and moves after it do not move it.
        Opening ruy = chess("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Na5 Bc2 c5 d4 Qc7 Nbd2 cxd4 cxd4");
        assertEquals("C99", ruy.code(), ruy.label());
        assertEquals(25, ruy.plies());
    }

    @Test
    void aTranspositionFindsItsOpening() throws Exception {
        Opening direct = chess("d4 d5 c4 e6 Nc3 Nf6");
        Opening transposed = chess("c4 Nf6 Nc3 e6 d4 d5");
        assertEquals(direct.code(), transposed.code());
        assertEquals(direct.fullName(), transposed.fullName());
    }

    @Test
    void xiangqiLinesGetEccoCodesAndChineseNames() throws Exception {
        Opening twoHeadSnake = xiangqi("炮二平五 马８进７ 马二进三 车９平８ 车一平二 卒７进１ 车二进六 马２进３ 马八进七 卒３进１");
        assertEquals("C20", twoHeadSnake.code());
        assertEquals("中炮过河车七路马对屏风马两头蛇", twoHeadSnake.name());
        assertEquals(Opening.ECCO, twoHeadSnake.system());
        // The same moves in another order: the standard reads them as one line.
        assertEquals("C20", xiangqi("炮二平五 马８进７ 马二进三 卒７进１ 车一平二 车９平８ 车二进六 马２进３ 马八进七 卒３进１").code());
        assertEquals("D50", xiangqi("炮二平五 炮２平５").code(), "central cannons opposite");
        assertEquals("E10", xiangqi("兵七进一 炮２平３").code());
        assertEquals("A00", xiangqi("帅五进一").code(), "no standard opening: the catch-all");
    }

    @Test
    void aLeftHandOpeningIsTheMirrorOfTheRightHandOne() throws Exception {
        Opening right = xiangqi("炮二平五 马８进７ 马二进三 车９平８");
        Opening left = xiangqi("炮八平五 马２进３ 马八进七 车１平２");
        assertEquals(right.code(), left.code());
        assertEquals("飞相局", xiangqi("相三进五").name());
        assertEquals(xiangqi("相三进五 炮８平５").code(), xiangqi("相七进五 炮２平５").code());
    }

    @Test
    void aSetUpStartHasNoOpening() throws Exception {
        Position setUp = TestGames.XIANGQI.parseFen("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1");
        assertTrue(Openings.classify(setUp, List.of()).isEmpty());
        Position chess = TestGames.CHESS.parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assertTrue(Openings.classify(chess, List.of()).isEmpty());
    }

    @Test
    void writeTagsPutsCodeNameAndVariation() throws Exception {
        Position s = TestGames.CHESS.startPosition();
        GameTree tree = new GameTree(s);
        GameNode n = tree.root();
        for (Move m : line(TestGames.CHESS, s, "san", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6")) {
            n = n.addChild(m);
        }
        tree.tags().put("Variation", "something old");
        Opening o = Openings.writeTags(tree).orElseThrow();
        assertEquals("B90", tree.tags().get("ECO").orElseThrow());
        assertEquals("Sicilian Defense", tree.tags().get("Opening").orElseThrow());
        assertEquals(o.variation(), tree.tags().get("Variation").orElseThrow());
        assertEquals(Openings.byCode("chess", "B90").orElseThrow().name(), o.name());
        assertEquals("中炮过河车七路马对屏风马两头蛇", Openings.byCode("xiangqi", "c20").orElseThrow().name());
    }
}

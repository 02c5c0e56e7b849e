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

    static Opening wxf(String moves) throws Exception {
        Position s = TestGames.XIANGQI.startPosition();
        return Openings.classify(s, line(TestGames.XIANGQI, s, "wxf", moves)).orElseThrow();
    }

    /**
     * The rules read all ten rounds: codes decided by the 9th and 10th rounds (which the tournament
     * collection's tagger never writes) come out as the published rules say.
     */
    @Test
    void theNinthAndTenthRoundsDecide() throws Exception {
        String c45 = "C2.5 N8+7 N2+3 R9.8 R1.2 N2+3 P7+1 P7+1 R2+6 C8.9 R2.3 C9-1 N8+7 A4+5 C8.9 C9.7";
        assertEquals("C45", wxf(c45).code());
        assertEquals("C46", wxf(c45 + " R3.4 R1.2").code(), "Black's right rook to file 2 in round 9");
        assertEquals("C46", wxf("C2.5 N8+7 N2+3 R9.8 R1.2 P7+1 R2+6 N2+3 P7+1 C8.9 R2.3 C9-1 N8+7 A4+5 C8.9 R1.2").code(),
                "or in round 8");
        String c23 = "C2.5 N8+7 N2+3 R9.8 R1.2 P7+1 R2+6 N2+3 N8+7 P3+1 R9+1 C2+1 R2-2 B3+5 P3+1 C2+1";
        assertEquals("C23", wxf(c23).code());
        assertEquals("C25", wxf(c23 + " P7+1 C8+2").code(), "both pawns given in rounds 8 and 9");
        assertEquals("C86", wxf("C2.5 N8+7 N2+3 R9.8 P7+1 P7+1 N8+7 N2+3 C8+2 N7+8 N7+6 B3+5 R1+1 R8+1").code());
        assertEquals("C85", wxf("C2.5 N8+7 N2+3 R9.8 P7+1 P7+1 N8+7 N2+3 C8+2 N7+8 R9+1 B3+5").code());
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
        assertTrue(Openings.classify(TestGames.XIANGQI.startPosition(), List.of()).isEmpty(), "no move, no opening");
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

package org.kibitz.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Termination;
import org.kibitz.xiangqi.board.Board;
import org.kibitz.xiangqi.board.Repetition;

/** The rules a position decides on its own, and the rulings on a line of positions. */
class RulesTest {

    private final XiangqiPlugin plugin = new XiangqiPlugin();

    private XiangqiPosition fen(String fen) throws Exception {
        return plugin.parseFen(fen);
    }

    private static Set<String> moves(Position p) {
        return p.legalMoves().stream().map(m -> m.coordinates(0)).collect(Collectors.toSet());
    }

    private static Move m(String iccs) {
        return Move.parseCoordinates(iccs, 0);
    }

    @Test
    void startPositionHas44Moves() {
        assertEquals(44, plugin.startPosition().legalMoves().size());
        assertFalse(plugin.startPosition().inCheck());
        assertEquals(Optional.empty(), plugin.startPosition().outcome());
    }

    @Test
    void generalsMayNotFaceEachOther() throws Exception {
        // Red general d0, black general e9: e0 would face it across the open file.
        assertEquals(Set.of("d0d1"), moves(fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")));
        // A horse between the generals is pinned by the flying-general rule.
        assertEquals(Set.of("e0d0", "e0f0", "e0e1"), moves(fen("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1")));
        // A cannon between them may move along the file only.
        assertEquals(Set.of("e0d0", "e0f0", "e0e1", "e4e1", "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"),
                moves(fen("4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1")));
    }

    @Test
    void pieceMovesFollowTheirRules() throws Exception {
        // Horse leg: from b0 the long step towards d1 goes over c0, where the elephant stands.
        XiangqiPosition start = plugin.startPosition();
        assertTrue(start.isLegal(m("b0c2")));
        assertTrue(start.isLegal(m("b0a2")));
        assertFalse(start.isLegal(m("b0d1")), "horse leg c0 is occupied by the elephant");
        // Elephant eye and river.
        XiangqiPosition e = fen("3k5/9/9/9/9/2B6/3N5/9/9/4K4 w - - 0 1");
        assertFalse(e.isLegal(m("c4e6")), "elephants do not cross the river");
        assertFalse(e.isLegal(m("c4e2")), "the eye d3 is blocked");
        assertTrue(e.isLegal(m("c4a2")));
        // Advisors stay in the palace, diagonally.
        XiangqiPosition a = fen("3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1");
        assertEquals(Set.of("d0e1"), moves(a).stream().filter(s -> s.startsWith("d0")).collect(Collectors.toSet()));
        // Pawns: forward only before the river, sideways too after it, never back.
        XiangqiPosition p = fen("3k5/9/9/9/4P4/9/P8/9/9/4K4 w - - 0 1");
        assertEquals(Set.of("a3a4"), moves(p).stream().filter(s -> s.startsWith("a3")).collect(Collectors.toSet()));
        assertEquals(Set.of("e5e6", "e5d5", "e5f5"), moves(p).stream().filter(s -> s.startsWith("e5")).collect(Collectors.toSet()));
        // Cannons move like rooks and capture over exactly one screen.
        XiangqiPosition c = fen("3k5/9/9/4p4/9/4n4/9/9/4C4/4K4 w - - 0 1");
        assertTrue(c.isLegal(m("e1e6")), "over the horse on e4 to the pawn on e6");
        assertFalse(c.isLegal(m("e1e4")), "no capture without a screen");
        assertFalse(c.isLegal(m("e1e5")), "no quiet move past a piece");
        assertTrue(c.isCapture(m("e1e6")));
        assertFalse(c.isCapture(m("e1e3")));
    }

    @Test
    void checksFromEveryPiece() throws Exception {
        assertTrue(fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1").inCheck(), "rook");
        assertTrue(fen("4k4/9/4P4/9/4C4/9/9/9/9/3K5 b - - 0 1").inCheck(), "cannon over a screen");
        assertFalse(fen("4k4/9/9/9/4C4/9/9/9/9/3K5 b - - 0 1").inCheck(), "cannon without a screen");
        assertTrue(fen("4k4/9/3N5/9/9/9/9/9/9/3K5 b - - 0 1").inCheck(), "horse d7 via leg d8");
        assertFalse(fen("4k4/3P5/3N5/9/9/9/9/9/9/3K5 b - - 0 1").inCheck(), "horse leg d8 blocked");
        assertTrue(fen("4k4/4P4/9/9/9/9/9/9/9/3K5 b - - 0 1").inCheck(), "pawn in front");
        assertTrue(fen("3Pk4/9/9/9/9/9/9/9/9/3K5 b - - 0 1").inCheck(), "pawn beside");
        assertFalse(fen("4P4/4k4/9/9/9/9/9/9/9/3K5 b - - 0 1").inCheck(), "pawns do not attack backwards");
    }

    @Test
    void checkmateIsAWinForTheChecker() throws Exception {
        XiangqiPosition mate = fen("R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
        assertTrue(mate.inCheck());
        assertTrue(mate.legalMoves().isEmpty());
        assertEquals(Optional.of(new Outcome(GameResult.WHITE_WINS, Termination.CHECKMATE)), mate.outcome());
        assertEquals(mate.outcome(), plugin.adjudicate(List.of(mate)));
    }

    @Test
    void stalemateIsALossForTheSideToMove() throws Exception {
        // The black general has no move: d9 faces the red general, f9 is the pawn's, rank 8 is the rook's.
        XiangqiPosition stalemate = fen("4k1P2/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
        assertFalse(stalemate.inCheck());
        assertTrue(stalemate.legalMoves().isEmpty());
        assertEquals(Optional.of(Outcome.win(Side.WHITE, Termination.STALEMATE)), stalemate.outcome());
    }

    @Test
    void nothingThatCanCrossTheRiverIsADrawInEveryRuleSet() throws Exception {
        // The position of issue 42: generals, advisors and elephants only. A UCCI engine answers
        // nobestmove here; the rules must end the game first, as a draw.
        XiangqiPosition dead = fen("3k5/4a4/5a3/9/2b6/2B6/9/4BK3/4A4/5A3 b - - 0 1");
        assertFalse(dead.legalMoves().isEmpty());
        assertEquals(Optional.of(Outcome.draw(Termination.INSUFFICIENT_MATERIAL)), dead.outcome());
        for (String rules : plugin.ruleSets()) {
            assertEquals(Optional.of(Outcome.draw(Termination.INSUFFICIENT_MATERIAL)),
                    plugin.rule(List.of(dead), rules).map(r -> r.outcome()), rules);
        }
        // Bare generals, and a capture of the last attacker, end the same way.
        assertEquals(Optional.of(Outcome.draw(Termination.INSUFFICIENT_MATERIAL)), fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").outcome());
        // The black pawn on d1 checks; the red general takes it and only generals are left.
        XiangqiPosition lastPawn = fen("5k3/9/9/9/9/9/9/9/3p5/3K5 w - - 0 1");
        assertEquals(Optional.empty(), lastPawn.outcome());
        assertEquals(Optional.of(Outcome.draw(Termination.INSUFFICIENT_MATERIAL)), lastPawn.play(m("d0d1")).outcome());
    }

    @Test
    void anyPieceThatCanCrossTheRiverKeepsTheGameGoing() throws Exception {
        // One piece of each attacking kind, on either side, with only defenders besides.
        for (String fen : List.of("3k5/9/9/9/8P/9/9/9/9/4K4 w - - 0 1", "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1",
                "3k5/9/9/9/9/9/9/9/9/4K3N w - - 0 1", "3k5/9/9/9/9/9/9/9/9/4K3C w - - 0 1",
                "3k5/4a4/9/9/9/9/8p/9/9/4K4 w - - 0 1")) {
            assertEquals(Optional.empty(), fen(fen).outcome(), fen);
        }
    }

    /** Red's rook checks from h9 and h8 in turn; the black general steps between e9 and e8. */
    private List<Position> perpetualCheckLine(int plies) throws Exception {
        List<Position> line = new ArrayList<>();
        XiangqiPosition p = fen("4k4/9/7R1/9/9/9/9/9/9/3K5 w - - 0 1");
        line.add(p);
        String[] cycle = {"h9h8", "e8e9", "h8h9", "e9e8"};
        p = p.play(m("h7h9"));
        line.add(p);
        p = p.play(m("e9e8"));
        line.add(p);
        for (int i = 0; line.size() < plies + 1; i++) {
            p = p.play(m(cycle[i % 4]));
            line.add(p);
        }
        return line;
    }

    @Test
    void perpetualCheckLosesOnTheThirdOccurrence() throws Exception {
        List<Position> line = perpetualCheckLine(8);
        for (int n = 1; n <= 8; n++) {
            assertEquals(Optional.empty(), plugin.adjudicate(line.subList(0, n)), "no ruling after " + (n - 1) + " plies");
        }
        // After 9 plies the position after ply 1 has occurred three times (plies 1, 5, 9), each Red move a check.
        line = perpetualCheckLine(9);
        assertEquals(Optional.of(Outcome.win(Side.BLACK, Termination.PERPETUAL_CHECK)), plugin.adjudicate(line));
        // From Black's side of the same cycle: after ply 10 it is Red to move; Red still kept checking.
        line = perpetualCheckLine(10);
        assertEquals(Optional.of(Outcome.win(Side.BLACK, Termination.PERPETUAL_CHECK)), plugin.adjudicate(line));
    }

    @Test
    void repetitionWithoutChecksIsADraw() throws Exception {
        List<Position> line = new ArrayList<>();
        XiangqiPosition p = fen("5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
        line.add(p);
        String[] cycle = {"a0a1", "i9i8", "a1a0", "i8i9"};
        for (int i = 0; i < 8; i++) {
            p = p.play(m(cycle[i % 4]));
            line.add(p);
        }
        assertEquals(Optional.of(Outcome.draw(Termination.REPETITION)), plugin.adjudicate(line));
        assertEquals(Optional.empty(), plugin.adjudicate(line.subList(0, 8)));
    }

    @Test
    void naturalMoveLimitIsADraw() throws Exception {
        XiangqiPosition p = fen("5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 119 80");
        assertEquals(Optional.empty(), plugin.adjudicate(List.of(p)));
        XiangqiPosition after = p.play(m("a0a1"));
        assertEquals(120, after.halfmoveClock());
        assertEquals(Optional.of(Outcome.draw(Termination.MOVE_LIMIT)), plugin.adjudicate(List.of(p, after)));
        // A capture resets the clock.
        XiangqiPosition capture = fen("r4k2r/9/9/9/9/9/9/9/9/R2K5 w - - 119 80").play(m("a0a9"));
        assertEquals(0, capture.halfmoveClock());
    }

    @Test
    void boardRepetitionMatchesTheAdjudicator() throws Exception {
        Board b = fen("4k4/9/7R1/9/9/9/9/9/9/3K5 w - - 0 1").toBoard();
        String[] line = {"h7h9", "e9e8", "h9h8", "e8e9", "h8h9"};
        for (String s : line) {
            Move mv = m(s);
            b.make(Board.move(mv.from().rank() * 9 + mv.from().file(), mv.to().rank() * 9 + mv.to().file()));
        }
        assertTrue(b.inCheck());
        // Ply 5 repeats ply 1 (Black to move, in check): Red has checked on every move of the cycle.
        assertEquals(Repetition.WIN_PERPETUAL_CHECK, b.repetition(2));
        assertEquals(Repetition.NONE, b.repetition(3));
        b.unmake();
        assertEquals(Repetition.NONE, b.repetition(2));
    }

    @Test
    void repetitionJudgeRules() {
        // Plies 1..4 of a cycle ending at ply 4; the side to move at ply 4 made plies 1 and 3.
        byte c = Repetition.CHECK;
        byte h = Repetition.CHASE;
        assertEquals(Repetition.DRAW, Repetition.judge(new byte[] {0, 0, 0, 0, 0}, 0, 4));
        assertEquals(Repetition.WIN_PERPETUAL_CHECK, Repetition.judge(new byte[] {0, 0, c, 0, c}, 0, 4));
        assertEquals(Repetition.LOSS_PERPETUAL_CHECK, Repetition.judge(new byte[] {0, c, 0, c, 0}, 0, 4));
        assertEquals(Repetition.DRAW, Repetition.judge(new byte[] {0, c, c, c, c}, 0, 4), "both check: draw");
        assertEquals(Repetition.DRAW, Repetition.judge(new byte[] {0, 0, c, 0, 0}, 0, 4), "one check is not perpetual");
        assertEquals(Repetition.WIN_PERPETUAL_CHASE, Repetition.judge(new byte[] {0, 0, h, 0, c}, 0, 4), "check and chase");
        assertEquals(Repetition.LOSS_PERPETUAL_CHASE, Repetition.judge(new byte[] {0, h, 0, h, 0}, 0, 4));
        assertEquals(Repetition.WIN_PERPETUAL_CHECK, Repetition.judge(new byte[] {0, h, c, h, c}, 0, 4),
                "perpetual check is the worse offence");
        assertEquals(Repetition.DRAW, Repetition.judge(new byte[] {0, h, h, h, h}, 0, 4));
    }

}

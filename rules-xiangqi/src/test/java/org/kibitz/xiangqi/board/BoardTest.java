package org.kibitz.xiangqi.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.kibitz.xiangqi.XiangqiFen;

/**
 * The internal board against an independent, slow legality oracle (make each pseudo-legal move, ask
 * whether the mover's general is attacked), over random games from the perft positions: legal
 * generation, counting, make/unmake, the incremental key, and the query methods the engine will use.
 */
class BoardTest {

    private static List<String> perftFens() throws Exception {
        Path epd = Path.of(System.getProperty("kibitz.testdata", "../testdata"), "xiangqi/perft.epd");
        List<String> out = new ArrayList<>();
        for (String row : Files.readAllLines(epd)) {
            out.add(row.split(";")[0].strip());
        }
        return out;
    }

    /** Legal moves the slow way, sorted. */
    private static int[] oracle(Board b) {
        int[] buf = new int[Board.MAX_MOVES];
        int n = b.generatePseudoLegal(buf, 0);
        int mover = b.side();
        int[] out = new int[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            b.make(buf[i]);
            if (!b.attacked(b.kingSquare(mover), mover)) {
                out[k++] = buf[i];
            }
            b.unmake();
        }
        int[] legal = Arrays.copyOf(out, k);
        Arrays.sort(legal);
        return legal;
    }

    private static int[] legal(Board b) {
        int[] buf = new int[Board.MAX_MOVES];
        int n = b.generateLegal(buf, 0);
        int[] legal = Arrays.copyOf(buf, n);
        Arrays.sort(legal);
        return legal;
    }

    @Test
    void legalGenerationAgreesWithTheOracleOverRandomGames() throws Exception {
        SplittableRandom random = new SplittableRandom(20240611);
        int positions = 0;
        int inCheck = 0;
        for (String fen : perftFens()) {
            for (int game = 0; game < 12; game++) {
                Board b = XiangqiFen.board(fen);
                String startFen = b.fen();
                long startKey = b.key();
                int plies = 0;
                while (plies < 150) {
                    int[] expected = oracle(b);
                    int[] actual = legal(b);
                    assertEquals(Arrays.toString(moves(expected)), Arrays.toString(moves(actual)), b.fen());
                    assertEquals(expected.length, b.countLegal(), b.fen());
                    assertEquals(b.attacked(b.kingSquare(b.side()), b.side()), b.inCheck(), b.fen());
                    assertEquals(XiangqiFen.board(b.fen()).key(), b.key(), "incremental key, " + b.fen());
                    for (int m : actual) {
                        assertTrue(b.isPseudoLegal(m) && b.isLegalMove(m));
                    }
                    positions++;
                    if (b.inCheck()) {
                        inCheck++;
                    }
                    if (actual.length == 0) {
                        break;
                    }
                    b.make(actual[random.nextInt(actual.length)]);
                    plies++;
                }
                while (b.ply() > 0) {
                    b.unmake();
                }
                assertEquals(startFen, b.fen(), "unmake restores the position");
                assertEquals(startKey, b.key());
                assertEquals(Arrays.toString(moves(oracle(b))), Arrays.toString(moves(legal(b))), "piece lists intact after unmake");
            }
        }
        assertTrue(positions > 20_000, "positions " + positions);
        assertTrue(inCheck > 300, "evasions exercised: " + inCheck);
    }

    private static String[] moves(int[] ms) {
        return Arrays.stream(ms).mapToObj(Board::moveText).toArray(String[]::new);
    }

    @Test
    void pseudoLegalChecksRejectForeignMoves() throws Exception {
        Board b = Board.startPosition();
        assertTrue(b.isPseudoLegal(Board.move(7 + 2 * 9, 4 + 2 * 9)), "h2e2");
        assertFalse(b.isPseudoLegal(Board.move(7 + 9 * 9, 6 + 7 * 9)), "h9g7 is Black's");
        assertFalse(b.isPseudoLegal(Board.move(4 + 5 * 9, 4 + 6 * 9)), "no piece on e5");
        assertFalse(b.isPseudoLegal(Board.NO_MOVE));
        assertFalse(b.isPseudoLegal(Board.move(1 + 0 * 9, 3 + 1 * 9)), "b0d1: horse leg blocked");
        assertFalse(b.isPseudoLegal(Board.move(100, 3)), "off the board");
    }

    @Test
    void capturesAreThePseudoLegalMovesOntoEnemies() throws Exception {
        Board b = XiangqiFen.board("1rbakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 2 3");
        int[] buf = new int[Board.MAX_MOVES];
        int n = b.generateCaptures(buf, 0);
        assertTrue(n > 0);
        for (int i = 0; i < n; i++) {
            int victim = b.pieceAt(Board.to(buf[i]));
            assertTrue(victim != 0 && Pieces.side(victim) != b.side());
        }
        int all = b.generatePseudoLegal(buf, 0);
        int enemies = 0;
        for (int i = 0; i < all; i++) {
            if (b.pieceAt(Board.to(buf[i])) != 0) {
                enemies++;
            }
        }
        assertEquals(enemies, n);
    }

    @Test
    void nullMoveFlipsTheSideAndIsUndone() throws Exception {
        Board b = Board.startPosition();
        long key = b.key();
        b.makeNull();
        assertEquals(Pieces.BLACK, b.side());
        assertEquals(key ^ Zobrist.BLACK_TO_MOVE, b.key());
        assertEquals(44, b.countLegal());
        assertEquals(Board.NO_MOVE, b.lastMove());
        b.unmakeNull();
        assertEquals(key, b.key());
        assertEquals(Pieces.RED, b.side());
    }

    @Test
    void historyRecordsCapturesClockAndMoveNumber() throws Exception {
        Board b = XiangqiFen.board(XiangqiFen.START);
        int h2e2 = Board.move(Geometry.at(7, 2), Geometry.at(4, 2));
        int e2e6 = Board.move(Geometry.at(4, 2), Geometry.at(4, 6));
        b.make(h2e2);
        assertEquals(1, b.halfmoveClock());
        assertEquals(1, b.fullmoveNumber());
        b.make(Board.move(Geometry.at(7, 9), Geometry.at(6, 7)));
        assertEquals(2, b.fullmoveNumber());
        b.make(e2e6);
        assertEquals(Pieces.code(Pieces.PAWN, Pieces.BLACK), b.capturedAt(3));
        assertEquals(0, b.halfmoveClock());
        assertEquals(e2e6, b.lastMove());
        assertEquals(b.key(), b.keyAt(3));
        assertEquals(0, b.violations(3), "e2e6 is no check: g7 guards nothing on the file, and e7 e8 are empty");
        Board copy = b.copy();
        b.unmake();
        assertEquals(b.keyAt(2), b.key());
        assertEquals("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2", b.fen());
        assertEquals(3, copy.ply(), "a copy is independent");
        assertEquals("rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2", copy.fen());
    }

    @Test
    void historyGrowsForLongGames() throws Exception {
        Board b = XiangqiFen.board("5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
        int[] cycle = {Board.move(0, 9), Board.move(89, 80), Board.move(9, 0), Board.move(80, 89)};
        for (int i = 0; i < 1000; i++) {
            b.make(cycle[i % 4]);
        }
        assertEquals(1000, b.ply());
        assertEquals(Repetition.DRAW, b.repetition(3));
        assertEquals("5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 1000 501", b.fen());
    }
}

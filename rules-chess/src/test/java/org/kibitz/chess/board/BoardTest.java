package org.kibitz.chess.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The internal board's own promises, checked on random games: make/unmake, keys, generation kinds, counting. */
class BoardTest {

    private static final String[] STARTS = {
            Fen.START,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "1r1k1r2/pppppppp/8/8/8/8/PPPPPPPP/1R1K1R2 w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };

    /** Random games: every move's make/unmake restores the FEN and key, and the incremental key is exact. */
    @Test
    void randomGamesKeepTheBoardConsistent() {
        SplittableRandom random = new SplittableRandom(20240601);
        int[] moves = new int[Board.MAX_MOVES];
        int[] caps = new int[Board.MAX_MOVES];
        int[] quiets = new int[Board.MAX_MOVES];
        int positions = 0;
        for (int game = 0; game < 400; game++) {
            Board b = Board.fromFen(STARTS[game % STARTS.length]);
            for (int ply = 0; ply < 200; ply++) {
                positions++;
                int n = b.generate(moves, 0, Board.GEN_ALL);
                assertEquals(n, b.countLegal(), b.fen());
                int nc = b.generate(caps, 0, Board.GEN_CAPTURES);
                int nq = b.generate(quiets, 0, Board.GEN_QUIETS);
                assertEquals(n, nc + nq, b.fen());
                int[] union = new int[n];
                System.arraycopy(caps, 0, union, 0, nc);
                System.arraycopy(quiets, 0, union, nc, nq);
                int[] all = Arrays.copyOf(moves, n);
                Arrays.sort(union);
                Arrays.sort(all);
                assertTrue(Arrays.equals(all, union), b.fen());
                int[] pseudo = new int[Board.MAX_MOVES];
                int np = b.generatePseudoLegal(pseudo, 0, Board.GEN_ALL);
                int[] safe = Arrays.stream(pseudo, 0, np).filter(b::leavesKingSafe).sorted().toArray();
                assertTrue(Arrays.equals(all, safe), "pseudo-legal moves filtered by leavesKingSafe: " + b.fen());
                assertEquals(nc, Arrays.stream(pseudo, 0, b.generatePseudoLegal(pseudo, 0, Board.GEN_CAPTURES))
                        .filter(b::leavesKingSafe).count(), b.fen());
                for (int i = 0; i < nc; i++) {
                    assertTrue(b.isCapture(caps[i]) || Moves.isPromotion(caps[i]), b.fen());
                }
                for (int i = 0; i < nq; i++) {
                    assertFalse(b.isCapture(quiets[i]) || Moves.isPromotion(quiets[i]), b.fen());
                }
                if (n == 0) {
                    break;
                }
                String fen = b.fen();
                long key = b.key();
                for (int i = 0; i < n; i++) {
                    assertTrue(b.isLegal(moves[i]));
                    boolean check = b.givesCheck(moves[i]);
                    b.makeMove(moves[i]);
                    assertEquals(check, b.inCheck());
                    assertEquals(b.computeKey(), b.key(), fen + " " + Moves.toString(moves[i]));
                    assertFalse(b.isAttacked(b.kingSquare(b.sideToMove() ^ 1), b.sideToMove()), "mover left in check");
                    b.unmakeMove();
                    assertEquals(fen, b.fen());
                    assertEquals(key, b.key());
                }
                b.makeMove(moves[random.nextInt(n)]);
                assertEquals(Board.fromFen(b.fen()).key(), b.key(), "the FEN keeps the key");
            }
        }
        assertTrue(positions > 20_000);
    }

    @Test
    void nullMoveAndRepetitions() {
        Board b = Board.startPosition();
        long start = b.key();
        b.makeNullMove();
        assertEquals(Board.BLACK, b.sideToMove());
        b.unmakeNullMove();
        assertEquals(start, b.key());
        assertEquals(Fen.START, b.fen());
        for (String uci : "g1f3 g8f6 f3g1 f6g8".split(" ")) {
            b.makeMove(b.parseUci(uci));
        }
        assertTrue(b.isRepetition());
        assertEquals(2, b.repetitionCount());
        for (String uci : "g1f3 g8f6 f3g1 f6g8".split(" ")) {
            b.makeMove(b.parseUci(uci));
        }
        assertEquals(3, b.repetitionCount());
        b.makeNullMove();
        b.makeNullMove();
        assertFalse(b.isRepetition(), "no repetition across a null move");
    }

    @Test
    void illegalMovesAreRecognised() {
        Board b = Board.startPosition();
        assertFalse(b.isLegal(Moves.NONE));
        assertFalse(b.isLegal(Moves.of(12, 36)), "e2e5");
        assertFalse(b.isLegal(Moves.of(52, 36)), "a black move with White to move");
        assertTrue(b.isLegal(Moves.of(12, 28, Moves.DOUBLE_PUSH)));
        assertFalse(b.isLegal(Moves.of(12, 28)), "a double push without its flag");
        assertEquals(Moves.NONE, b.parseUci("e1g1"));
        assertEquals("e2e4", Moves.toUci(b.parseUci("e2e4"), false));
        Board standard = Board.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertEquals(standard.parseUci("e1g1"), standard.parseUci("e1h1"));
        assertTrue(Moves.isCastling(standard.parseUci("e1c1")));
        Board f1 = Board.fromFen("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
        assertTrue(f1.isChess960());
        assertFalse(Moves.isCastling(f1.parseUci("f1g1")), "an ordinary king move in Chess960");
        assertTrue(Moves.isCastling(f1.parseUci("f1h1")));
    }

    @ParameterizedTest(name = "{1} in {0}")
    @CsvSource(delimiter = '|', value = {
            "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1 | e1e5 | 100",      // pawn, undefended
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1 | d3e5 | -220", // NxP, loses the knight
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 | e4d5 | 100",
            "4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1 | e4d5 | 0",
            "4k3/8/8/3q4/8/8/3R4/3RK3 w - - 0 1 | d2d5 | 900",
            "3r1k2/8/8/3q4/8/8/3R4/3RK3 w - - 0 1 | d2d5 | 900",
            "3r1k2/3r4/8/3b4/8/8/3R4/3RK3 w - - 0 1 | d2d5 | -170",
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 | e1a1 | 0",
            "k7/3P4/8/8/8/8/8/4K3 w - - 0 1 | d7d8q | 800",
    })
    void staticExchange(String fen, String uci, int expected) {
        Board b = Board.fromFen(fen.strip());
        int move = b.parseUci(uci.strip());
        if (move == Moves.NONE) {
            move = b.parseUci(uci.strip().equals("e1a1") ? "e1c1" : uci.strip());
        }
        assertEquals(expected, b.see(move), fen);
        assertTrue(b.seeGe(move, expected));
        assertFalse(b.seeGe(move, expected + 1));
    }
}

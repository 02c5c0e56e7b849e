package org.kibitz.chess.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link BoardState} answers every question as {@link Board} does: on random games from positions
 * full of castling, en passant, pins, checks and promotions, each legal move (and each move that
 * is not one) is checked against the board's own generation, and the position after it against
 * the board's make-move.
 */
class BoardStateTest {

    private static final String[] STARTS = {
            Fen.START,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "1r1k1r2/pppppppp/8/8/8/8/PPPPPPPP/1R1K1R2 w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rkr5/8/8/8/8/8/8/RKR5 w ACac - 0 1",
    };

    /**
     * Is it mate? BoardState answers on its bitboards when in check (king moves, captures of the
     * checker, blocks, en passant): on every in-check position of many random games, and on mates
     * built by hand, it must agree with the board's generation.
     */
    @Test
    void inCheckItFindsAnEscapeExactlyWhenTheBoardDoes() {
        String[] mates = {
                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // fool's mate
                "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", // smothered
                "4R1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", // back rank
                "4k3/8/8/8/8/8/3r4/R3K2r w Q - 0 1", // double check by two rooks... and castling is no way out
        };
        for (String fen : mates) {
            Board b = Board.fromFen(fen);
            assertEquals(b.hasLegalMove(), BoardState.of(b).hasLegalMove(), fen);
        }
        // Escapes: only by taking en passant, only by a block, only by a promotion that blocks.
        String[] escapes = {
                "8/8/8/2k5/3Pp3/8/8/K6B b - d3 0 1",
                "k7/8/1K6/8/8/8/8/1R5r w - - 0 1",
                "1r5k/P7/8/8/8/8/8/K7 w - - 0 1",
        };
        for (String fen : escapes) {
            Board b = Board.fromFen(fen);
            assertEquals(b.hasLegalMove(), BoardState.of(b).hasLegalMove(), fen);
        }
        SplittableRandom random = new SplittableRandom(7);
        int[] moves = new int[Board.MAX_MOVES];
        int checks = 0;
        int mated = 0;
        for (int game = 0; game < 1500; game++) {
            Board b = Board.fromFen(STARTS[game % STARTS.length]);
            for (int ply = 0; ply < 200; ply++) {
                int n = b.generate(moves, 0, Board.GEN_ALL);
                if (b.checkers() != 0) {
                    checks++;
                    mated += n == 0 ? 1 : 0;
                    assertEquals(n > 0, BoardState.of(b).hasLegalMove(), b.fen());
                }
                if (n == 0) {
                    break;
                }
                b.makeMove(moves[random.nextInt(n)]);
            }
        }
        assertTrue(checks > 10_000 && mated > 20, "checks " + checks + ", mates " + mated);
    }

    /**
     * Checks a move gives that random games seldom reach: en passant opening a diagonal through the
     * taken pawn's square (not the square the capturer left), a discovered check along a rank and
     * along a diagonal, a promotion's direct check and a slider's check across the board.
     */
    @Test
    void rareChecksAreSeen() {
        String[][] cases = {
                {"8/5k2/8/3pP3/8/1B6/8/4K3 w - d6 0 2", "e5", "d6", "true"}, // exd6 e.p.: Bb3 sees f7 through d5
                {"8/8/8/K2pP2k/8/8/8/8 w - d6 0 2", "e5", "d6", "false"}, // both pawns leave the rank: no slider behind
                {"8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 2", "e5", "d6", "true"}, // ... and the rook sees h5
                {"4k3/8/8/8/8/8/4N3/4RK2 w - - 0 1", "e2", "c3", "true"}, // the knight uncovers the rook
                {"7k/8/8/8/3N4/8/1B6/5K2 w - - 0 1", "d4", "e6", "true"}, // the knight uncovers the bishop
                {"7k/P7/8/8/8/8/8/K7 w - - 0 1", "a7", "a8", "true"}, // a8=Q checks along the rank
                {"8/7k/8/8/8/8/8/Q3K3 w - - 0 1", "a1", "a7", "true"}, // along the whole rank
                {"8/3r3k/8/8/8/8/8/Q3K3 w - - 0 1", "a1", "a7", "false"}, // ... unless something stands between
        };
        int[] moves = new int[Board.MAX_MOVES];
        for (String[] c : cases) {
            Board b = Board.fromFen(c[0]);
            int n = b.generate(moves, 0, Board.GEN_ALL);
            int move = 0;
            for (int i = 0; i < n; i++) {
                int m = moves[i];
                if (Moves.toString(m).startsWith(c[1] + c[2]) && (move == 0 || Moves.isPromotion(m) && Moves.promotionType(m) == Board.QUEEN)) {
                    move = m;
                }
            }
            assertTrue(move != 0, c[0] + " " + c[1] + c[2]);
            assertEquals(Boolean.parseBoolean(c[3]), b.givesCheck(move), "the board, " + c[0]);
            assertEquals(Boolean.parseBoolean(c[3]), BoardState.of(b).givesCheck(move), c[0] + " " + Moves.toString(move));
        }
    }

    @Test
    void everyAnswerMatchesTheBoard() {
        SplittableRandom random = new SplittableRandom(20251121);
        int[] moves = new int[Board.MAX_MOVES];
        int positions = 0;
        for (int game = 0; game < 96; game++) {
            Board b = Board.fromFen(STARTS[game % STARTS.length]);
            for (int ply = 0; ply < 150; ply++) {
                positions++;
                BoardState s = BoardState.of(b);
                String fen = b.fen();
                assertEquals(fen, s.toBoard().fen());
                assertEquals(b.key(), s.toBoard().key());
                assertTrue(s.sameState(BoardState.of(s.toBoard())), fen);
                for (int sq = 0; sq < 64; sq++) {
                    assertEquals(b.pieceOn(sq), s.pieceOn(sq), fen);
                }
                assertEquals(b.checkers(), s.checkers(), fen);
                int n = b.generate(moves, 0, Board.GEN_ALL);
                assertEquals(n > 0, s.hasLegalMove(), fen);
                int[] legal = Arrays.copyOf(moves, n);
                Arrays.sort(legal);

                // Moves found square by square: exactly the legal ones that are not castling.
                int[] found = new int[Board.MAX_MOVES];
                int k = 0;
                // Every from-square now and then, else the side to move's pieces (others have no moves).
                long froms = positions % 16 == 0 ? -1L : s.pieces(s.sideToMove());
                while (froms != 0) {
                    int from = Long.numberOfTrailingZeros(froms);
                    froms &= froms - 1;
                    for (int to = 0; to < 64; to++) {
                        for (int promo = Board.NO_PIECE; promo <= Board.KING; promo++) {
                            if (promo == Board.PAWN) {
                                continue;
                            }
                            int m = s.legalMove(from, to, promo);
                            if (m != Moves.NONE) {
                                found[k++] = m;
                            }
                        }
                    }
                }
                for (boolean kingSide : new boolean[]{true, false}) {
                    int m = s.castlingMove(kingSide);
                    if (m != Moves.NONE) {
                        assertEquals(kingSide, Moves.to(m) > Moves.from(m), fen);
                        found[k++] = m;
                    }
                }
                int[] mine = Arrays.copyOf(found, k);
                Arrays.sort(mine);
                assertEquals(Arrays.toString(legal), Arrays.toString(mine), fen);

                // The pieces reaching a square: a superset of the legal movers, and nothing else moves there.
                for (int to = 0; to < 64; to++) {
                    for (int type = Board.PAWN; type <= Board.KING; type++) {
                        long reaching = s.reaching(type, to);
                        long movers = 0;
                        for (int m : legal) {
                            if (Moves.to(m) == to && !Moves.isCastling(m) && (b.pieceOn(Moves.from(m)) & 7) == type) {
                                movers |= 1L << Moves.from(m);
                            }
                        }
                        assertEquals(movers, reaching & movers, fen + " type " + type + " to " + to);
                        long others = reaching & ~movers;
                        while (others != 0) {
                            int from = Long.numberOfTrailingZeros(others);
                            others &= others - 1;
                            assertEquals(Moves.NONE, s.legalMove(from, to, Board.NO_PIECE), fen);
                            assertEquals(Moves.NONE, s.legalMove(from, to, Board.QUEEN), fen);
                        }
                        // Reading a move asks reachedMove of each piece that reaches the square.
                        for (long r = reaching; r != 0; r &= r - 1) {
                            int from = Long.numberOfTrailingZeros(r);
                            for (int promo : new int[]{Board.NO_PIECE, Board.KNIGHT, Board.QUEEN}) {
                                assertEquals(s.legalMove(from, to, promo), s.reachedMove(from, to, promo),
                                        fen + " from " + from + " to " + to + " promotion " + promo);
                            }
                        }
                        if (type == Board.QUEEN) {
                            assertEquals(reaching, s.queensTo(to, true) | s.queensTo(to, false), fen);
                        }
                    }
                }

                for (int m : legal) {
                    assertEquals(b.isCapture(m), s.isCapture(m), fen + " " + Moves.toString(m));
                    assertEquals(b.givesCheck(m), s.givesCheck(m), fen + " " + Moves.toString(m));
                    BoardState after = s.play(m);
                    b.makeMove(m);
                    assertTrue(after.sameState(BoardState.of(b)), fen + " " + Moves.toString(m) + " gives " + after
                            + ", the board " + b.fen());
                    assertEquals(b.key(), after.key());
                    b.unmakeMove();
                }
                if (n == 0) {
                    break;
                }
                b.makeMove(moves[random.nextInt(n)]);
            }
        }
        assertTrue(positions > 10_000, "positions: " + positions);
    }
}

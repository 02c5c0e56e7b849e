package org.kibitz.chess.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link BoardReplay} answers and plays as {@link BoardState} does, on random games from positions
 * full of castling (Chess960 included), en passant, pins, checks and promotions: every square's
 * reaching pieces of every type, every legal move's {@code reachedMove}, both castlings, and the
 * position after each move played in place.
 */
class BoardReplayTest {

    private static final String[] STARTS = {
            Fen.START,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rkr5/8/8/8/8/8/8/RKR5 w ACac - 0 1",
    };

    @Test
    void itAnswersAndPlaysAsTheImmutableStateOnRandomGames() {
        SplittableRandom random = new SplittableRandom(11);
        int[] moves = new int[Board.MAX_MOVES];
        int plies = 0;
        int castles = 0;
        for (int game = 0; game < 200; game++) {
            Board b = Board.fromFen(STARTS[game % STARTS.length]);
            BoardState s = BoardState.of(b);
            BoardReplay r = new BoardReplay(BoardState.of(Board.fromFen(Fen.START)));
            r.set(s);
            for (int ply = 0; ply < 150; ply++) {
                assertTrue(s.sameState(r.state()), b.fen());
                assertEquals(s.key(), r.key(), b.fen());
                assertEquals(s.sideToMove(), r.sideToMove(), b.fen());
                for (int type = Board.PAWN; type <= Board.KING; type++) {
                    for (int to = 0; to < 64; to++) {
                        assertEquals(s.reaching(type, to), r.reaching(type, to), b.fen() + " " + type + " " + to);
                    }
                }
                assertEquals(s.castlingMove(true), r.castlingMove(true), b.fen());
                assertEquals(s.castlingMove(false), r.castlingMove(false), b.fen());
                int n = b.generate(moves, 0, Board.GEN_ALL);
                if (n == 0) {
                    break;
                }
                for (int i = 0; i < n; i++) {
                    int m = moves[i];
                    if (!Moves.isCastling(m)) {
                        int promo = Moves.promotionType(m);
                        assertEquals(s.reachedMove(Moves.from(m), Moves.to(m), promo), r.reachedMove(Moves.from(m), Moves.to(m), promo), b.fen());
                    }
                }
                int m = moves[random.nextInt(n)];
                castles += Moves.isCastling(m) ? 1 : 0;
                b.makeMove(m);
                s = s.play(m);
                r.play(m);
                plies++;
                assertEquals(b.key(), r.key(), b.fen());
            }
        }
        assertTrue(plies > 10_000 && castles > 25, "plies " + plies + ", castles " + castles);
    }
}

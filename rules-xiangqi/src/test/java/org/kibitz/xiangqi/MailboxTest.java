package org.kibitz.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.Move;
import org.kibitz.xiangqi.board.Board;
import org.kibitz.xiangqi.board.Geometry;
import org.kibitz.xiangqi.board.Pieces;

/**
 * The position's mailbox answers (each move's legality, check) against
 * the board's full generation, on every position of random games and of the perft file's real
 * positions: the notations now read moves through the former, perft and the engine the latter.
 */
class MailboxTest {

    private final XiangqiPlugin plugin = new XiangqiPlugin();

    @Test
    void agreesWithTheBoardOnRandomGames() throws Exception {
        Random random = new Random(7);
        int positions = 0;
        for (int g = 0; g < 300; g++) {
            XiangqiPosition p = plugin.startPosition();
            for (int ply = 0; ply < 200; ply++) {
                List<Move> legal = compare(p, random);
                positions++;
                if (legal.isEmpty()) {
                    break;
                }
                p = p.play(legal.get(random.nextInt(legal.size())));
            }
        }
        assertEquals(true, positions > 30_000, "positions compared: " + positions);
    }

    @Test
    void agreesWithTheBoardOnThePerftPositions() throws Exception {
        Random random = new Random(11);
        for (String row : Files.readAllLines(PgnMovetext.shared("xiangqi/perft.epd"))) {
            if (row.isBlank()) {
                continue;
            }
            XiangqiPosition p = plugin.parseFen(row.split(";")[0].strip());
            // Two plies on from each: positions near real play, with captures and checks.
            for (Move a : p.legalMoves()) {
                XiangqiPosition q = p.play(a);
                compare(q, random);
            }
        }
    }

    /** Compares one position fully; returns its legal moves (by the board). */
    private static List<Move> compare(XiangqiPosition p, Random random) throws Exception {
        int[] byBoard = p.legalInts().clone();
        Arrays.sort(byBoard);
        // Every move of every piece of the side to move, asked one at a time.
        int[] buf = new int[Board.MAX_MOVES * 2];
        int n = 0;
        for (int from = 0; from < Geometry.SQUARES; from++) {
            int code = p.codeAt(from);
            if (code == 0 || Pieces.side(code) != p.side()) {
                continue;
            }
            for (int to = 0; to < Geometry.SQUARES; to++) {
                if (p.isLegal(Board.move(from, to))) {
                    buf[n++] = Board.move(from, to);
                }
            }
        }
        int[] byMailbox = Arrays.copyOf(buf, n);
        Arrays.sort(byMailbox);
        assertEquals(Arrays.toString(byBoard), Arrays.toString(byMailbox), p.fen());
        Board board = p.toBoard();
        // Check as a position after a move knows it from that move's points (when it can), and
        // every move above was found legal with that knowledge.
        assertEquals(board.inCheck(), p.inCheck(), p.fen());
        // inCheck by the mailbox: a fresh position has no analysis cached yet.
        XiangqiPosition fresh = new XiangqiPlugin().parseFen(p.fen());
        assertEquals(board.inCheck(), fresh.inCheck(), p.fen());
        // One move at a time: every legal move, and random moves that are mostly not.
        List<Move> moves = new ArrayList<>(p.legalMoves());
        for (Move m : moves) {
            assertEquals(XiangqiPosition.toInt(m), fresh.legalInt(new Move(m.from(), m.to())), p.fen() + " " + m);
        }
        for (int i = 0; i < 40; i++) {
            int from = random.nextInt(Geometry.SQUARES);
            int to = random.nextInt(Geometry.SQUARES);
            int m = Board.move(from, to);
            boolean legal = Arrays.binarySearch(byBoard, m) >= 0;
            Move api = XiangqiPosition.toMove(m);
            assertEquals(legal, fresh.legalInt(api) != Board.NO_MOVE, p.fen() + " " + api);
        }
        return moves;
    }
}

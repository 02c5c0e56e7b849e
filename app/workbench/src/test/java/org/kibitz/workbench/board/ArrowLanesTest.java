package org.kibitz.workbench.board;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Square;

/** Arrows of engines that agree on a move are drawn side by side, each badge readable. */
class ArrowLanesTest {

    private static final Move E2E4 = new Move(Square.of(4, 1), Square.of(4, 3));
    private static final Move D2D4 = new Move(Square.of(3, 1), Square.of(3, 3));

    @Test
    void anArrowAloneOnItsMoveStaysOnTheCentreLine() {
        double[] lanes = BoardView.lanes(List.of(new BoardArrow(E2E4, Color.BLUE, 0.2, "+0.3"),
                new BoardArrow(D2D4, Color.ORANGE, 0.2, "+0.2")));
        assertArrayEquals(new double[] {0, 0}, lanes);
    }

    @Test
    void twoEnginesOnTheSameMoveGetLanesFarEnoughApartForTheirBadges() {
        double[] lanes = BoardView.lanes(List.of(new BoardArrow(E2E4, Color.BLUE, 0.2, "+0.3"),
                new BoardArrow(D2D4, Color.GRAY, 0.1, ""),
                new BoardArrow(E2E4, Color.ORANGE, 0.2, "+0.5")));
        assertEquals(0, lanes[1]);
        assertEquals(-lanes[0], lanes[2], 1e-9, "symmetric about the path");
        assertTrue(lanes[2] - lanes[0] >= 0.4, "badges are 0.4 of a square across: " + (lanes[2] - lanes[0]));
    }

    @Test
    void fourEnginesOnTheSameMoveStayWithinTheSquare() {
        List<BoardArrow> four = List.of(new BoardArrow(E2E4, Color.BLUE, 0.2, "1"), new BoardArrow(E2E4, Color.ORANGE, 0.2, "2"),
                new BoardArrow(E2E4, Color.GREEN, 0.2, "3"), new BoardArrow(E2E4, Color.RED, 0.2, "4"));
        double[] lanes = BoardView.lanes(four);
        for (int i = 1; i < lanes.length; i++) {
            assertTrue(lanes[i] > lanes[i - 1], "distinct lanes in order");
        }
        assertTrue(lanes[3] - lanes[0] <= 0.9 + 1e-9, "within the square: " + (lanes[3] - lanes[0]));
    }
}

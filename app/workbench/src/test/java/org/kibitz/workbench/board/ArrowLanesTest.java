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

    @Test
    void badgesOfTwoAgreeingEnginesAreStackedApartInsideTheBoard() {
        // Two engines on e2e4 want their badges at nearly the same place: "-0.31" and "-0.38" must not run together.
        List<javafx.geometry.Rectangle2D> wanted = List.of(new javafx.geometry.Rectangle2D(200, 300, 50, 20),
                new javafx.geometry.Rectangle2D(205, 302, 50, 20), new javafx.geometry.Rectangle2D(500, 2, 40, 20));
        List<javafx.geometry.Rectangle2D> placed = BoardView.placeBadges(wanted, 520, 520, 3, List.of());
        assertEquals(wanted.get(0), placed.get(0), "the first badge stays where it is wanted");
        for (int i = 0; i < placed.size(); i++) {
            javafx.geometry.Rectangle2D a = placed.get(i);
            assertTrue(a.getMinX() >= 0 && a.getMinY() >= 0 && a.getMaxX() <= 520 && a.getMaxY() <= 520, "inside: " + a);
            for (int j = i + 1; j < placed.size(); j++) {
                assertTrue(!a.intersects(placed.get(j)), a + " overlaps " + placed.get(j));
            }
        }
        assertEquals(205, placed.get(1).getMinX(), "moved up or down, not sideways");
        assertTrue(Math.abs(placed.get(1).getMinY() - 302) <= 23 + 1e-9, "to the nearest free place: " + placed.get(1));
    }

    @Test
    void badgeTextGrowsWithTheBoardWithinReadableBounds() {
        assertEquals(12, BoardView.badgeFontSize(30));
        assertEquals(0.25 * 70, BoardView.badgeFontSize(70), 1e-9);
        assertEquals(20, BoardView.badgeFontSize(140));
    }

    @Test
    void aBadgeMovesOffAPiecesMiddleWhenAFreePlaceIsNear() {
        javafx.geometry.Rectangle2D onPiece = new javafx.geometry.Rectangle2D(200, 300, 50, 20);
        javafx.geometry.Rectangle2D middle = new javafx.geometry.Rectangle2D(205, 305, 30, 30);
        List<javafx.geometry.Rectangle2D> placed = BoardView.placeBadges(List.of(onPiece), 520, 520, 3, List.of(middle));
        assertTrue(!placed.get(0).intersects(middle), "moved off the piece: " + placed.get(0));
        assertEquals(277, placed.get(0).getMinY(), 1e-9, "one step up (one down still covers it)");
        assertEquals(onPiece, BoardView.placeBadges(List.of(onPiece), 520, 520, 3, List.of()).get(0), "no piece: where wanted");
    }
}

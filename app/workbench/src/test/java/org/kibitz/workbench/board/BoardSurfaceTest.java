package org.kibitz.workbench.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;
import javafx.scene.Cursor;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.Square;

/** What both boards rely on: a press is a click until the mouse has moved away, and a new fit redraws only when it must. */
class BoardSurfaceTest {

    private static final BoardGeometry EIGHT = new BoardGeometry(8, 8, BoardGeometry.Style.SQUARES, OptionalInt.empty(),
            List.of(), List.of(), Collections.nCopies(8, "a"), Collections.nCopies(8, "a"), List.of());
    private static final Square E2 = Square.of(4, 1);

    @Test
    void aPressStaysAClickUntilTheMouseHasMovedTheThreshold() {
        BoardSurface s = new BoardSurface(() -> { });
        s.press(E2, 100, 100);
        assertSame(E2, s.pressed());
        assertFalse(s.follow(102, 102), "2.8 px: still a click");
        assertFalse(s.dragging());
        assertNull(s.canvas.getCursor(), "the cursor untouched");
        assertTrue(s.follow(100, 100 + BoardSurface.DRAG_THRESHOLD), "at the threshold: a drag");
        assertEquals(Cursor.CLOSED_HAND, s.canvas.getCursor());
        assertTrue(s.follow(100, 100), "back where it was pressed: still a drag");
        assertEquals(100, s.mouseX());
        assertEquals(100, s.mouseY());
    }

    @Test
    void theThresholdIsMeasuredFromThePressNotTheLastMove() {
        BoardSurface s = new BoardSurface(() -> { });
        s.press(E2, 0, 0);
        assertFalse(s.follow(2, 0));
        assertFalse(s.follow(3.5, 0));
        assertTrue(s.follow(4, 0));
    }

    @Test
    void aNewPressOrAReleaseForgetsTheDrag() {
        BoardSurface s = new BoardSurface(() -> { });
        s.press(E2, 0, 0);
        assertTrue(s.follow(10, 0));
        s.press(null, 50, 50);
        assertNull(s.pressed());
        assertFalse(s.dragging());
        assertFalse(s.follow(52, 50), "measured from the new press");
        s.press(E2, 0, 0);
        s.follow(10, 0);
        s.release();
        assertNull(s.pressed());
        assertFalse(s.dragging());
    }

    @Test
    void theBoardIsDrawnAgainOnlyWhenItsCellOrOrientationChanges() {
        BoardSurface s = new BoardSurface(() -> { });
        BoardLayout first = BoardLayout.fit(EIGHT, false, 400, 400);
        assertTrue(s.place(first, 5, 7), "the first layout");
        assertEquals(first.width, s.background.getWidth());
        assertEquals(first.height, s.canvas.getHeight());
        assertEquals(5, s.canvas.getLayoutX());
        assertEquals(7, s.background.getLayoutY());
        assertFalse(s.place(BoardLayout.fit(EIGHT, false, 401, 400), 6, 7), "the same cell, moved");
        assertEquals(6, s.canvas.getLayoutX());
        assertTrue(s.place(BoardLayout.fit(EIGHT, false, 500, 500), 0, 0), "a larger cell");
        assertTrue(s.place(BoardLayout.fit(EIGHT, true, 500, 500), 0, 0), "turned round");
        s.forget();
        assertNull(s.layout());
        assertTrue(s.place(BoardLayout.fit(EIGHT, true, 500, 500), 0, 0), "forgotten: drawn again");
    }

    @Test
    void turningTheBoardForgetsItsLayoutOnlyWhenItTurns() {
        BoardSurface s = new BoardSurface(() -> { });
        s.place(BoardLayout.fit(EIGHT, false, 400, 400), 0, 0);
        assertFalse(s.setFlipped(false));
        assertNotNull(s.layout());
        assertTrue(s.setFlipped(true));
        assertTrue(s.flipped());
        assertNull(s.layout());
    }

    @Test
    void theCurrentLayoutIsLaidOutWhenThereIsNoneAndFailsWithoutASize() {
        BoardLayout fitted = BoardLayout.fit(EIGHT, false, 400, 400);
        BoardSurface[] s = new BoardSurface[1];
        s[0] = new BoardSurface(() -> s[0].place(fitted, 0, 0));
        assertSame(fitted, s[0].current());
        BoardSurface unsized = new BoardSurface(() -> { });
        assertThrows(IllegalStateException.class, unsized::current);
    }
}

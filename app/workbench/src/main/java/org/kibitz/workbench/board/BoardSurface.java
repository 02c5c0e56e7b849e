package org.kibitz.workbench.board;

import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import org.kibitz.api.game.Square;

/**
 * What the game's board ({@link BoardView}) and the position editor's ({@link SetupBoard}) draw on and
 * how they take a drag, in one place so that the two boards size and drag alike: the board itself on
 * one canvas, drawn again only when its size, orientation or game changes, and the pieces on another
 * above it, drawn on every change; the layout both were last fitted to; the point pressed and where the
 * mouse has gone since.
 *
 * <p>The owning region adds the two canvases to its children, fits the layout to the room it has (its
 * own rules: the game's board leaves room for its evaluation bar) and hands it to {@link #place}.
 */
final class BoardSurface {

    /** Pixels the mouse must move from where it was pressed before a press is a drag: a trembling click stays a click. */
    static final double DRAG_THRESHOLD = 4;

    /** The board itself; the mouse goes through it to the pieces' canvas. */
    final Canvas background = new Canvas();
    /** The pieces and everything drawn over them; takes the mouse. */
    final Canvas canvas = new Canvas();
    /** Lays the owning region out now, for a layout asked for before the first pulse. */
    private final Runnable layOut;
    private boolean flipped;
    private BoardLayout layout;

    private Square pressed;
    private boolean dragging;
    private double pressX;
    private double pressY;
    private double mouseX;
    private double mouseY;

    /** @param layOut lays the owning region out (its {@code layoutChildren}) */
    BoardSurface(Runnable layOut) {
        this.layOut = layOut;
        canvas.setManaged(false);
        background.setManaged(false);
        background.setMouseTransparent(true);
    }

    // ---- layout ----

    boolean flipped() {
        return flipped;
    }

    /**
     * Turns the board round or back.
     *
     * @return whether it was the other way round (the owner then lays out again)
     */
    boolean setFlipped(boolean flipped) {
        if (this.flipped == flipped) {
            return false;
        }
        this.flipped = flipped;
        layout = null;
        return true;
    }

    /** The layout last placed, null before the first or once forgotten. */
    BoardLayout layout() {
        return layout;
    }

    /** Forgets the layout, so that the next {@link #place} draws the board again. */
    void forget() {
        layout = null;
    }

    /** The layout now, laid out first when there is none yet; fails while the board has no size. */
    BoardLayout current() {
        if (layout == null) {
            layOut.run();
        }
        if (layout == null) {
            throw new IllegalStateException("the board has no size yet");
        }
        return layout;
    }

    /**
     * Takes {@code fitted} as the layout and puts both canvases, as large as it, at ({@code x}, {@code y}).
     *
     * @return whether the board must be drawn again: the first layout, or another cell, orientation or geometry
     */
    boolean place(BoardLayout fitted, double x, double y) {
        boolean changed = layout == null || fitted.cell != layout.cell || fitted.flipped != layout.flipped
                || fitted.geometry != layout.geometry;
        layout = fitted;
        for (Canvas c : List.of(background, canvas)) {
            c.setWidth(fitted.width);
            c.setHeight(fitted.height);
            c.relocate(x, y);
        }
        return changed;
    }

    /** Draws the board itself again, under the pieces. */
    void paintBoard(BoardPainter painter, BoardPainter.Decorations decorations) {
        GraphicsContext g = background.getGraphicsContext2D();
        g.clearRect(0, 0, background.getWidth(), background.getHeight());
        painter.paintBoard(g, layout, decorations);
    }

    /** The centre of a point on screen. */
    Point2D centerOnScreen(Square s) {
        Point2D p = current().center(s);
        return canvas.localToScreen(p.getX(), p.getY());
    }

    // ---- press and drag ----

    /** Notes a press at ({@code x}, {@code y}) on {@code at} (null: off the points); not a drag yet. */
    void press(Square at, double x, double y) {
        pressed = at;
        dragging = false;
        pressX = x;
        pressY = y;
        mouseX = x;
        mouseY = y;
    }

    /** The point pressed, null when none is. */
    Square pressed() {
        return pressed;
    }

    /** Whether the piece pressed is being dragged. */
    boolean dragging() {
        return dragging;
    }

    /** Where the mouse was last, while a point is pressed. */
    double mouseX() {
        return mouseX;
    }

    double mouseY() {
        return mouseY;
    }

    /**
     * Follows the mouse while a point is pressed: far enough from where it was pressed, the press becomes
     * a drag and the cursor a closed hand.
     *
     * @return whether the piece is being dragged (the owner draws it under the mouse)
     */
    boolean follow(double x, double y) {
        mouseX = x;
        mouseY = y;
        if (!dragging && Math.hypot(mouseX - pressX, mouseY - pressY) >= DRAG_THRESHOLD) {
            dragging = true;
            canvas.setCursor(Cursor.CLOSED_HAND);
        }
        return dragging;
    }

    /** Forgets the press and any drag (the cursor is the owner's to set). */
    void release() {
        pressed = null;
        dragging = false;
    }
}

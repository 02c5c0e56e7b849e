package org.kibitz.workbench.board;

import java.util.Optional;
import javafx.geometry.Point2D;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.Square;

/**
 * Where a board's points fall on the canvas for a given size and orientation. Everything is
 * measured in cells (the distance between two neighbouring points) so that drawing code scales
 * with the board; the margins leave room for the frame and the coordinates.
 */
final class BoardLayout {

    /** Wood around the outer grid lines of an intersection board (pieces on the edge sit in it). */
    static final double INTERSECTION_PAD = 0.74;
    /** The outer frame's distance from the outer grid lines: just clear of the pieces on the edge. */
    static final double INTERSECTION_FRAME = 0.56;
    /** The band above and below an intersection board holding the file numbers. */
    static final double INTERSECTION_LABELS = 0.42;
    /** The frame around a square board, holding the coordinates. */
    static final double SQUARE_MARGIN = 0.42;

    final BoardGeometry geometry;
    final boolean flipped;
    final double cell;
    /** Canvas coordinates of the first point's column and row (display order). */
    final double x0;
    final double y0;
    final double width;
    final double height;

    private BoardLayout(BoardGeometry geometry, boolean flipped, double cell) {
        this.geometry = geometry;
        this.flipped = flipped;
        this.cell = cell;
        this.width = widthInCells(geometry) * cell;
        this.height = heightInCells(geometry) * cell;
        if (geometry.style() == BoardGeometry.Style.INTERSECTIONS) {
            x0 = INTERSECTION_PAD * cell;
            y0 = (INTERSECTION_PAD + INTERSECTION_LABELS) * cell;
        } else {
            x0 = (SQUARE_MARGIN + 0.5) * cell;
            y0 = (SQUARE_MARGIN + 0.5) * cell;
        }
    }

    /** The largest layout that fits {@code w} x {@code h}, keeping the board's proportions. */
    static BoardLayout fit(BoardGeometry geometry, boolean flipped, double w, double h) {
        double cell = Math.min(w / widthInCells(geometry), h / heightInCells(geometry));
        // Whole pixels per cell keep the grid lines crisp.
        cell = Math.max(4, Math.floor(cell));
        return new BoardLayout(geometry, flipped, cell);
    }

    static double widthInCells(BoardGeometry g) {
        return g.style() == BoardGeometry.Style.INTERSECTIONS
                ? g.files() - 1 + 2 * INTERSECTION_PAD
                : g.files() + 2 * SQUARE_MARGIN;
    }

    static double heightInCells(BoardGeometry g) {
        return g.style() == BoardGeometry.Style.INTERSECTIONS
                ? g.ranks() - 1 + 2 * (INTERSECTION_PAD + INTERSECTION_LABELS)
                : g.ranks() + 2 * SQUARE_MARGIN;
    }

    boolean intersections() {
        return geometry.style() == BoardGeometry.Style.INTERSECTIONS;
    }

    /** The column a file is drawn in, 0 on the left. */
    int column(int file) {
        return flipped ? geometry.files() - 1 - file : file;
    }

    /** The row a rank is drawn in, 0 at the top. */
    int row(int rank) {
        return flipped ? rank : geometry.ranks() - 1 - rank;
    }

    double x(int file) {
        return x0 + column(file) * cell;
    }

    double y(int rank) {
        return y0 + row(rank) * cell;
    }

    Point2D center(Square s) {
        return new Point2D(x(s.file()), y(s.rank()));
    }

    /** The point under canvas coordinates, if the click is near enough to one. */
    Optional<Square> squareAt(double px, double py) {
        double cx = (px - x0) / cell;
        double cy = (py - y0) / cell;
        int col = (int) Math.round(cx);
        int row = (int) Math.round(cy);
        if (col < 0 || row < 0 || col >= geometry.files() || row >= geometry.ranks()) {
            return Optional.empty();
        }
        double dx = cx - col;
        double dy = cy - row;
        if (intersections() ? dx * dx + dy * dy > 0.5 * 0.5 : Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5) {
            return Optional.empty();
        }
        int file = flipped ? geometry.files() - 1 - col : col;
        int rank = flipped ? row : geometry.ranks() - 1 - row;
        return Optional.of(Square.of(file, rank));
    }
}

package org.kibitz.workbench.board;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.paint.CycleMethod;
import javafx.scene.paint.RadialGradient;
import javafx.scene.paint.Stop;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Square;

/** Draws one style of board (squares or intersections); the view decides what and when. */
interface BoardPainter {

    /** What the board prints besides the grid: texts for a river, if the board has one. */
    record Decorations(String riverLeft, String riverRight) {
    }

    /** The painter for a game's board style in its default look. */
    static BoardPainter forGame(org.kibitz.api.game.GamePlugin game) {
        return forGame(game, "", "");
    }

    /**
     * The painter for a game's board style with a piece set and a theme of {@link BoardLook}'s (an
     * unknown id, the style's first); pieces without a drawing are drawn from the game's labels.
     */
    static BoardPainter forGame(org.kibitz.api.game.GamePlugin game, String pieceSet, String theme) {
        return game.geometry().style() == BoardGeometry.Style.INTERSECTIONS
                ? new IntersectionPainter(pieceSet, theme) : new SquarePainter(game::pieceLabel, pieceSet, theme);
    }

    /** The board itself: background, grid and marks, coordinates. */
    void paintBoard(GraphicsContext g, BoardLayout l, Decorations d);

    /** Marks the last move's two points. */
    void paintLastMove(GraphicsContext g, BoardLayout l, Square from, Square to);

    /** Marks the point of the piece picked up. */
    void paintSelection(GraphicsContext g, BoardLayout l, Square s);

    /** A piece centred on ({@code cx}, {@code cy}), {@code scale} times its normal size. */
    void paintPiece(GraphicsContext g, BoardLayout l, Piece piece, String label, double cx, double cy, double scale);

    /** A point the picked-up piece may go to; {@code capture} when an enemy piece stands there. */
    void paintTarget(GraphicsContext g, BoardLayout l, Square s, boolean capture);

    /** A point the picked-up piece may go to only to lose by repetition: a red cross. */
    default void paintBanned(GraphicsContext g, BoardLayout l, Square s) {
        double c = l.cell;
        double x = l.x(s.file());
        double y = l.y(s.rank());
        double r = 0.2 * c;
        g.setStroke(Color.rgb(200, 20, 20, 0.85));
        g.setLineWidth(Math.max(2, 0.07 * c));
        g.strokeLine(x - r, y - r, x + r, y + r);
        g.strokeLine(x - r, y + r, x + r, y - r);
    }

    /** The glow under a king in check. */
    default void paintCheck(GraphicsContext g, BoardLayout l, Square king) {
        double c = l.cell;
        double x = l.x(king.file());
        double y = l.y(king.rank());
        g.setFill(new RadialGradient(0, 0, x, y, 0.62 * c, false, CycleMethod.NO_CYCLE,
                new Stop(0, Color.rgb(255, 0, 0, 0.95)), new Stop(0.45, Color.rgb(231, 0, 0, 0.7)),
                new Stop(1, Color.rgb(169, 0, 0, 0))));
        g.fillOval(x - 0.62 * c, y - 0.62 * c, 1.24 * c, 1.24 * c);
    }
}

package org.kibitz.workbench.board;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.geometry.Point2D;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.PositionDraft;
import org.kibitz.api.game.Square;

/**
 * The position editor's board: a {@link PositionDraft} drawn as the workbench's board draws its game
 * (same painters, so pieces look the same), any piece of either side may be picked up. A click on a
 * point is handed to the editor (which puts down or erases what its palette holds), a drag moves a
 * piece, a drag off the board or a right click takes it off.
 *
 * <p>Not a mode of {@link BoardView}: that board holds a legal {@code Position} and lets only the side
 * to move play legal moves, while this one must hold what no game reaches (two kings, facing
 * generals) and move any piece anywhere. The two share the painters, {@link BoardLayout} and, in
 * {@link BoardSurface}, their canvases' sizing and the way a press becomes a drag.
 */
public final class SetupBoard extends Region {

    private final BoardSurface surface = new BoardSurface(this::layoutChildren);
    private final Canvas canvas = surface.canvas;
    private GamePlugin game;
    private BoardPainter painter;
    private PositionDraft draft;
    private BoardPainter.Decorations decorations = new BoardPainter.Decorations("", "");

    /** A piece carried over the board from outside it (the palette), drawn under the mouse. */
    private Piece ghost;
    private Point2D ghostAt;

    private Consumer<Square> onClick = s -> { };
    private BiConsumer<Square, Square> onMove = (a, b) -> { };
    private Consumer<Square> onRemove = s -> { };

    public SetupBoard() {
        getStyleClass().add("setup-board");
        getChildren().addAll(surface.background, canvas);
        setMinSize(200, 200);
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, this::released);
    }

    /** Shows a board of {@code game}; the draft follows with {@link #setDraft}. */
    public void setGame(GamePlugin game) {
        this.game = Objects.requireNonNull(game, "game");
        this.painter = BoardPainter.forGame(game);
        surface.forget();
        this.draft = null;
        requestLayout();
    }

    public void setDraft(PositionDraft draft) {
        this.draft = Objects.requireNonNull(draft, "draft");
        redraw();
    }

    public void setFlipped(boolean flipped) {
        if (surface.setFlipped(flipped)) {
            requestLayout();
        }
    }

    public boolean isFlipped() {
        return surface.flipped();
    }

    /** Texts printed in the river, left and right, as on the main board. */
    public void setRiverText(String left, String right) {
        decorations = new BoardPainter.Decorations(left, right);
        surface.forget();
        requestLayout();
    }

    /** Called with the point clicked (left button, no drag). */
    public void setOnClick(Consumer<Square> handler) {
        onClick = Objects.requireNonNull(handler, "handler");
    }

    /** Called with from and to when a piece is dragged to another point. */
    public void setOnMove(BiConsumer<Square, Square> handler) {
        onMove = Objects.requireNonNull(handler, "handler");
    }

    /** Called with a point whose piece is right-clicked or dragged off the board. */
    public void setOnRemove(Consumer<Square> handler) {
        onRemove = Objects.requireNonNull(handler, "handler");
    }

    /** The centre of a point on screen (for tests). */
    public Point2D centerOnScreen(Square s) {
        return surface.centerOnScreen(s);
    }

    /** The point under a scene position, if it is on the board (where a palette piece is let go). */
    public Optional<Square> squareAtScene(double sceneX, double sceneY) {
        BoardLayout layout = surface.layout();
        if (layout == null) {
            return Optional.empty();
        }
        Point2D p = canvas.sceneToLocal(sceneX, sceneY);
        return layout.squareAt(p.getX(), p.getY());
    }

    /** Draws {@code piece} under a scene position while it is carried from the palette; null hides it. */
    public void carry(Piece piece, double sceneX, double sceneY) {
        ghost = piece;
        ghostAt = piece == null ? null : canvas.sceneToLocal(sceneX, sceneY);
        redraw();
    }

    /**
     * A picture of a piece as this board draws it, {@code size} pixels across, for the palette. Drawn
     * with the board's own painter, so the palette and the board show the same pieces.
     */
    public Canvas pieceImage(Piece piece, double size) {
        Canvas c = new Canvas(size, size);
        // Half a pixel more: the layout rounds its cell down to whole pixels.
        BoardLayout l = BoardLayout.fit(game.geometry(), false, BoardLayout.widthInCells(game.geometry()) * (size + 0.5),
                BoardLayout.heightInCells(game.geometry()) * (size + 0.5));
        painter.paintPiece(c.getGraphicsContext2D(), l, piece, game.pieceLabel(piece), size / 2, size / 2, 0.92);
        return c;
    }

    // ---- layout and drawing ----

    @Override
    protected double computePrefWidth(double height) {
        return 460;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 500;
    }

    @Override
    protected void layoutChildren() {
        if (game == null) {
            return;
        }
        double w = getWidth() - snappedLeftInset() - snappedRightInset();
        double h = getHeight() - snappedTopInset() - snappedBottomInset();
        if (w <= 0 || h <= 0) {
            return;
        }
        BoardLayout fitted = BoardLayout.fit(game.geometry(), surface.flipped(), w, h);
        if (surface.place(fitted, snapPositionX(snappedLeftInset() + (w - fitted.width) / 2),
                snapPositionY(snappedTopInset() + (h - fitted.height) / 2))) {
            surface.paintBoard(painter, decorations);
            redraw();
        }
    }

    private void redraw() {
        BoardLayout layout = surface.layout();
        if (layout == null || draft == null) {
            return;
        }
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        Square pressed = surface.pressed();
        boolean dragging = surface.dragging();
        if (pressed != null) {
            painter.paintSelection(g, layout, pressed);
        }
        for (Map.Entry<Square, Piece> e : draft.pieces().entrySet()) {
            if (dragging && e.getKey().equals(pressed) || !layout.geometry.contains(e.getKey())) {
                continue;
            }
            Point2D c = layout.center(e.getKey());
            painter.paintPiece(g, layout, e.getValue(), game.pieceLabel(e.getValue()), c.getX(), c.getY(), 1.0);
        }
        if (dragging && pressed != null) {
            draft.pieceAt(pressed).ifPresent(p -> painter.paintPiece(g, layout, p, game.pieceLabel(p), surface.mouseX(),
                    surface.mouseY(), 1.08));
        }
        if (ghost != null && ghostAt != null) {
            painter.paintPiece(g, layout, ghost, game.pieceLabel(ghost), ghostAt.getX(), ghostAt.getY(), 1.08);
        }
    }

    // ---- input ----

    private void pressed(MouseEvent e) {
        BoardLayout layout = surface.layout();
        if (layout == null || draft == null) {
            return;
        }
        Optional<Square> at = layout.squareAt(e.getX(), e.getY());
        if (e.getButton() == MouseButton.SECONDARY) {
            at.ifPresent(onRemove);
            return;
        }
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        surface.press(at.orElse(null), e.getX(), e.getY());
    }

    private void dragged(MouseEvent e) {
        Square pressed = surface.pressed();
        if (pressed == null || draft.pieceAt(pressed).isEmpty()) {
            return;
        }
        if (surface.follow(e.getX(), e.getY())) {
            redraw();
        }
    }

    private void released(MouseEvent e) {
        Square from = surface.pressed();
        if (from == null || e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        boolean dragged = surface.dragging();
        surface.release();
        canvas.setCursor(Cursor.DEFAULT);
        if (!dragged) {
            redraw();
            onClick.accept(from);
            return;
        }
        BoardLayout layout = surface.layout();
        Optional<Square> to = layout.squareAt(e.getX(), e.getY());
        redraw();
        boolean offBoard = e.getX() < 0 || e.getY() < 0 || e.getX() > layout.width || e.getY() > layout.height;
        if (to.isEmpty() && offBoard) {
            onRemove.accept(from);
        } else if (to.isPresent() && !to.get().equals(from)) {
            onMove.accept(from, to.get());
        }
    }
}

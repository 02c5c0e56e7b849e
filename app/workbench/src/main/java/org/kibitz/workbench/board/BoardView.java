package org.kibitz.workbench.board;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.geometry.Point2D;
import javafx.geometry.VPos;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;

/**
 * An interactive board for any game: draws what the game's {@link BoardGeometry} describes and its
 * pieces with the game's labels, and lets the user move by clicking a piece and then its target,
 * or by dragging it. Legal targets are shown while a piece is picked up; an illegal attempt is
 * refused and reported, never played. The board keeps its proportions and redraws itself when its
 * size changes.
 */
public final class BoardView extends Region {

    private static final double DRAG_THRESHOLD = 4;
    /** The order promotion choices are offered in; types not listed come after, alphabetically. */
    private static final String PROMOTION_ORDER = "QRBNK";

    /** The board itself, drawn again only when its size, orientation or game changes. */
    private final Canvas background = new Canvas();
    /** Pieces, marks and arrows, drawn again on every change. */
    private final Canvas canvas = new Canvas();
    private GamePlugin game;
    private BoardPainter painter;
    private String pieceSet = "";
    private String theme = "";
    private BoardLayout layout;
    private Position position;
    private Move lastMove;
    private boolean flipped;
    private boolean interactive = true;
    private List<BoardArrow> arrows = List.of();
    private BoardPainter.Decorations decorations = new BoardPainter.Decorations("", "");

    private Square selected;
    private List<Move> selectedMoves = List.of();
    private List<Move> banned = List.of();
    private Square pressed;
    private boolean pressedWasSelected;
    private boolean dragging;
    private double pressX;
    private double pressY;
    private double mouseX;
    private double mouseY;
    private Promotion promotion;

    private Consumer<Move> onMove = m -> { };
    private BiConsumer<Square, Square> onRefused = (a, b) -> { };

    /** A promotion waiting for the user's choice. */
    private record Promotion(Square to, List<Move> choices) {
    }

    public BoardView() {
        getStyleClass().add("board-view");
        canvas.setManaged(false);
        background.setManaged(false);
        background.setMouseTransparent(true);
        getChildren().addAll(background, canvas);
        setFocusTraversable(true);
        setMinSize(120, 120);
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, this::released);
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::hover);
    }

    /** Shows a board of {@code game}, empty until a position is set. */
    public void setGame(GamePlugin game) {
        this.game = Objects.requireNonNull(game, "game");
        this.painter = BoardPainter.forGame(game, pieceSet, theme);
        this.layout = null;
        this.position = null;
        this.lastMove = null;
        clearSelection();
        requestLayout();
    }

    public GamePlugin game() {
        return game;
    }

    /** Draws the board with {@code pieceSet} and {@code theme} (ids of {@link BoardLook}'s; unknown ones, the defaults). */
    public void setLook(String pieceSet, String theme) {
        this.pieceSet = Objects.requireNonNull(pieceSet, "pieceSet");
        this.theme = Objects.requireNonNull(theme, "theme");
        if (game != null) {
            painter = BoardPainter.forGame(game, pieceSet, theme);
            redrawBackground();
            redraw();
        }
    }

    /** The piece set the board draws with now. */
    public String pieceSet() {
        return pieceSet;
    }

    /** The colour theme the board draws with now. */
    public String theme() {
        return theme;
    }

    /** The painter drawing now (tests check its kind and look). */
    BoardPainter painter() {
        return painter;
    }

    /** Shows {@code p}, with {@code last} marked as the move that led to it. */
    public void setPosition(Position p, Optional<Move> last) {
        this.position = Objects.requireNonNull(p, "position");
        this.lastMove = last.filter(m -> !m.isNull()).orElse(null);
        clearSelection();
        redraw();
    }

    /** Shows {@code p} with its last move and arrows, in one redraw. */
    public void setPosition(Position p, Optional<Move> last, List<BoardArrow> arrowsToShow) {
        this.arrows = List.copyOf(arrowsToShow);
        setPosition(p, last);
    }

    public Position position() {
        return position;
    }

    public void setFlipped(boolean flipped) {
        if (this.flipped != flipped) {
            this.flipped = flipped;
            layout = null;
            requestLayout();
        }
    }

    public boolean isFlipped() {
        return flipped;
    }

    /** Whether the user may move pieces (off while, say, an engine plays). */
    public void setInteractive(boolean interactive) {
        this.interactive = interactive;
        if (!interactive) {
            clearSelection();
            redraw();
        }
    }

    public void setArrows(List<BoardArrow> arrows) {
        this.arrows = List.copyOf(arrows);
        redraw();
    }

    public List<BoardArrow> arrows() {
        return arrows;
    }

    /** Texts printed in the river, left and right. */
    public void setRiverText(String left, String right) {
        decorations = new BoardPainter.Decorations(left, right);
        redrawBackground();
    }

    /** Called with every legal move the user makes. */
    public void setOnMove(Consumer<Move> handler) {
        onMove = Objects.requireNonNull(handler, "handler");
    }

    /** Called with from and to when the user tries a move that is not legal. */
    public void setOnRefused(BiConsumer<Square, Square> handler) {
        onRefused = Objects.requireNonNull(handler, "handler");
    }

    /** The point picked up, if any. */
    public Optional<Square> selected() {
        return Optional.ofNullable(selected);
    }

    /** The legal moves of the piece picked up. */
    public List<Move> targets() {
        return selectedMoves;
    }

    /**
     * The moves of the position shown that would lose by the repetition rules: their targets are
     * drawn crossed out while the piece is picked up (the move can still be played, to study it).
     */
    public void setBanned(List<Move> moves) {
        List<Move> now = List.copyOf(moves);
        if (!now.equals(banned)) {
            banned = now;
            redraw();
        }
    }

    public List<Move> banned() {
        return banned;
    }

    /** The promotion choices offered, empty when none is pending. */
    public List<Character> promotionChoices() {
        return promotion == null ? List.of() : promotion.choices().stream().map(Move::promotion).toList();
    }

    /** Where the {@code index}th promotion choice is drawn, on screen. */
    public Point2D promotionChoiceOnScreen(int index) {
        Point2D p = choiceCenter(index);
        return canvas.localToScreen(p.getX(), p.getY());
    }

    /** The centre of a point on screen (for tests and tooltips). */
    public Point2D centerOnScreen(Square s) {
        Point2D p = currentLayout().center(s);
        return canvas.localToScreen(p.getX(), p.getY());
    }

    /** The size of a cell in pixels now. */
    public double cellSize() {
        return currentLayout().cell;
    }

    // ---- layout ----

    @Override
    protected double computePrefWidth(double height) {
        return 560;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 600;
    }

    @Override
    protected void layoutChildren() {
        if (game == null) {
            return;
        }
        double w = snapSizeX(getWidth() - snappedLeftInset() - snappedRightInset());
        double h = snapSizeY(getHeight() - snappedTopInset() - snappedBottomInset());
        if (w <= 0 || h <= 0) {
            return;
        }
        BoardLayout fitted = BoardLayout.fit(game.geometry(), flipped, w, h);
        boolean changed = layout == null || fitted.cell != layout.cell || fitted.flipped != layout.flipped
                || fitted.geometry != layout.geometry;
        layout = fitted;
        double x = snapPositionX(snappedLeftInset() + (w - fitted.width) / 2);
        double y = snapPositionY(snappedTopInset() + (h - fitted.height) / 2);
        for (Canvas c : List.of(background, canvas)) {
            c.setWidth(fitted.width);
            c.setHeight(fitted.height);
            c.relocate(x, y);
        }
        if (changed) {
            redrawBackground();
            redraw();
        }
    }

    private BoardLayout currentLayout() {
        if (layout == null) {
            layoutChildren();
        }
        if (layout == null) {
            throw new IllegalStateException("the board has no size yet");
        }
        return layout;
    }

    // ---- drawing ----

    private void redrawBackground() {
        if (layout == null || game == null) {
            return;
        }
        GraphicsContext g = background.getGraphicsContext2D();
        g.clearRect(0, 0, background.getWidth(), background.getHeight());
        painter.paintBoard(g, layout, decorations);
    }

    /** Draws the pieces, marks and arrows again (the board under them stays). */
    public void redraw() {
        if (layout == null || game == null) {
            return;
        }
        GraphicsContext g = canvas.getGraphicsContext2D();
        BoardLayout l = layout;
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        if (position == null) {
            return;
        }
        if (lastMove != null) {
            painter.paintLastMove(g, l, lastMove.from(), lastMove.to());
        }
        if (selected != null) {
            painter.paintSelection(g, l, selected);
        }
        if (position.inCheck()) {
            kingOf(position.sideToMove()).ifPresent(k -> painter.paintCheck(g, l, k));
        }
        for (Map.Entry<Square, Piece> e : position.pieces().entrySet()) {
            Square s = e.getKey();
            if (dragging && s.equals(selected)) {
                continue;
            }
            Point2D c = l.center(s);
            painter.paintPiece(g, l, e.getValue(), game.pieceLabel(e.getValue()), c.getX(), c.getY(), 1.0);
        }
        selectedMoves.stream().map(Move::to).distinct().forEach(to -> {
            boolean lost = selectedMoves.stream().filter(m -> m.to().equals(to)).allMatch(banned::contains);
            if (lost) {
                painter.paintBanned(g, l, to);
            } else {
                painter.paintTarget(g, l, to, position.pieceAt(to).isPresent());
            }
        });
        double[] lanes = lanes(arrows);
        for (int i = 0; i < arrows.size(); i++) {
            drawArrow(g, l, arrows.get(i), lanes[i]);
        }
        if (dragging && selected != null) {
            position.pieceAt(selected).ifPresent(p -> painter.paintPiece(g, l, p, game.pieceLabel(p), mouseX, mouseY, 1.08));
        }
        if (promotion != null) {
            drawPromotion(g, l);
        }
    }

    private Optional<Square> kingOf(Side side) {
        return position.pieces().entrySet().stream()
                .filter(e -> e.getValue().side() == side && e.getValue().type() == 'K')
                .map(Map.Entry::getKey).findFirst();
    }

    /**
     * Where each arrow runs across its own path, in squares from the path's centre line: 0 for an
     * arrow alone on its move; arrows on the same move (two engines agreeing) side by side, far
     * enough apart that each one's badge can be read.
     */
    static double[] lanes(List<BoardArrow> arrows) {
        double[] lanes = new double[arrows.size()];
        Map<Move, List<Integer>> byPath = new java.util.LinkedHashMap<>();
        for (int i = 0; i < arrows.size(); i++) {
            Move m = arrows.get(i).move();
            // The path, promotion aside: arrows ignore it.
            byPath.computeIfAbsent(new Move(m.from(), m.to()), k -> new ArrayList<>()).add(i);
        }
        for (List<Integer> same : byPath.values()) {
            if (same.size() < 2) {
                continue;
            }
            boolean labelled = same.stream().anyMatch(i -> !arrows.get(i).label().isEmpty());
            double widest = same.stream().mapToDouble(i -> arrows.get(i).width()).max().orElse(0.18);
            // A badge is 0.4 of a square across; the lanes stay inside the square the arrow ends on.
            double step = Math.min(labelled ? 0.42 : 1.2 * widest, 0.9 / (same.size() - 1));
            for (int k = 0; k < same.size(); k++) {
                lanes[same.get(k)] = (k - (same.size() - 1) / 2.0) * step;
            }
        }
        return lanes;
    }

    private void drawArrow(GraphicsContext g, BoardLayout l, BoardArrow a, double lane) {
        if (a.move().isNull() || !l.geometry.contains(a.move().from()) || !l.geometry.contains(a.move().to())) {
            return;
        }
        double c = l.cell;
        Point2D from = l.center(a.move().from());
        Point2D to = l.center(a.move().to());
        double dx = to.getX() - from.getX();
        double dy = to.getY() - from.getY();
        double len = Math.hypot(dx, dy);
        if (len < 1) {
            return;
        }
        if (lane != 0) {
            // Shift the whole arrow sideways (perpendicular to its path) into its lane.
            double ox = -dy / len * lane * c;
            double oy = dx / len * lane * c;
            from = new Point2D(from.getX() + ox, from.getY() + oy);
            to = new Point2D(to.getX() + ox, to.getY() + oy);
        }
        double w = a.width() * c;
        double head = Math.min(2.4 * w, 0.55 * len);
        double headHalf = 1.25 * w;
        double ux = dx / len;
        double uy = dy / len;
        // Start a little off the centre so the piece stays readable; stop at the target's centre.
        double sx = from.getX() + ux * 0.28 * c;
        double sy = from.getY() + uy * 0.28 * c;
        double bx = to.getX() - ux * head;
        double by = to.getY() - uy * head;
        g.setStroke(a.color());
        g.setLineWidth(w);
        g.setLineCap(StrokeLineCap.ROUND);
        g.strokeLine(sx, sy, bx, by);
        g.setFill(a.color());
        g.fillPolygon(new double[] {to.getX(), bx - uy * headHalf, bx + uy * headHalf},
                new double[] {to.getY(), by + ux * headHalf, by - ux * headHalf}, 3);
        if (!a.label().isEmpty()) {
            double r = 0.2 * c;
            double lx = bx - ux * 0.05 * c;
            double ly = by - uy * 0.05 * c;
            Color c0 = a.color();
            g.setFill(Color.color(c0.getRed() * 0.7, c0.getGreen() * 0.7, c0.getBlue() * 0.7));
            g.fillOval(lx - r, ly - r, 2 * r, 2 * r);
            g.setFill(Color.WHITE);
            g.setFont(Fonts.font(Fonts.SANS, FontWeight.BOLD, (a.label().length() > 2 ? 0.16 : 0.22) * c));
            g.setTextAlign(TextAlignment.CENTER);
            g.setTextBaseline(VPos.CENTER);
            g.fillText(a.label(), lx, ly);
        }
    }

    private void drawPromotion(GraphicsContext g, BoardLayout l) {
        g.setFill(Color.rgb(0, 0, 0, 0.45));
        g.fillRect(0, 0, l.width, l.height);
        Side side = position.sideToMove();
        for (int i = 0; i < promotion.choices().size(); i++) {
            Point2D p = choiceCenter(i);
            double c = l.cell;
            g.setFill(Color.rgb(245, 245, 240, 0.95));
            g.fillOval(p.getX() - 0.48 * c, p.getY() - 0.48 * c, 0.96 * c, 0.96 * c);
            Piece piece = new Piece(side, promotion.choices().get(i).promotion());
            painter.paintPiece(g, l, piece, game.pieceLabel(piece), p.getX(), p.getY(), 0.95);
        }
    }

    /** The choices stand in a column from the target square towards the middle of the board. */
    private Point2D choiceCenter(int index) {
        BoardLayout l = currentLayout();
        Square to = promotion.to();
        int row = l.row(to.rank());
        int dir = row < l.geometry.ranks() / 2 ? 1 : -1;
        double x = l.x(to.file());
        double y = l.y0 + (row + dir * index) * l.cell;
        return new Point2D(x, y);
    }

    // ---- input ----

    private void hover(MouseEvent e) {
        if (!interactive || position == null || layout == null) {
            canvas.setCursor(Cursor.DEFAULT);
            return;
        }
        Optional<Square> s = layout.squareAt(e.getX(), e.getY());
        boolean own = s.flatMap(position::pieceAt).filter(p -> p.side() == position.sideToMove()).isPresent();
        boolean target = s.isPresent() && selectedMoves.stream().anyMatch(m -> m.to().equals(s.get()));
        canvas.setCursor(promotion != null || own || target ? Cursor.HAND : Cursor.DEFAULT);
    }

    private void pressed(MouseEvent e) {
        requestFocus();
        if (!interactive || position == null || layout == null) {
            return;
        }
        if (e.getButton() != MouseButton.PRIMARY) {
            if (promotion != null || selected != null) {
                promotion = null;
                clearSelection();
                redraw();
            }
            return;
        }
        if (promotion != null) {
            choosePromotion(e.getX(), e.getY());
            return;
        }
        Optional<Square> at = layout.squareAt(e.getX(), e.getY());
        pressed = null;
        dragging = false;
        if (at.isEmpty()) {
            clearSelection();
            redraw();
            return;
        }
        Square s = at.get();
        if (selected != null && !s.equals(selected)) {
            List<Move> to = movesTo(s);
            if (!to.isEmpty()) {
                play(s, to);
                return;
            }
        }
        Optional<Piece> piece = position.pieceAt(s);
        if (piece.isPresent() && piece.get().side() == position.sideToMove()) {
            pressedWasSelected = s.equals(selected);
            select(s);
            pressed = s;
            pressX = e.getX();
            pressY = e.getY();
            mouseX = pressX;
            mouseY = pressY;
            redraw();
            return;
        }
        if (selected != null) {
            Square from = selected;
            clearSelection();
            redraw();
            onRefused.accept(from, s);
        }
    }

    private void dragged(MouseEvent e) {
        if (pressed == null || promotion != null) {
            return;
        }
        mouseX = e.getX();
        mouseY = e.getY();
        if (!dragging && Math.hypot(mouseX - pressX, mouseY - pressY) >= DRAG_THRESHOLD) {
            dragging = true;
            canvas.setCursor(Cursor.CLOSED_HAND);
        }
        if (dragging) {
            redraw();
        }
    }

    private void released(MouseEvent e) {
        if (pressed == null) {
            return;
        }
        Square from = pressed;
        pressed = null;
        if (!dragging) {
            // A click on the piece already picked up puts it down again.
            if (pressedWasSelected) {
                clearSelection();
                redraw();
            }
            return;
        }
        dragging = false;
        canvas.setCursor(Cursor.HAND);
        Optional<Square> at = layout.squareAt(e.getX(), e.getY());
        if (at.isEmpty() || at.get().equals(from)) {
            redraw();
            return;
        }
        List<Move> to = movesTo(at.get());
        if (to.isEmpty()) {
            clearSelection();
            redraw();
            onRefused.accept(from, at.get());
            return;
        }
        play(at.get(), to);
    }

    private List<Move> movesTo(Square s) {
        return selectedMoves.stream().filter(m -> m.to().equals(s)).toList();
    }

    private void play(Square to, List<Move> moves) {
        if (moves.size() == 1 || moves.stream().noneMatch(Move::isPromotion)) {
            Move m = moves.get(0);
            clearSelection();
            redraw();
            onMove.accept(m);
            return;
        }
        List<Move> choices = new ArrayList<>(moves.stream().filter(Move::isPromotion).toList());
        choices.sort(Comparator.comparingInt((Move m) -> {
            int i = PROMOTION_ORDER.indexOf(m.promotion());
            return i < 0 ? PROMOTION_ORDER.length() + m.promotion() : i;
        }));
        promotion = new Promotion(to, List.copyOf(choices));
        dragging = false;
        redraw();
    }

    private void choosePromotion(double x, double y) {
        Promotion p = promotion;
        double c = layout.cell;
        for (int i = 0; i < p.choices().size(); i++) {
            Point2D ctr = choiceCenter(i);
            if (Math.abs(x - ctr.getX()) <= c / 2 && Math.abs(y - ctr.getY()) <= c / 2) {
                promotion = null;
                clearSelection();
                redraw();
                onMove.accept(p.choices().get(i));
                return;
            }
        }
        promotion = null;
        redraw();
    }

    private void select(Square s) {
        selected = s;
        selectedMoves = position.legalMovesFrom(s);
    }

    /** Puts down the piece picked up, if any. */
    public void clearSelection() {
        selected = null;
        selectedMoves = List.of();
        pressed = null;
        dragging = false;
        promotion = null;
    }
}

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
import javafx.geometry.Rectangle2D;
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

    /** The order promotion choices are offered in; types not listed come after, alphabetically. */
    private static final String PROMOTION_ORDER = "QRBNK";

    /** The board and, above it, the pieces, marks and arrows; the press and drag on them. */
    private final BoardSurface surface = new BoardSurface(this::layoutChildren);
    /** Pieces and marks, drawn again when they change. */
    private final Canvas canvas = surface.canvas;
    /**
     * Above the pieces: the arrows and their badges, a dragged piece, the promotion choice. Engines
     * change their arrows and badges on every refresh; drawing them again leaves the pieces' canvas
     * (its painted paths and its texture) as it was.
     */
    private final Canvas over = new Canvas();
    /** The evaluation bar left of the board. */
    private final EvalBar evalBar = new EvalBar();
    private GamePlugin game;
    private BoardPainter painter;
    private String pieceSet = "";
    private String theme = "";
    private Position position;
    private Move lastMove;
    private boolean interactive = true;
    private List<BoardArrow> arrows = List.of();
    /** Squares marked as a selection is (a trainer's hint), until the next position. */
    private List<Square> marked = List.of();
    private BoardPainter.Decorations decorations = new BoardPainter.Decorations("", "");

    private Square selected;
    private List<Move> selectedMoves = List.of();
    private List<Move> banned = List.of();
    private boolean pressedWasSelected;
    private Promotion promotion;

    private Consumer<Move> onMove = m -> { };
    private BiConsumer<Square, Square> onRefused = (a, b) -> { };

    /** A promotion waiting for the user's choice. */
    private record Promotion(Square to, List<Move> choices) {
    }

    public BoardView() {
        getStyleClass().add("board-view");
        evalBar.setManaged(false);
        over.setManaged(false);
        over.setMouseTransparent(true);
        getChildren().addAll(surface.background, canvas, over, evalBar);
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
        surface.forget();
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
        this.marked = List.of();
        clearSelection();
        redraw();
    }

    /** Marks {@code squares} as the selection is drawn (a hint: the piece to move), until the position changes. */
    public void setMarked(List<Square> squares) {
        this.marked = List.copyOf(squares);
        redraw();
    }

    /** The squares marked now. */
    public List<Square> marked() {
        return marked;
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
        if (surface.setFlipped(flipped)) {
            requestLayout();
        }
    }

    public boolean isFlipped() {
        return surface.flipped();
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
        redrawOver();
    }

    public List<BoardArrow> arrows() {
        return arrows;
    }

    /**
     * Shows an evaluation in the bar beside the board: White's (Red's) share 0..1 and a short label
     * printed at the end of the side ahead.
     */
    public void setEvaluation(double whiteShare, String label, boolean whiteAhead) {
        evalBar.show(whiteShare, label, whiteAhead);
    }

    /** Shows the bar neutral: no evaluation known for the position shown. */
    public void clearEvaluation() {
        evalBar.clear();
    }

    /** White's (Red's) share the bar shows, empty while it is neutral. */
    public java.util.OptionalDouble evaluationShare() {
        return evalBar.whiteShare();
    }

    EvalBar evalBar() {
        return evalBar;
    }

    /** The bar's label now. */
    public String evaluationLabel() {
        return evalBar.label();
    }

    /** The height of White's (Red's) fill in pixels, as drawn. */
    public double evaluationFillHeight() {
        return evalBar.whiteFillHeight();
    }

    /** The bar's bounds on screen. */
    public javafx.geometry.Bounds evaluationBarOnScreen() {
        return evalBar.localToScreen(evalBar.getBoundsInLocal());
    }

    /** The board's bounds on screen (without the bar). */
    public javafx.geometry.Bounds boardOnScreen() {
        return canvas.localToScreen(canvas.getBoundsInLocal());
    }

    /** Whether the evaluation bar is shown beside the board. */
    public void setEvaluationBarVisible(boolean visible) {
        if (evalBar.isVisible() != visible) {
            evalBar.setVisible(visible);
            surface.forget();
            requestLayout();
        }
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
        return surface.centerOnScreen(s);
    }

    /** The size of a cell in pixels now. */
    public double cellSize() {
        return surface.current().cell;
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
        // The bar's width follows the board's cell; fit once to learn the cell, then with the bar's room.
        double bar = 0;
        double gap = 0;
        boolean flipped = surface.flipped();
        if (evalBar.isVisible()) {
            BoardLayout rough = BoardLayout.fit(game.geometry(), flipped, Math.max(1, w - 30), h);
            bar = evalBarWidth(rough.cell);
            gap = Math.max(3, Math.round(0.08 * rough.cell));
        }
        BoardLayout fitted = BoardLayout.fit(game.geometry(), flipped, Math.max(1, w - bar - gap), h);
        double x = snapPositionX(snappedLeftInset() + (w - fitted.width + bar + gap) / 2);
        double y = snapPositionY(snappedTopInset() + (h - fitted.height) / 2);
        boolean changed = surface.place(fitted, x, y);
        over.setWidth(fitted.width);
        over.setHeight(fitted.height);
        over.relocate(x, y);
        if (evalBar.isVisible()) {
            evalBar.setFlipped(flipped);
            evalBar.setSize(bar, fitted.height);
            evalBar.relocate(x - gap - bar, y);
        }
        if (changed) {
            redrawBackground();
            redraw();
        }
    }

    /** The bar is a little under half a cell wide: room for "12.1" in a readable size, narrow beside the board. */
    static double evalBarWidth(double cell) {
        return Math.round(Math.max(16, Math.min(34, 0.42 * cell)));
    }

    // ---- drawing ----

    private void redrawBackground() {
        if (surface.layout() == null || game == null) {
            return;
        }
        surface.paintBoard(painter, decorations);
    }

    /** Draws the pieces, marks and arrows again (the board under them stays). */
    public void redraw() {
        BoardLayout l = surface.layout();
        if (l == null || game == null) {
            return;
        }
        GraphicsContext g = canvas.getGraphicsContext2D();
        boolean dragging = surface.dragging();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        if (position == null) {
            over.getGraphicsContext2D().clearRect(0, 0, over.getWidth(), over.getHeight());
            return;
        }
        if (lastMove != null) {
            painter.paintLastMove(g, l, lastMove.from(), lastMove.to());
        }
        for (Square m : marked) {
            painter.paintSelection(g, l, m);
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
        redrawOver();
    }

    /** Draws what lies above the pieces again: the arrows and badges, a dragged piece, the promotion choice. */
    private void redrawOver() {
        BoardLayout l = surface.layout();
        if (l == null || game == null) {
            return;
        }
        GraphicsContext g = over.getGraphicsContext2D();
        g.clearRect(0, 0, over.getWidth(), over.getHeight());
        if (position == null) {
            return;
        }
        boolean dragging = surface.dragging();
        double[] lanes = lanes(arrows);
        List<Badge> badges = new ArrayList<>();
        for (int i = 0; i < arrows.size(); i++) {
            Badge b = drawArrow(g, l, arrows.get(i), lanes[i]);
            if (b != null) {
                badges.add(b);
            }
        }
        drawBadges(g, l, badges);
        if (dragging && selected != null) {
            position.pieceAt(selected).ifPresent(p -> painter.paintPiece(g, l, p, game.pieceLabel(p), surface.mouseX(),
                    surface.mouseY(), 1.08));
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

    /** Draws an arrow; returns its badge to draw once every arrow is drawn, or null. */
    private Badge drawArrow(GraphicsContext g, BoardLayout l, BoardArrow a, double lane) {
        if (a.move().isNull() || !l.geometry.contains(a.move().from()) || !l.geometry.contains(a.move().to())) {
            return null;
        }
        double c = l.cell;
        Point2D from = l.center(a.move().from());
        Point2D to = l.center(a.move().to());
        double dx = to.getX() - from.getX();
        double dy = to.getY() - from.getY();
        double len = Math.hypot(dx, dy);
        if (len < 1) {
            return null;
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
            // The badge goes beside the shaft where the head begins: the arrow stays visible, both
            // pieces' centres clear; an arrow in a lane left of its path puts it on the left.
            Color c0 = a.color();
            double side = lane < 0 ? -1 : 1;
            return new Badge(a.label(), Color.color(c0.getRed() * 0.62, c0.getGreen() * 0.62, c0.getBlue() * 0.62), bx, by,
                    -uy * side, ux * side, w / 2);
        }
        return null;
    }

    /**
     * A score badge wanted beside an arrow's shaft at ({@code x}, {@code y}), on the side the unit
     * vector ({@code nx}, {@code ny}) points to, clear of a shaft {@code shaftHalf} wide either side of
     * its line; drawn after every arrow so that no arrow covers one.
     */
    private record Badge(String label, Color color, double x, double y, double nx, double ny, double shaftHalf) {

        /** Where the badge of {@code w} x {@code h} is wanted: its nearest edge just clear of the shaft. */
        Rectangle2D wanted(double w, double h) {
            double d = Math.abs(nx) * w / 2 + Math.abs(ny) * h / 2 + shaftHalf + 1;
            double cx = x + nx * d;
            double cy = y + ny * d;
            return new Rectangle2D(cx - w / 2, cy - h / 2, w, h);
        }
    }

    /** Where the badges were drawn last, in the board's canvas coordinates (tests check they never overlap). */
    private List<Rectangle2D> badgeBounds = List.of();

    /** The badges' bounds as last drawn, in this view's coordinates, in arrow order. */
    public List<Rectangle2D> badgeBounds() {
        double dx = canvas.getLayoutX();
        double dy = canvas.getLayoutY();
        return badgeBounds.stream().map(r -> new Rectangle2D(r.getMinX() + dx, r.getMinY() + dy, r.getWidth(), r.getHeight())).toList();
    }

    /** The badges' text size: a quarter of a square, never below a readable 12 px nor above 20 px. */
    static double badgeFontSize(double cell) {
        return Math.max(12, Math.min(20, 0.25 * cell));
    }

    private void drawBadges(GraphicsContext g, BoardLayout l, List<Badge> badges) {
        if (badges.isEmpty()) {
            badgeBounds = List.of();
            return;
        }
        double size = badgeFontSize(l.cell);
        javafx.scene.text.Font font = Fonts.font(Fonts.SANS, FontWeight.BOLD, size);
        javafx.scene.text.Text measure = new javafx.scene.text.Text();
        measure.setFont(font);
        List<Rectangle2D> wanted = new ArrayList<>();
        for (Badge b : badges) {
            measure.setText(b.label());
            double w = Math.ceil(measure.getLayoutBounds().getWidth() + 0.7 * size);
            double h = Math.ceil(1.4 * size);
            wanted.add(b.wanted(w, h));
        }
        // The middle of each piece, where its shape is read; its edges may take a badge.
        double half = 0.26 * l.cell;
        List<Rectangle2D> pieces = position.pieces().keySet().stream().map(l::center)
                .map(c -> new Rectangle2D(c.getX() - half, c.getY() - half, 2 * half, 2 * half)).toList();
        List<Rectangle2D> placed = placeBadges(wanted, l.width, l.height, Math.max(2, 0.1 * size), pieces);
        g.setFont(font);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        for (int i = 0; i < badges.size(); i++) {
            Rectangle2D r = placed.get(i);
            double arc = r.getHeight();
            g.setFill(badges.get(i).color());
            g.fillRoundRect(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight(), arc, arc);
            g.setStroke(Color.rgb(255, 255, 255, 0.85));
            g.setLineWidth(Math.max(1, 0.08 * size));
            g.strokeRoundRect(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight(), arc, arc);
            g.setFill(Color.WHITE);
            g.fillText(badges.get(i).label(), r.getMinX() + r.getWidth() / 2, r.getMinY() + r.getHeight() / 2);
        }
        badgeBounds = List.copyOf(placed);
    }

    /**
     * Places badges where they are wanted, in order, moving each one that would touch one placed
     * before it (with {@code gap} between) up or down by its height until it touches none, and
     * keeping every badge inside the board ({@code width} x {@code height}). A place that overlaps
     * none of {@code clear} (the middles of the pieces) is taken before one that does.
     */
    static List<Rectangle2D> placeBadges(List<Rectangle2D> wanted, double width, double height, double gap,
                                         List<Rectangle2D> clear) {
        List<Rectangle2D> placed = new ArrayList<>();
        for (Rectangle2D w : wanted) {
            Rectangle2D chosen = null;
            double step = w.getHeight() + gap;
            int tries = 2 * (wanted.size() + 1);
            // Tries 0, +1, -1, +2, -2, ... steps: the nearest free place to where the badge is wanted;
            // first among places clear of the pieces' middles, then among any.
            for (int pass = 0; pass < 2 && chosen == null; pass++) {
                for (int k = 0; k <= tries && chosen == null; k++) {
                    int n = (k + 1) / 2 * (k % 2 == 1 ? 1 : -1);
                    Rectangle2D r = inside(new Rectangle2D(w.getMinX(), w.getMinY() + n * step, w.getWidth(), w.getHeight()), width, height);
                    boolean free = placed.stream().noneMatch(p -> touches(p, r, gap));
                    if (free && (pass == 1 || clear.stream().noneMatch(r::intersects))) {
                        chosen = r;
                    }
                }
            }
            if (chosen == null) {
                // Every nearby place is taken (many badges in a corner): below the lowest one placed.
                double below = placed.stream().mapToDouble(Rectangle2D::getMaxY).max().orElse(0) + gap;
                chosen = new Rectangle2D(w.getMinX(), below, w.getWidth(), w.getHeight());
            }
            placed.add(chosen);
        }
        return placed;
    }

    private static Rectangle2D inside(Rectangle2D r, double width, double height) {
        double x = Math.max(0, Math.min(width - r.getWidth(), r.getMinX()));
        double y = Math.max(0, Math.min(height - r.getHeight(), r.getMinY()));
        return new Rectangle2D(x, y, r.getWidth(), r.getHeight());
    }

    private static boolean touches(Rectangle2D a, Rectangle2D b, double gap) {
        return a.getMinX() < b.getMaxX() + gap && b.getMinX() < a.getMaxX() + gap
                && a.getMinY() < b.getMaxY() + gap && b.getMinY() < a.getMaxY() + gap;
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
        BoardLayout l = surface.current();
        Square to = promotion.to();
        int row = l.row(to.rank());
        int dir = row < l.geometry.ranks() / 2 ? 1 : -1;
        double x = l.x(to.file());
        double y = l.y0 + (row + dir * index) * l.cell;
        return new Point2D(x, y);
    }

    // ---- input ----

    private void hover(MouseEvent e) {
        BoardLayout layout = surface.layout();
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
        BoardLayout layout = surface.layout();
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
        surface.release();
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
            surface.press(s, e.getX(), e.getY());
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
        if (surface.pressed() == null || promotion != null) {
            return;
        }
        if (surface.follow(e.getX(), e.getY())) {
            redraw();
        }
    }

    private void released(MouseEvent e) {
        Square from = surface.pressed();
        if (from == null) {
            return;
        }
        boolean dragged = surface.dragging();
        surface.release();
        if (!dragged) {
            // A click on the piece already picked up puts it down again.
            if (pressedWasSelected) {
                clearSelection();
                redraw();
            }
            return;
        }
        canvas.setCursor(Cursor.HAND);
        Optional<Square> at = surface.layout().squareAt(e.getX(), e.getY());
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
        surface.release();
        redraw();
    }

    private void choosePromotion(double x, double y) {
        Promotion p = promotion;
        double c = surface.layout().cell;
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
        surface.release();
        promotion = null;
    }
}

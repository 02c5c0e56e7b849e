package org.kibitz.workbench.board;

import java.util.List;
import java.util.Random;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.paint.CycleMethod;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.RadialGradient;
import javafx.scene.paint.Stop;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;

/**
 * A board whose pieces stand on intersections, drawn as a xiangqi board is printed: a wooden board,
 * the grid broken by the river, the palaces' diagonals, the corner marks of the cannon and soldier
 * points, and pieces as wooden discs with a rim and their character in red or black.
 */
final class IntersectionPainter implements BoardPainter {

    static final Color LINE = Color.web("#4a2f17");
    static final Color RED = Color.web("#c0161d");
    static final Color BLACK = Color.web("#1c1c1c");
    private static final Color LAST_MOVE = Color.web("#1f5fbf");
    private static final Color SELECTION = Color.web("#1e8a3c");
    private static final Color HINT = Color.rgb(30, 110, 45, 0.62);

    /**
     * A colour theme: the board's surface (a gradient, with or without a wood grain) and its ink.
     *
     * @param id the theme's id, as kept in the settings
     */
    record Theme(String id, Color surfaceTop, Color surfaceMiddle, Color surfaceBottom, boolean grain, Color ink, Color river) {
    }

    /** The themes offered; the first is the default: a wooden board, and a printed paper one. */
    static final List<Theme> THEMES = List.of(
            new Theme("wood", Color.web("#efd29a"), Color.web("#e6c283"), Color.web("#d9ad68"), true, LINE,
                    Color.web("#5a3818", 0.85)),
            new Theme("paper", Color.web("#fbf8ef"), Color.web("#f5efdf"), Color.web("#ece3cc"), false, Color.web("#33302a"),
                    Color.web("#33302a", 0.7)));

    /** The piece sets offered; the first is the default: wooden discs, and discs inked solid with a light character. */
    static final List<String> SETS = List.of("wood", "solid");

    static Theme theme(String id) {
        return THEMES.stream().filter(t -> t.id().equals(id)).findFirst().orElse(THEMES.get(0));
    }

    private final Theme theme;
    private final String pieceSet;

    IntersectionPainter(String pieceSet, String theme) {
        this.pieceSet = pieceSet;
        this.theme = theme(theme);
    }

    IntersectionPainter() {
        this(SETS.get(0), THEMES.get(0).id());
    }

    @Override
    public void paintBoard(GraphicsContext g, BoardLayout l, Decorations d) {
        BoardGeometry geo = l.geometry;
        double c = l.cell;
        wood(g, l);

        double left = l.x0;
        double top = l.y0;
        double right = l.x0 + (geo.files() - 1) * c;
        double bottom = l.y0 + (geo.ranks() - 1) * c;
        double thin = Math.max(1, Math.round(0.032 * c));
        g.setLineCap(StrokeLineCap.SQUARE);
        g.setStroke(theme.ink());

        // The outer frame, clear of the pieces on the edge points.
        double f = BoardLayout.INTERSECTION_FRAME * c;
        g.setLineWidth(Math.max(2, 0.07 * c));
        g.strokeRect(left - f, top - f, right - left + 2 * f, bottom - top + 2 * f);

        // The grid: every rank across; files across the river only at the edges.
        g.setLineWidth(thin);
        for (int r = 0; r < geo.ranks(); r++) {
            double y = crisp(l.y(r), thin);
            g.strokeLine(left, y, right, y);
        }
        int riverTop = riverTopRow(l);
        for (int col = 0; col < geo.files(); col++) {
            double x = crisp(l.x0 + col * c, thin);
            boolean edge = col == 0 || col == geo.files() - 1;
            if (riverTop < 0 || edge) {
                g.strokeLine(x, top, x, bottom);
            } else {
                g.strokeLine(x, top, x, l.y0 + riverTop * c);
                g.strokeLine(x, l.y0 + (riverTop + 1) * c, x, bottom);
            }
        }
        g.setLineWidth(Math.max(thin, 0.045 * c));
        g.strokeRect(left, top, right - left, bottom - top);

        g.setLineWidth(thin);
        for (BoardGeometry.Zone z : geo.palaces()) {
            double x1 = l.x(z.from().file());
            double y1 = l.y(z.from().rank());
            double x2 = l.x(z.to().file());
            double y2 = l.y(z.to().rank());
            g.strokeLine(x1, y1, x2, y2);
            g.strokeLine(x1, y2, x2, y1);
        }
        for (Square s : geo.markedPoints()) {
            pointMarks(g, l, s, thin);
        }
        if (riverTop >= 0) {
            river(g, l, d, riverTop, theme.river());
        }
        coordinates(g, l, theme.ink());
    }

    /** The display row just above the river (the river lies between it and the next), or -1. */
    private static int riverTopRow(BoardLayout l) {
        if (l.geometry.riverAfterRank().isEmpty()) {
            return -1;
        }
        int r = l.geometry.riverAfterRank().getAsInt();
        return Math.min(l.row(r), l.row(r + 1));
    }

    private static double crisp(double v, double lineWidth) {
        // Odd line widths are sharp on half pixels, even ones on whole pixels.
        return ((int) lineWidth) % 2 == 1 ? Math.floor(v) + 0.5 : Math.round(v);
    }

    private void wood(GraphicsContext g, BoardLayout l) {
        g.setFill(new LinearGradient(0, 0, 1, 1, true, CycleMethod.NO_CYCLE,
                new Stop(0, theme.surfaceTop()), new Stop(0.5, theme.surfaceMiddle()), new Stop(1, theme.surfaceBottom())));
        g.fillRect(0, 0, l.width, l.height);
        if (!theme.grain()) {
            return;
        }
        // A faint grain, the same on every draw (a fixed seed) so the board does not shimmer.
        Random rnd = new Random(7);
        g.setLineCap(StrokeLineCap.ROUND);
        for (int i = 0; i < 70; i++) {
            double y = rnd.nextDouble() * l.height;
            double amp = (0.2 + rnd.nextDouble() * 0.6) * l.cell;
            double phase = rnd.nextDouble() * Math.PI * 2;
            g.setStroke(Color.rgb(120, 72, 25, 0.035 + rnd.nextDouble() * 0.05));
            g.setLineWidth(0.5 + rnd.nextDouble() * 1.8);
            g.beginPath();
            g.moveTo(0, y);
            int steps = 24;
            for (int k = 1; k <= steps; k++) {
                double x = l.width * k / steps;
                g.lineTo(x, y + amp * Math.sin(phase + 2.2 * Math.PI * k / steps) * 0.35);
            }
            g.stroke();
        }
    }

    private static void pointMarks(GraphicsContext g, BoardLayout l, Square s, double width) {
        double c = l.cell;
        double x = l.x(s.file());
        double y = l.y(s.rank());
        double gap = 0.08 * c;
        double len = 0.2 * c;
        int col = l.column(s.file());
        g.setLineWidth(width);
        for (int sx : new int[] {-1, 1}) {
            if ((sx < 0 && col == 0) || (sx > 0 && col == l.geometry.files() - 1)) {
                continue;
            }
            for (int sy : new int[] {-1, 1}) {
                double px = x + sx * gap;
                double py = y + sy * gap;
                g.strokeLine(px, py, px + sx * len, py);
                g.strokeLine(px, py, px, py + sy * len);
            }
        }
    }

    private static void river(GraphicsContext g, BoardLayout l, Decorations d, int topRow, Color ink) {
        double c = l.cell;
        double y = l.y0 + (topRow + 0.5) * c;
        g.setFont(Fonts.font(Fonts.CJK_SERIF, FontWeight.BOLD, 0.62 * c));
        g.setFill(ink);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        spaced(g, d.riverLeft(), l.x0 + 1.3 * c, 1.45 * c, y);
        spaced(g, d.riverRight(), l.x0 + (l.geometry.files() - 1 - 1.3) * c - 1.45 * c * (d.riverRight().codePointCount(0, d.riverRight().length()) - 1), 1.45 * c, y);
    }

    /** Draws each character of {@code text} {@code step} apart from {@code x}: printed boards space them widely. */
    private static void spaced(GraphicsContext g, String text, double x, double step, double y) {
        int[] cps = text.codePoints().toArray();
        for (int i = 0; i < cps.length; i++) {
            g.fillText(new String(cps, i, 1), x + i * step, y);
        }
    }

    private static void coordinates(GraphicsContext g, BoardLayout l, Color ink) {
        BoardGeometry geo = l.geometry;
        double c = l.cell;
        List<String> bottom = l.flipped ? geo.blackFileLabels() : geo.whiteFileLabels();
        List<String> top = l.flipped ? geo.whiteFileLabels() : geo.blackFileLabels();
        // Between the frame and the edge of the wood.
        double off = (BoardLayout.INTERSECTION_FRAME + BoardLayout.INTERSECTION_PAD + BoardLayout.INTERSECTION_LABELS) / 2 * c;
        double yBottom = l.y0 + (geo.ranks() - 1) * c + off;
        double yTop = l.y0 - off;
        g.setFill(ink);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(Fonts.font(Fonts.CJK_SANS, FontWeight.NORMAL, 0.34 * c));
        for (int f = 0; f < geo.files(); f++) {
            g.fillText(bottom.get(f), l.x(f), yBottom);
            if (!top.equals(bottom)) {
                g.fillText(top.get(f), l.x(f), yTop);
            }
        }
    }

    @Override
    public void paintLastMove(GraphicsContext g, BoardLayout l, Square from, Square to) {
        brackets(g, l, from, LAST_MOVE, 0.47);
        brackets(g, l, to, LAST_MOVE, 0.47);
    }

    @Override
    public void paintSelection(GraphicsContext g, BoardLayout l, Square s) {
        double c = l.cell;
        double x = l.x(s.file());
        double y = l.y(s.rank());
        g.setStroke(SELECTION);
        g.setLineWidth(Math.max(2, 0.06 * c));
        g.strokeOval(x - 0.5 * c, y - 0.5 * c, c, c);
    }

    /** Four corner brackets around a point, as xiangqi programs mark a move. */
    private static void brackets(GraphicsContext g, BoardLayout l, Square s, Color color, double half) {
        double c = l.cell;
        double x = l.x(s.file());
        double y = l.y(s.rank());
        double h = half * c;
        double len = 0.17 * c;
        g.setStroke(color);
        g.setLineWidth(Math.max(2, 0.055 * c));
        g.setLineCap(StrokeLineCap.SQUARE);
        for (int sx : new int[] {-1, 1}) {
            for (int sy : new int[] {-1, 1}) {
                double px = x + sx * h;
                double py = y + sy * h;
                g.strokeLine(px, py, px - sx * len, py);
                g.strokeLine(px, py, px, py - sy * len);
            }
        }
    }

    @Override
    public void paintPiece(GraphicsContext g, BoardLayout l, Piece piece, String label, double cx, double cy, double scale) {
        double c = l.cell;
        double r = 0.445 * c * scale;
        // Shadow, body, rim, inner ring, character.
        g.setFill(Color.rgb(50, 25, 0, 0.32));
        g.fillOval(cx - r + 0.035 * c, cy - r + 0.06 * c, 2 * r, 2 * r);
        Color ink = piece.side() == Side.WHITE ? RED : BLACK;
        if ("solid".equals(pieceSet)) {
            solidPiece(g, c, scale, ink, label, cx, cy, r);
            return;
        }
        g.setFill(new RadialGradient(0, 0, cx - 0.35 * r, cy - 0.4 * r, 1.45 * r, false, CycleMethod.NO_CYCLE,
                new Stop(0, Color.web("#fff8e6")), new Stop(0.55, Color.web("#f3dcaa")), new Stop(1, Color.web("#d2a45e"))));
        g.fillOval(cx - r, cy - r, 2 * r, 2 * r);
        g.setStroke(Color.web("#6e4520"));
        g.setLineWidth(Math.max(1, 0.045 * c * scale));
        g.strokeOval(cx - r, cy - r, 2 * r, 2 * r);
        ringAndCharacter(g, c, scale, ink, 1, label, cx, cy, r);
    }

    /** The inner ring and the character, in {@code ink}; the ring {@code ringAlpha} opaque. */
    private static void ringAndCharacter(GraphicsContext g, double c, double scale, Color ink, double ringAlpha, String label,
                                         double cx, double cy, double r) {
        double ring = 0.8 * r;
        g.setStroke(ink.deriveColor(0, 1, 1, ringAlpha));
        g.setLineWidth(Math.max(1, 0.028 * c * scale));
        g.strokeOval(cx - ring, cy - ring, 2 * ring, 2 * ring);
        g.setFill(ink);
        g.setFont(Fonts.font(Fonts.CJK_SERIF, FontWeight.BOLD, 0.6 * c * scale));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(label, cx, cy + 0.01 * c * scale);
    }

    /** A disc inked in the side's colour with a bevelled rim, the character cut in ivory: the modern printed look. */
    private static void solidPiece(GraphicsContext g, double c, double scale, Color ink, String label, double cx, double cy, double r) {
        g.setFill(new RadialGradient(0, 0, cx - 0.3 * r, cy - 0.35 * r, 1.5 * r, false, CycleMethod.NO_CYCLE,
                new Stop(0, ink.deriveColor(0, 0.85, 1.45, 1)), new Stop(0.6, ink), new Stop(1, ink.deriveColor(0, 1, 0.6, 1))));
        g.fillOval(cx - r, cy - r, 2 * r, 2 * r);
        g.setStroke(ink.deriveColor(0, 1, 0.45, 1));
        g.setLineWidth(Math.max(1, 0.04 * c * scale));
        g.strokeOval(cx - r, cy - r, 2 * r, 2 * r);
        ringAndCharacter(g, c, scale, Color.web("#fbf3e0"), 0.8, label, cx, cy, r);
    }

    @Override
    public void paintTarget(GraphicsContext g, BoardLayout l, Square s, boolean capture) {
        double c = l.cell;
        double x = l.x(s.file());
        double y = l.y(s.rank());
        if (capture) {
            g.setStroke(HINT);
            g.setLineWidth(Math.max(2, 0.07 * c));
            g.strokeOval(x - 0.49 * c, y - 0.49 * c, 0.98 * c, 0.98 * c);
        } else {
            g.setFill(HINT);
            double r = 0.13 * c;
            g.fillOval(x - r, y - r, 2 * r, 2 * r);
        }
    }
}

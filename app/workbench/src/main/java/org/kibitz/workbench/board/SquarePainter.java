package org.kibitz.workbench.board;

import java.util.List;
import java.util.function.Function;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.effect.DropShadow;
import javafx.scene.paint.Color;
import javafx.scene.paint.CycleMethod;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.Stop;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;

/**
 * A board whose pieces stand on squares, drawn as a chess board: checkered squares in a wooden
 * frame with the coordinates on it, and pieces as the game's figurines drawn large, the white
 * ones filled white inside their outline and the black ones solid with a light edge, so both read
 * on either square.
 */
final class SquarePainter implements BoardPainter {

    static final Color LIGHT = Color.web("#f0d9b5");
    static final Color DARK = Color.web("#b58863");

    /**
     * A colour theme: the squares, the frame around them (a gradient) and the coordinates on it.
     *
     * @param id the theme's id, as kept in the settings
     */
    record Theme(String id, Color light, Color dark, Color frameTop, Color frameBottom, Color frameLine, Color coordinates) {
    }

    /** The themes offered; the first is the default. Brown is lichess's wood, blue its blue-grey. */
    static final List<Theme> THEMES = List.of(
            new Theme("brown", LIGHT, DARK, Color.web("#6d5038"), Color.web("#4e3726"), Color.web("#2e2016"), Color.web("#ecd9b8")),
            new Theme("blue", Color.web("#dee3e6"), Color.web("#8ca2ad"), Color.web("#4b5d68"), Color.web("#34424b"),
                    Color.web("#222b31"), Color.web("#e4eaee")));

    static Theme theme(String id) {
        return THEMES.stream().filter(t -> t.id().equals(id)).findFirst().orElse(THEMES.get(0));
    }
    private static final Color LAST_MOVE = Color.rgb(155, 199, 0, 0.42);
    private static final Color SELECTION = Color.rgb(20, 85, 30, 0.5);
    private static final Color HINT = Color.rgb(20, 85, 30, 0.5);
    /** The chess figurines whose sizes {@link #GLYPH_SCALE} evens out. */
    private static final String BLACK_GLYPHS = "♚♛♜♝♞♟";
    private static final double[] GLYPH_SCALE = {1.0, 1.0, 0.98, 1.12, 1.04, 0.95};

    @Override
    public void paintBoard(GraphicsContext g, BoardLayout l, Decorations d) {
        BoardGeometry geo = l.geometry;
        double c = l.cell;
        g.setFill(new LinearGradient(0, 0, 1, 1, true, CycleMethod.NO_CYCLE,
                new Stop(0, theme.frameTop()), new Stop(1, theme.frameBottom())));
        g.fillRect(0, 0, l.width, l.height);
        double left = l.x0 - 0.5 * c;
        double top = l.y0 - 0.5 * c;
        for (int f = 0; f < geo.files(); f++) {
            for (int r = 0; r < geo.ranks(); r++) {
                g.setFill((f + r) % 2 == 0 ? theme.dark() : theme.light());
                g.fillRect(left + l.column(f) * c, top + l.row(r) * c, c, c);
            }
        }
        g.setStroke(theme.frameLine());
        g.setLineWidth(Math.max(1, 0.03 * c));
        g.strokeRect(left, top, geo.files() * c, geo.ranks() * c);
        coordinates(g, l);
    }

    private void coordinates(GraphicsContext g, BoardLayout l) {
        BoardGeometry geo = l.geometry;
        double c = l.cell;
        double band = BoardLayout.SQUARE_MARGIN * c;
        g.setFill(theme.coordinates());
        g.setFont(Fonts.font(Fonts.SANS, FontWeight.BOLD, 0.25 * c));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        List<String> files = l.flipped ? geo.blackFileLabels() : geo.whiteFileLabels();
        double yBottom = l.height - band / 2;
        for (int f = 0; f < geo.files(); f++) {
            g.fillText(files.get(f), l.x(f), yBottom);
        }
        if (!geo.rankLabels().isEmpty()) {
            for (int r = 0; r < geo.ranks(); r++) {
                g.fillText(geo.rankLabels().get(r), band / 2, l.y(r));
            }
        }
    }

    @Override
    public void paintLastMove(GraphicsContext g, BoardLayout l, Square from, Square to) {
        fillSquare(g, l, from, LAST_MOVE);
        fillSquare(g, l, to, LAST_MOVE);
    }

    @Override
    public void paintSelection(GraphicsContext g, BoardLayout l, Square s) {
        fillSquare(g, l, s, SELECTION);
    }

    private static void fillSquare(GraphicsContext g, BoardLayout l, Square s, Color color) {
        double c = l.cell;
        g.setFill(color);
        g.fillRect(l.x(s.file()) - 0.5 * c, l.y(s.rank()) - 0.5 * c, c, c);
    }

    private final Function<Piece, String> labels;
    private final String pieceSet;
    private final Theme theme;

    /**
     * @param labels   the game's piece labels: a figurine per side (a solid one for Black, an outlined one for White),
     *                 drawn for the pieces the set has no drawing of
     * @param pieceSet one of {@link ChessPieces#SETS}
     * @param theme    one of {@link #THEMES}' ids
     */
    SquarePainter(Function<Piece, String> labels, String pieceSet, String theme) {
        this.labels = labels;
        this.pieceSet = pieceSet;
        this.theme = theme(theme);
    }

    SquarePainter(Function<Piece, String> labels) {
        this(labels, ChessPieces.SETS.get(0), THEMES.get(0).id());
    }

    @Override
    public void paintPiece(GraphicsContext g, BoardLayout l, Piece piece, String label, double cx, double cy, double scale) {
        double c = l.cell;
        if (ChessPieces.has(pieceSet, piece.type())) {
            ChessPieces.paint(g, pieceSet, piece, cx, cy, 0.94 * c * scale);
            return;
        }
        // The game's own figurines: the Black one is the solid silhouette, the White one the outline.
        String solid = labels.apply(new Piece(Side.BLACK, piece.type()));
        String outline = labels.apply(new Piece(Side.WHITE, piece.type()));
        int i = BLACK_GLYPHS.indexOf(solid);
        // Figurine fonts draw the bishop and knight smaller than the rest: even them out.
        double size = 1.04 * c * scale * (i < 0 ? 1 : GLYPH_SCALE[i]);
        g.setFont(Fonts.font(Fonts.FIGURINES, FontWeight.NORMAL, size));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        double y = cy - 0.025 * c * scale;
        if (solid.equals(outline)) {
            // Labels that do not tell the sides apart (letters, say): the piece's own label in its side's colour.
            g.setFill(piece.side() == Side.WHITE ? Color.WHITE : Color.BLACK);
            g.setStroke(piece.side() == Side.WHITE ? Color.BLACK : Color.WHITE);
            g.setLineWidth(Math.max(1, 0.03 * c));
            g.strokeText(label, cx, y);
            g.fillText(label, cx, y);
            return;
        }
        g.save();
        g.setEffect(new DropShadow(0.06 * c, 0, 0.03 * c, Color.rgb(0, 0, 0, 0.45)));
        if (piece.side() == Side.WHITE) {
            // The solid glyph gives the silhouette to fill white; the outline glyph draws edge and detail on it.
            g.setFill(Color.web("#fbfbf8"));
            g.fillText(solid, cx, y);
            g.setEffect(null);
            g.setFill(Color.web("#141414"));
            g.fillText(outline, cx, y);
        } else {
            // A thin light halo keeps the silhouette readable on dark squares; the glyph's own carving shows the detail.
            g.setStroke(Color.rgb(255, 255, 255, 0.55));
            g.setLineWidth(Math.max(1, 0.035 * c * scale));
            g.strokeText(solid, cx, y);
            g.setEffect(null);
            g.setFill(Color.web("#161616"));
            g.fillText(solid, cx, y);
        }
        g.restore();
    }

    @Override
    public void paintTarget(GraphicsContext g, BoardLayout l, Square s, boolean capture) {
        double c = l.cell;
        double x = l.x(s.file());
        double y = l.y(s.rank());
        if (capture) {
            g.setStroke(HINT);
            g.setLineWidth(0.08 * c);
            g.strokeOval(x - 0.46 * c, y - 0.46 * c, 0.92 * c, 0.92 * c);
        } else {
            g.setFill(HINT);
            double r = 0.16 * c;
            g.fillOval(x - r, y - r, 2 * r, 2 * r);
        }
    }
}

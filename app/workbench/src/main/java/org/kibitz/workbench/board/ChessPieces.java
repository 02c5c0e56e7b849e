package org.kibitz.workbench.board;

import java.util.List;
import java.util.Map;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.effect.DropShadow;
import javafx.scene.paint.Color;
import javafx.scene.shape.FillRule;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.shape.StrokeLineJoin;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Side;

/**
 * Chess piece sets drawn as vector paths of our own (no font, no image), so they are crisp at any
 * size and look the same on every system. Each piece is drawn in a 100 x 100 box, base at the
 * bottom, as layers: bodies filled with the side's colour and outlined, details stroked or dotted
 * in a colour that reads on the body (dark on white pieces, light on black ones).
 */
final class ChessPieces {

    /** The sets offered, by id; the first is the default. */
    static final List<String> SETS = List.of("staunton", "geometric");

    /** How a layer is drawn. */
    private enum Kind {
        /** Filled with the body colour, outlined. */
        BODY,
        /** Stroked in the detail colour (a band, a slit), not filled. */
        LINE,
        /** Filled with the detail colour (an eye). */
        DOT
    }

    private record Layer(Kind kind, String path) {
    }

    private static Layer body(String path) {
        return new Layer(Kind.BODY, path);
    }

    private static Layer line(String path) {
        return new Layer(Kind.LINE, path);
    }

    private static Layer dot(String path) {
        return new Layer(Kind.DOT, path);
    }

    private static String circle(double cx, double cy, double r) {
        return "M" + (cx - r) + "," + cy + " A" + r + "," + r + " 0 1 0 " + (cx + r) + "," + cy
                + " A" + r + "," + r + " 0 1 0 " + (cx - r) + "," + cy + " Z";
    }

    private static final String BASE = "M21,89 L79,89 Q81,89 81,87 L81,83 Q81,80 78,80 L22,80 Q19,80 19,83 L19,87 Q19,89 21,89 Z";

    /** A Staunton-like set: the shapes players know from tournament pieces. */
    private static final Map<Character, List<Layer>> STAUNTON = Map.of(
            'P', List.of(
                    body("M29,80 C29,68 38,60 43,54 L39,54 Q36,54 36,51 Q36,48 39,48 L61,48 Q64,48 64,51 Q64,54 61,54 L57,54"
                            + " C62,60 71,68 71,80 Z"),
                    body(circle(50, 36, 11.5)),
                    body("M25,89 L75,89 Q77,89 77,87 L77,84 Q77,80 73,80 L27,80 Q23,80 23,84 L23,87 Q23,89 25,89 Z")),
            'R', List.of(
                    body("M25,14 L34,14 L34,22 L44,22 L44,14 L56,14 L56,22 L66,22 L66,14 L75,14 L75,33 L68,39 L68,69"
                            + " L75,75 L75,80 L25,80 L25,75 L32,69 L32,39 L25,33 Z"),
                    line("M25.5,33 L74.5,33"),
                    line("M32,39 L68,39"),
                    line("M32,69 L68,69"),
                    body(BASE)),
            'B', List.of(
                    body("M38,64 C38,71 33,76 27,80 L73,80 C67,76 62,71 62,64 Z"),
                    body("M50,19 C37,30 32,42 35,52 C37,58 43,62 50,62 C57,62 63,58 65,52 C68,42 63,30 50,19 Z"),
                    body("M37,60 L63,60 Q66,60 66,63.5 Q66,67 63,67 L37,67 Q34,67 34,63.5 Q34,60 37,60 Z"),
                    body(circle(50, 14, 5.5)),
                    line("M56,31 L46,45"),
                    line("M50,37 L50,52 M43,44.5 L57,44.5"),
                    body(BASE)),
            'N', List.of(
                    body("M28,80 C29,68 37,60 45,53 C40,55 34,57 29,58 C24,59 19,56 20,51 C22,45 27,40 31,35"
                            + " C35,28 42,22 52,20 L57,10 L62,21 C74,29 77,52 74,80 Z"),
                    line("M64,25 C71,36 72,56 70,77"),
                    dot(circle(43, 32, 2.6)),
                    dot(circle(26.5, 52.5, 1.6)),
                    body(BASE)),
            'Q', List.of(
                    body("M27,76 L20,32 L35,54 L37,24 L46,51 L50,18 L54,51 L63,24 L65,54 L80,32 L73,76 Z"),
                    body(circle(20, 29, 4.5)),
                    body(circle(37, 21, 4.5)),
                    body(circle(50, 15, 4.5)),
                    body(circle(63, 21, 4.5)),
                    body(circle(80, 29, 4.5)),
                    body("M27,76 C40,72 60,72 73,76 L75,80 L25,80 Z"),
                    line("M29,66 C42,62 58,62 71,66"),
                    body(BASE)),
            'K', List.of(
                    body("M47,5 L53,5 L53,11 L59,11 L59,17 L53,17 L53,26 L47,26 L47,17 L41,17 L41,11 L47,11 Z"),
                    body("M50,46 C45,38 43,31 50,26 C57,31 55,38 50,46 Z"),
                    body("M28,76 C23,64 14,52 20,41 C26,31 41,32 50,46 C59,32 74,31 80,41 C86,52 77,64 72,76 Z"),
                    line("M50,46 L50,66"),
                    line("M29,66 C42,61 58,61 71,66"),
                    body("M28,76 C40,72 60,72 72,76 L75,80 L25,80 Z"),
                    body(BASE)));

    /** A plain geometric set: the same pieces as flat shapes, for those who like a quiet board. */
    private static final Map<Character, List<Layer>> GEOMETRIC = Map.of(
            'P', List.of(
                    body("M32,86 L68,86 L60,52 L40,52 Z"),
                    body(circle(50, 40, 13))),
            'R', List.of(
                    body("M26,86 L74,86 L74,76 L66,76 L66,40 L74,40 L74,16 L64,16 L64,24 L56,24 L56,16 L44,16 L44,24"
                            + " L36,24 L36,16 L26,16 L26,40 L34,40 L34,76 L26,76 Z")),
            'B', List.of(
                    body("M28,86 L72,86 L72,78 L60,78 L58,66 L42,66 L40,78 L28,78 Z"),
                    body("M50,18 C64,30 68,44 62,58 L38,58 C32,44 36,30 50,18 Z"),
                    line("M54,32 L45,46"),
                    body(circle(50, 13, 5))),
            'N', List.of(
                    body("M28,86 L74,86 L72,60 C72,40 66,24 54,18 L50,10 L44,20 C36,24 30,32 22,46 L26,54 L34,52"
                            + " L40,48 L46,50 L34,62 L28,76 Z"),
                    dot(circle(44, 32, 3))),
            'Q', List.of(
                    body("M26,86 L74,86 L72,74 L80,30 L64,50 L58,20 L50,46 L42,20 L36,50 L20,30 L28,74 Z"),
                    body(circle(50, 14, 5)),
                    line("M29,74 L71,74")),
            'K', List.of(
                    body("M26,86 L74,86 L72,74 L80,36 L62,46 L50,34 L38,46 L20,36 L28,74 Z"),
                    body("M46,8 L54,8 L54,16 L62,16 L62,24 L54,24 L54,34 L46,34 L46,24 L38,24 L38,16 L46,16 Z"),
                    line("M29,74 L71,74")));

    private static final Color WHITE_BODY = Color.web("#fafaf7");
    private static final Color WHITE_LINE = Color.web("#1c1c1c");
    private static final Color BLACK_BODY = Color.web("#2b2b2b");
    private static final Color BLACK_LINE = Color.web("#0d0d0d");
    private static final Color BLACK_DETAIL = Color.web("#e8e4dc");

    private ChessPieces() {
    }

    /** Whether {@code set} has a drawing for {@code type}. */
    static boolean has(String set, char type) {
        return layers(set).containsKey(Character.toUpperCase(type));
    }

    private static Map<Character, List<Layer>> layers(String set) {
        return "geometric".equals(set) ? GEOMETRIC : STAUNTON;
    }

    /**
     * Draws {@code piece} of {@code set} centred on ({@code cx}, {@code cy}), {@code size} pixels
     * high and wide.
     */
    static void paint(GraphicsContext g, String set, Piece piece, double cx, double cy, double size) {
        List<Layer> layers = layers(set).get(Character.toUpperCase(piece.type()));
        if (layers == null) {
            return;
        }
        boolean white = piece.side() == Side.WHITE;
        double unit = size / 100;
        g.save();
        g.translate(cx - size / 2, cy - size / 2);
        g.scale(unit, unit);
        g.setLineJoin(StrokeLineJoin.ROUND);
        g.setLineCap(StrokeLineCap.ROUND);
        g.setFillRule(FillRule.NON_ZERO);
        // Outlines keep one weight in pixels across sizes, thin enough for small boards, bold enough for big ones.
        double outline = Math.max(1.1, Math.min(2.6, 0.028 * size)) / unit;
        boolean first = true;
        for (Layer l : layers) {
            g.beginPath();
            g.appendSVGPath(l.path());
            switch (l.kind()) {
                case BODY -> {
                    if (first) {
                        // One soft shadow under the first body lifts the piece off the square.
                        g.setEffect(new DropShadow(0.05 * size, 0, 0.02 * size, Color.rgb(0, 0, 0, 0.4)));
                    }
                    g.setFill(white ? WHITE_BODY : BLACK_BODY);
                    g.fill();
                    g.setEffect(null);
                    g.setStroke(white ? WHITE_LINE : BLACK_LINE);
                    g.setLineWidth(outline);
                    g.stroke();
                    first = false;
                }
                case LINE -> {
                    g.setStroke(white ? WHITE_LINE : BLACK_DETAIL);
                    g.setLineWidth(outline * 0.85);
                    g.stroke();
                }
                case DOT -> {
                    g.setFill(white ? WHITE_LINE : BLACK_DETAIL);
                    g.fill();
                }
            }
        }
        g.restore();
    }
}

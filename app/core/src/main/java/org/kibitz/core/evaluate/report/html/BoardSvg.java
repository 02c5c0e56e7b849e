package org.kibitz.core.evaluate.report.html;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;

/**
 * A position drawn as inline SVG, for a page that must work without the network: a chess board of
 * 8&times;8 squares with the pieces as Unicode chess glyphs, or a xiangqi board of 9&times;10 lines with
 * the river, the palaces and the pieces as the Chinese characters on discs; the move played as a red
 * arrow and the engine's choice as a green one. Seen from {@code bottom}'s side.
 */
public final class BoardSvg {

    /** One square (chess) or one line spacing (xiangqi), in SVG units. */
    static final int CELL = 36;

    private static final Map<Character, String> CHESS = Map.of('K', "\u265A", 'Q', "\u265B", 'R', "\u265C",
            'B', "\u265D", 'N', "\u265E", 'P', "\u265F");
    private static final Map<Character, String> RED = Map.of('K', "帥", 'A', "仕", 'B', "相", 'N', "傌",
            'R', "俥", 'C', "炮", 'P', "兵");
    private static final Map<Character, String> BLACK = Map.of('K', "將", 'A', "士", 'B', "象", 'N', "馬",
            'R', "車", 'C', "砲", 'P', "卒");

    private BoardSvg() {
    }

    /**
     * The board of {@code p} with the arrows of {@code played} and {@code best} (when present and not the same move).
     *
     * @param id     a prefix unique in the page, for the arrowheads' ids
     * @param title  the picture's accessible title (escaped here)
     */
    public static String render(Position p, Optional<Move> played, Optional<Move> best, Side bottom, String id, String title) {
        boolean xiangqi = "xiangqi".equals(p.gameId());
        int files = xiangqi ? 9 : 8;
        int ranks = xiangqi ? 10 : 8;
        int w = files * CELL;
        int h = ranks * CELL;
        StringBuilder b = new StringBuilder(4096);
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" viewBox=\"0 0 ").append(w).append(' ').append(h)
                .append("\" width=\"").append(w).append("\" height=\"").append(h).append("\" role=\"img\"><title>")
                .append(Html.escape(title)).append("</title>");
        b.append("<defs>");
        marker(b, id + "-p", "#d0312d");
        marker(b, id + "-b", "#2e8b3e");
        b.append("</defs>");
        if (xiangqi) {
            xiangqiBoard(b, files, ranks);
        } else {
            chessBoard(b, bottom);
        }
        for (Map.Entry<Square, Piece> e : p.pieces().entrySet()) {
            double[] c = centre(e.getKey(), files, ranks, bottom);
            Piece piece = e.getValue();
            if (xiangqi) {
                boolean red = piece.side() == Side.WHITE;
                String ch = (red ? RED : BLACK).getOrDefault(piece.type(), String.valueOf(piece.type()));
                b.append("<g class=\"xq-piece\"><circle cx=\"").append(num(c[0])).append("\" cy=\"").append(num(c[1]))
                        .append("\" r=\"").append(num(CELL * 0.44)).append("\" fill=\"#f6e3b4\" stroke=\"")
                        .append(red ? "#b22222" : "#222").append("\" stroke-width=\"2\"/>")
                        .append("<text x=\"").append(num(c[0])).append("\" y=\"").append(num(c[1] + CELL * 0.15))
                        .append("\" text-anchor=\"middle\" font-size=\"").append(num(CELL * 0.48))
                        .append("\" font-family=\"'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC',serif\" fill=\"")
                        .append(red ? "#b22222" : "#222").append("\">").append(ch).append("</text></g>");
            } else {
                boolean white = piece.side() == Side.WHITE;
                String ch = CHESS.getOrDefault(piece.type(), String.valueOf(piece.type()));
                b.append("<text class=\"piece\" x=\"").append(num(c[0])).append("\" y=\"").append(num(c[1] + CELL * 0.3))
                        .append("\" text-anchor=\"middle\" font-size=\"").append(num(CELL * 0.82))
                        .append("\" font-family=\"'DejaVu Sans','Noto Sans Symbols 2','Segoe UI Symbol',sans-serif\" fill=\"")
                        .append(white ? "#fff" : "#111").append("\" stroke=\"").append(white ? "#111" : "#eee")
                        .append("\" stroke-width=\"").append(white ? "1.2" : "0.5").append("\">").append(ch).append("</text>");
            }
        }
        best.filter(m -> played.map(pl -> !pl.equals(m)).orElse(true))
                .ifPresent(m -> arrow(b, m, files, ranks, bottom, id + "-b", "#2e8b3e", "best"));
        played.ifPresent(m -> arrow(b, m, files, ranks, bottom, id + "-p", "#d0312d", "played"));
        return b.append("</svg>").toString();
    }

    private static void marker(StringBuilder b, String id, String colour) {
        b.append("<marker id=\"").append(id).append("\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" orient=\"auto-start-reverse\">")
                .append("<path d=\"M0,0 L10,5 L0,10 z\" fill=\"").append(colour).append("\"/></marker>");
    }

    private static void chessBoard(StringBuilder b, Side bottom) {
        for (int f = 0; f < 8; f++) {
            for (int r = 0; r < 8; r++) {
                double[] c = centre(Square.of(f, r), 8, 8, bottom);
                boolean light = (f + r) % 2 == 1;
                b.append("<rect x=\"").append(num(c[0] - CELL / 2.0)).append("\" y=\"").append(num(c[1] - CELL / 2.0))
                        .append("\" width=\"").append(CELL).append("\" height=\"").append(CELL).append("\" fill=\"")
                        .append(light ? "#f0d9b5" : "#b58863").append("\"/>");
            }
        }
        // File letters along the bottom edge, rank numbers along the left, as a book's diagram has them.
        for (int i = 0; i < 8; i++) {
            int file = bottom == Side.WHITE ? i : 7 - i;
            int rank = bottom == Side.WHITE ? 7 - i : i;
            b.append("<text class=\"coord\" x=\"").append(i * CELL + CELL - 3).append("\" y=\"").append(8 * CELL - 3)
                    .append("\" text-anchor=\"end\" font-size=\"9\" fill=\"#333\">").append((char) ('a' + file)).append("</text>");
            b.append("<text class=\"coord\" x=\"2\" y=\"").append(i * CELL + 10)
                    .append("\" font-size=\"9\" fill=\"#333\">").append(rank + 1).append("</text>");
        }
    }

    private static void xiangqiBoard(StringBuilder b, int files, int ranks) {
        double h = CELL / 2.0;
        b.append("<rect x=\"0\" y=\"0\" width=\"").append(files * CELL).append("\" height=\"").append(ranks * CELL)
                .append("\" fill=\"#e8c98e\"/>");
        b.append("<g stroke=\"#5a3b12\" stroke-width=\"1\">");
        for (int r = 0; r < ranks; r++) {
            double y = h + r * CELL;
            b.append(line(h, y, h + (files - 1) * CELL, y));
        }
        for (int f = 0; f < files; f++) {
            double x = h + f * CELL;
            if (f == 0 || f == files - 1) {
                b.append(line(x, h, x, h + (ranks - 1) * CELL));
            } else {
                // The river cuts the inner files.
                b.append(line(x, h, x, h + 4 * CELL));
                b.append(line(x, h + 5 * CELL, x, h + (ranks - 1) * CELL));
            }
        }
        // The palaces' diagonals.
        for (int top : new int[] {0, 7}) {
            double y0 = h + top * CELL;
            double y1 = y0 + 2 * CELL;
            b.append(line(h + 3 * CELL, y0, h + 5 * CELL, y1));
            b.append(line(h + 5 * CELL, y0, h + 3 * CELL, y1));
        }
        b.append("</g>");
        b.append("<text x=\"").append(num(files * CELL / 2.0)).append("\" y=\"").append(num(h + 4.5 * CELL + 5))
                .append("\" text-anchor=\"middle\" font-size=\"14\" fill=\"#5a3b12\" font-family=\"'Noto Serif CJK SC',serif\">")
                .append("楚 河　　　漢 界</text>");
    }

    private static String line(double x1, double y1, double x2, double y2) {
        return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\"/>";
    }

    private static void arrow(StringBuilder b, Move m, int files, int ranks, Side bottom, String marker, String colour,
                              String kind) {
        double[] a = centre(m.from(), files, ranks, bottom);
        double[] z = centre(m.to(), files, ranks, bottom);
        // Stop short of the target's centre so that the head does not hide the piece's middle.
        double dx = z[0] - a[0];
        double dy = z[1] - a[1];
        double len = Math.hypot(dx, dy);
        double cut = len == 0 ? 0 : Math.min(CELL * 0.3, len / 3) / len;
        b.append("<line class=\"arrow ").append(kind).append("\" x1=\"").append(num(a[0])).append("\" y1=\"").append(num(a[1]))
                .append("\" x2=\"").append(num(z[0] - dx * cut)).append("\" y2=\"").append(num(z[1] - dy * cut))
                .append("\" stroke=\"").append(colour).append("\" stroke-width=\"").append(num(CELL * 0.16))
                .append("\" stroke-opacity=\"0.8\" stroke-linecap=\"round\" marker-end=\"url(#").append(marker).append(")\"/>");
    }

    /** The centre of a square (chess) or point (xiangqi) in SVG units, {@code bottom}'s side at the bottom. */
    static double[] centre(Square s, int files, int ranks, Side bottom) {
        int col = bottom == Side.WHITE ? s.file() : files - 1 - s.file();
        int row = bottom == Side.WHITE ? ranks - 1 - s.rank() : s.rank();
        return new double[] {col * CELL + CELL / 2.0, row * CELL + CELL / 2.0};
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}

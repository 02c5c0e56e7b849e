package org.kibitz.workbench.board;

import java.util.OptionalDouble;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * The evaluation bar beside the board: White's (Red's) share filled light from White's end (the
 * bottom, the top when the board is flipped), the rest dark, a tick at the middle and the score
 * printed at the end of the side ahead. Empty, it is drawn neutral: half and half, no label.
 */
final class EvalBar extends Canvas {

    private static final Color LIGHT = Color.web("#f4f4f1");
    private static final Color DARK = Color.web("#3a3a3a");
    private double share = Double.NaN;
    private String label = "";
    private boolean whiteAhead = true;
    private boolean flipped;

    EvalBar() {
        getStyleClass().add("eval-bar");
        setId("eval-bar");
    }

    /** Shows White's share 0..1 with {@code label} at the end of the side ahead. */
    void show(double whiteShare, String text, boolean whiteIsAhead) {
        share = Math.max(0, Math.min(1, whiteShare));
        label = text;
        whiteAhead = whiteIsAhead;
        draw();
    }

    /** Shows nothing known: half and half, no label. */
    void clear() {
        share = Double.NaN;
        label = "";
        draw();
    }

    void setFlipped(boolean value) {
        if (flipped != value) {
            flipped = value;
            draw();
        }
    }

    /** White's share shown, empty when neutral. */
    OptionalDouble whiteShare() {
        return Double.isNaN(share) ? OptionalDouble.empty() : OptionalDouble.of(share);
    }

    String label() {
        return label;
    }

    /** The height White's fill takes now, in pixels (what a user sees; tests measure it). */
    double whiteFillHeight() {
        return (Double.isNaN(share) ? 0.5 : share) * getHeight();
    }

    void setSize(double w, double h) {
        setWidth(w);
        setHeight(h);
        draw();
    }

    private void draw() {
        double w = getWidth();
        double h = getHeight();
        GraphicsContext g = getGraphicsContext2D();
        g.clearRect(0, 0, w, h);
        if (w <= 0 || h <= 0) {
            return;
        }
        double white = whiteFillHeight();
        boolean neutral = Double.isNaN(share);
        g.setFill(neutral ? DARK.deriveColor(0, 1, 1.6, 1) : DARK);
        g.fillRect(0, 0, w, h);
        g.setFill(neutral ? LIGHT.deriveColor(0, 1, 0.9, 1) : LIGHT);
        if (flipped) {
            g.fillRect(0, 0, w, white);
        } else {
            g.fillRect(0, h - white, w, white);
        }
        g.setStroke(Color.rgb(200, 40, 40, 0.8));
        g.setLineWidth(Math.max(1, h / 400));
        g.strokeLine(0, h / 2, w, h / 2);
        g.setStroke(Color.rgb(0, 0, 0, 0.5));
        g.setLineWidth(1);
        g.strokeRect(0.5, 0.5, w - 1, h - 1);
        if (!label.isEmpty()) {
            boolean atBottom = whiteAhead != flipped;
            // As large as the bar's width lets the label be: "0.3" and "12.1" both fit.
            double size = Math.max(9, Math.min(0.46 * w, w / (0.62 * Math.max(3, label.length()))));
            g.setFont(Fonts.font(Fonts.SANS, FontWeight.BOLD, size));
            g.setTextAlign(TextAlignment.CENTER);
            g.setTextBaseline(VPos.CENTER);
            g.setFill(whiteAhead ? DARK : LIGHT);
            double y = atBottom ? h - 0.9 * size : 0.9 * size;
            g.fillText(label, w / 2, y, w - 2);
        }
    }
}

package org.kibitz.workbench.match;

import javafx.scene.layout.Region;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import org.kibitz.core.match.stats.Sprt;

/**
 * The SPRT's log-likelihood ratio between its bounds: the lower bound (H0 accepted) at the left end,
 * the upper (H1 accepted) at the right, zero marked; a bar from zero to the LLR, green towards H1
 * and red towards H0.
 */
final class SprtBar extends Region {

    private final Rectangle track = new Rectangle();
    private final Rectangle fill = new Rectangle();
    private final Line zero = new Line();
    private Sprt.Status status;

    SprtBar() {
        getStyleClass().add("match-sprt-bar");
        track.getStyleClass().add("match-sprt-track");
        track.setStyle("-fx-fill: -fx-control-inner-background; -fx-stroke: -fx-box-border;");
        zero.setStyle("-fx-stroke: -fx-text-base-color;");
        getChildren().addAll(track, fill, zero);
        setMinSize(120, 14);
        setPrefSize(240, 14);
        setMaxHeight(14);
    }

    void setStatus(Sprt.Status s) {
        status = s;
        requestLayout();
    }

    /** Where the LLR stands between the bounds, 0 at the lower and 1 at the upper (clamped). */
    static double fraction(Sprt.Status s) {
        double span = s.upperBound() - s.lowerBound();
        if (!(span > 0) || Double.isNaN(s.llr())) {
            return 0.5;
        }
        return Math.max(0, Math.min(1, (s.llr() - s.lowerBound()) / span));
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth();
        double h = Math.min(getHeight(), 14);
        track.setX(0);
        track.setY(0);
        track.setWidth(w);
        track.setHeight(h);
        if (status == null) {
            fill.setVisible(false);
            zero.setVisible(false);
            return;
        }
        double span = status.upperBound() - status.lowerBound();
        double z = span > 0 ? (0 - status.lowerBound()) / span * w : w / 2;
        double at = fraction(status) * w;
        fill.setVisible(true);
        zero.setVisible(true);
        fill.setX(Math.min(z, at));
        fill.setY(1);
        fill.setWidth(Math.abs(at - z));
        fill.setHeight(h - 2);
        fill.setStyle(at >= z ? "-fx-fill: #3a9a4a;" : "-fx-fill: #c0463c;");
        zero.setStartX(z);
        zero.setEndX(z);
        zero.setStartY(0);
        zero.setEndY(h);
    }
}

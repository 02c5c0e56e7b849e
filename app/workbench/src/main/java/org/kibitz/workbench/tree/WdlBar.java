package org.kibitz.workbench.tree;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/**
 * Wins, draws and losses of the side to move as one bar: a white, a grey and a black segment as
 * wide as their share, each with its percentage when there is room for it.
 */
final class WdlBar extends Region {

    private final Label win = segment("tree-wdl-win", "-fx-background-color: #f4f4f4; -fx-text-fill: #202020;");
    private final Label draw = segment("tree-wdl-draw", "-fx-background-color: #9a9a9a; -fx-text-fill: #101010;");
    private final Label loss = segment("tree-wdl-loss", "-fx-background-color: #262626; -fx-text-fill: #f0f0f0;");
    private double winShare;
    private double drawShare;
    private long total;
    private String[] texts = {"", "", ""};

    WdlBar() {
        getChildren().addAll(win, draw, loss);
        setStyle("-fx-border-color: #606060; -fx-border-width: 1;");
        setMinHeight(16);
        setPrefHeight(16);
        setPrefWidth(120);
    }

    private static Label segment(String id, String style) {
        Label l = new Label();
        l.setId(id);
        l.setStyle(style + " -fx-font-size: 10px; -fx-padding: 0;");
        l.setAlignment(Pos.CENTER);
        l.setMinWidth(0);
        l.setTextOverrun(javafx.scene.control.OverrunStyle.CLIP);
        l.setMouseTransparent(true);
        return l;
    }

    void set(long wins, long draws, long losses) {
        long n = wins + draws + losses;
        total = n;
        winShare = n == 0 ? 0 : (double) wins / n;
        drawShare = n == 0 ? 0 : (double) draws / n;
        double lossShare = n == 0 ? 0 : (double) losses / n;
        texts = n == 0 ? new String[] {"", "", ""} : new String[] {percent(winShare), percent(drawShare), percent(lossShare)};
        requestLayout();
    }

    private static String percent(double share) {
        return Math.round(share * 100) + "%";
    }

    /** The percentages of win, draw and loss. */
    String[] texts() {
        return texts.clone();
    }

    @Override
    protected void layoutChildren() {
        double x = snappedLeftInset();
        double y = snappedTopInset();
        double w = getWidth() - x - snappedRightInset();
        double h = getHeight() - y - snappedBottomInset();
        double ww = Math.round(w * winShare);
        double dw = Math.round(w * drawShare);
        // No game with a known result: no segment at all, rather than a bar of losses.
        double lw = total == 0 ? 0 : Math.max(0, w - ww - dw);
        place(win, texts[0], x, y, ww, h);
        place(draw, texts[1], x + ww, y, dw, h);
        place(loss, texts[2], x + ww + dw, y, lw, h);
    }

    private void place(Label l, String text, double x, double y, double w, double h) {
        l.resizeRelocate(x, y, w, h);
        // The percentage only where it fits: a squeezed "…" says nothing; the colour still shows the share.
        l.setText(w >= 24 ? text : "");
    }
}

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
    /** The games without a known result: a pale hatched part, so a bar of 4 decided games of 534 does not look decided. */
    private final Label unknown = segment("tree-wdl-unknown",
            "-fx-background-color: linear-gradient(from 0px 0px to 6px 6px, repeat, #dcdcf4 50%, #ffffff 50%);"
                    + " -fx-text-fill: #505070;");
    private double unknownShare;
    private double winShare;
    private double drawShare;
    private long total;
    private String[] texts = {"", "", "", ""};

    WdlBar() {
        getChildren().addAll(win, draw, loss, unknown);
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

    /**
     * The decided games' wins, draws and losses, as percentages of the decided games, drawn over
     * the decided games' share of the bar; the rest of the bar is the {@code undecided} games'.
     */
    void set(long wins, long draws, long losses, long undecided) {
        long n = wins + draws + losses;
        long all = n + Math.max(0, undecided);
        total = n;
        double decidedShare = all == 0 ? 0 : (double) n / all;
        unknownShare = all == 0 ? 0 : 1 - decidedShare;
        winShare = n == 0 ? 0 : (double) wins / n * decidedShare;
        drawShare = n == 0 ? 0 : (double) draws / n * decidedShare;
        texts = n == 0 ? new String[] {"", "", "", all == 0 ? "" : "?"}
                : new String[] {percent((double) wins / n), percent((double) draws / n), percent((double) losses / n),
                        unknownShare > 0 ? "?" : ""};
        requestLayout();
    }

    /** The share of the bar given to games without a known result (0 to 1). */
    double unknownShare() {
        return unknownShare;
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
        double uw = Math.round(w * unknownShare);
        double lw = total == 0 ? 0 : Math.max(0, w - ww - dw - uw);
        place(win, texts[0], x, y, ww, h);
        place(draw, texts[1], x + ww, y, dw, h);
        place(loss, texts[2], x + ww + dw, y, lw, h);
        place(unknown, texts[3], x + ww + dw + lw, y, uw, h);
    }

    private void place(Label l, String text, double x, double y, double w, double h) {
        l.resizeRelocate(x, y, w, h);
        // The percentage only where it fits: a squeezed "…" says nothing; the colour still shows the share.
        l.setText(w >= 24 ? text : "");
    }
}

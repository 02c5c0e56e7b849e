package org.kibitz.workbench.engines;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollBar;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.kibitz.core.analysis.EngineLog;

/**
 * The engine log's lines, drawn on a canvas: only the lines in sight are drawn, so a redraw costs
 * the same with fifty lines or fifty thousand, however fast they come. (A ListView relays out and
 * restyles its cells on every jump to the end; under a flood that took the FX thread tens of
 * milliseconds a frame.) Follows the newest line while the view is at the end; scrolled back, it
 * stays where the user is reading. Lines are selected with the mouse (shift and ctrl extend) or
 * with Ctrl+A for copying.
 */
final class LogView extends Region {

    private static final Font FONT = Font.font("Monospaced", 12);
    private static final double LINE;
    private static final double CHAR;

    static {
        Text probe = new Text("0123456789");
        probe.setFont(FONT);
        LINE = Math.ceil(probe.getLayoutBounds().getHeight()) + 2;
        CHAR = probe.getLayoutBounds().getWidth() / 10;
    }

    private static final Color OUT = Color.web("#1d4a86");
    private static final Color IN = Color.web("#24211d");
    private static final Color ERR = Color.web("#a3261a");
    private static final Color SELECTED = Color.web("#2f6fce");
    private static final Color STRIPE = Color.web("#f6f4f0");

    private final Canvas canvas = new Canvas();
    private final ScrollBar vbar = new ScrollBar();
    private final ScrollBar hbar = new ScrollBar();
    private final ZoneId zone;
    private final LogRing lines;
    private final BitSet selected = new BitSet();
    private int anchor = -1;
    private boolean follow = true;
    private int longest;
    private boolean dirty = true;
    private boolean adjusting;
    /** The longest engine name in sight so far, so the columns after it line up. */
    private int engineWidth;

    /** @param capacity the most lines shown (the log's capacity) */
    LogView(ZoneId zone, int capacity) {
        this.zone = zone;
        this.lines = new LogRing(capacity);
        getStyleClass().add("log-view");
        setFocusTraversable(true);
        vbar.setOrientation(Orientation.VERTICAL);
        hbar.setOrientation(Orientation.HORIZONTAL);
        getChildren().addAll(canvas, vbar, hbar);
        vbar.valueProperty().addListener((o, a, b) -> {
            if (!adjusting) {
                follow = b.doubleValue() >= vbar.getMax() - 0.5;
                redraw();
            }
        });
        hbar.valueProperty().addListener((o, a, b) -> redraw());
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::press);
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::drag);
        addEventHandler(ScrollEvent.SCROLL, e -> {
            if (e.getDeltaY() != 0) {
                vbar.setValue(clamp(vbar.getValue() - Math.signum(e.getDeltaY()) * 3, vbar.getMax()));
            }
            if (e.getDeltaX() != 0) {
                hbar.setValue(clamp(hbar.getValue() - e.getDeltaX() / CHAR, hbar.getMax()));
            }
            e.consume();
        });
        setOnKeyPressed(e -> {
            int page = Math.max(1, visibleRows() - 1);
            switch (e.getCode()) {
                case UP -> vbar.setValue(clamp(vbar.getValue() - 1, vbar.getMax()));
                case DOWN -> vbar.setValue(clamp(vbar.getValue() + 1, vbar.getMax()));
                case PAGE_UP -> vbar.setValue(clamp(vbar.getValue() - page, vbar.getMax()));
                case PAGE_DOWN -> vbar.setValue(clamp(vbar.getValue() + page, vbar.getMax()));
                case HOME -> vbar.setValue(0);
                case END -> scrollToEnd();
                default -> {
                    if (e.isShortcutDown() && e.getCode() == KeyCode.A) {
                        selected.set(0, lines.size());
                        redraw();
                        e.consume();
                    }
                    return;
                }
            }
            e.consume();
        });
        widthProperty().addListener((o, a, b) -> dirty = true);
        heightProperty().addListener((o, a, b) -> dirty = true);
    }

    /** Replaces every line (a new filter). */
    void setLines(List<EngineLog.Entry> all) {
        lines.setAll(all);
        longest = 0;
        for (EngineLog.Entry e : lines) {
            longest = Math.max(longest, width(e));
        }
        selected.clear();
        anchor = -1;
        follow = true;
        refresh();
    }

    /** Adds lines at the end, and drops {@code dropFront} from the start. */
    void append(List<EngineLog.Entry> more, int dropFront) {
        // Lines past the capacity push the oldest out too.
        int overflow = Math.max(0, lines.size() - Math.min(dropFront, lines.size()) + more.size() - lines.capacity());
        int d = Math.min(lines.size(), dropFront + overflow);
        if (d > 0) {
            lines.dropFront(d);
            BitSet shifted = selected.get(d, Math.max(d, selected.length()));
            selected.clear();
            selected.or(shifted);
            anchor = anchor < d ? -1 : anchor - d;
            if (!follow) {
                adjusting = true;
                vbar.setValue(Math.max(0, vbar.getValue() - d));
                adjusting = false;
            }
        }
        // Of more lines than the ring holds, only the last fit.
        for (int i = Math.max(0, more.size() - lines.capacity()); i < more.size(); i++) {
            longest = Math.max(longest, width(more.get(i)));
        }
        lines.append(more);
        refresh();
    }

    List<EngineLog.Entry> lines() {
        return lines;
    }

    /** The selected lines, in order. */
    List<EngineLog.Entry> selectedLines() {
        List<EngineLog.Entry> out = new ArrayList<>();
        for (int i = selected.nextSetBit(0); i >= 0 && i < lines.size(); i = selected.nextSetBit(i + 1)) {
            out.add(lines.get(i));
        }
        return out;
    }

    void clearSelection() {
        selected.clear();
        redraw();
    }

    void scrollToEnd() {
        follow = true;
        refresh();
    }

    boolean following() {
        return follow;
    }

    private int visibleRows() {
        return Math.max(1, (int) Math.floor(canvas.getHeight() / LINE));
    }

    private void refresh() {
        int rows = visibleRows();
        double max = Math.max(0, lines.size() - rows);
        adjusting = true;
        vbar.setMax(max);
        vbar.setVisibleAmount(Math.max(1, max * rows / Math.max(1, lines.size())));
        vbar.setBlockIncrement(rows);
        vbar.setUnitIncrement(1);
        if (follow) {
            vbar.setValue(max);
        } else {
            vbar.setValue(clamp(vbar.getValue(), max));
        }
        int cols = (int) Math.floor(canvas.getWidth() / CHAR);
        double hmax = Math.max(0, longest - cols + 2);
        hbar.setMax(hmax);
        hbar.setVisibleAmount(Math.max(1, hmax * cols / Math.max(1, longest)));
        hbar.setValue(clamp(hbar.getValue(), hmax));
        adjusting = false;
        redraw();
    }

    private static double clamp(double v, double max) {
        return Math.max(0, Math.min(max, v));
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth();
        double h = getHeight();
        double vw = vbar.prefWidth(-1);
        double hh = hbar.prefHeight(-1);
        boolean showH = longest * CHAR > w - vw;
        hbar.setVisible(showH);
        double ch = Math.max(0, h - (showH ? hh : 0));
        double cw = Math.max(0, w - vw);
        vbar.resizeRelocate(cw, 0, vw, ch);
        hbar.resizeRelocate(0, ch, cw, showH ? hh : 0);
        if (canvas.getWidth() != cw || canvas.getHeight() != ch || dirty) {
            canvas.setWidth(cw);
            canvas.setHeight(ch);
            dirty = false;
            refresh();
        }
    }

    private void redraw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(Color.web("#fdfcfa"));
        g.fillRect(0, 0, w, h);
        g.setFont(FONT);
        g.setTextBaseline(VPos.TOP);
        int first = (int) Math.round(vbar.getValue());
        int rows = visibleRows() + 1;
        double x0 = 6 - Math.round(hbar.getValue()) * CHAR;
        for (int r = 0; r < rows; r++) {
            int i = first + r;
            if (i >= lines.size()) {
                break;
            }
            double y = r * LINE;
            boolean sel = selected.get(i);
            if (sel) {
                g.setFill(SELECTED);
                g.fillRect(0, y, w, LINE);
            } else if (i % 2 == 1) {
                g.setFill(STRIPE);
                g.fillRect(0, y, w, LINE);
            }
            g.setFill(sel ? Color.WHITE : switch (lines.get(i).direction()) {
                case TO_ENGINE -> OUT;
                case FROM_ENGINE -> IN;
                case STDERR -> ERR;
            });
            EngineLog.Entry en = lines.get(i);
            if (en.engine().length() > engineWidth) {
                engineWidth = en.engine().length();
                lines.clearTexts();
            }
            String t = lines.text(i);
            if (t == null) {
                // Written out when first in sight: a flood's lines mostly never are.
                t = EngineLog.format(en, zone, engineWidth);
                lines.setText(i, t);
            }
            g.fillText(t, x0, y + 1);
        }
    }

    /** A line's length in characters as {@link EngineLog#format} writes it (time, two gaps, arrow). */
    private static int width(EngineLog.Entry e) {
        return 12 + 2 + e.engine().length() + 5 + e.text().length();
    }

    private int rowAt(double y) {
        return (int) Math.round(vbar.getValue()) + (int) Math.floor(y / LINE);
    }

    private void press(MouseEvent e) {
        requestFocus();
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        int i = rowAt(e.getY());
        if (i < 0 || i >= lines.size()) {
            selected.clear();
            anchor = -1;
        } else if (e.isShiftDown() && anchor >= 0) {
            selected.clear();
            selected.set(Math.min(anchor, i), Math.max(anchor, i) + 1);
        } else if (e.isShortcutDown()) {
            selected.flip(i);
            anchor = i;
        } else {
            selected.clear();
            selected.set(i);
            anchor = i;
        }
        redraw();
    }

    private void drag(MouseEvent e) {
        if (anchor < 0 || lines.isEmpty()) {
            return;
        }
        if (e.getY() < 0) {
            vbar.setValue(clamp(vbar.getValue() - 1, vbar.getMax()));
        } else if (e.getY() > canvas.getHeight()) {
            vbar.setValue(clamp(vbar.getValue() + 1, vbar.getMax()));
        }
        int i = Math.max(0, Math.min(lines.size() - 1, rowAt(Math.max(0, Math.min(canvas.getHeight() - 1, e.getY())))));
        selected.clear();
        selected.set(Math.min(anchor, i), Math.max(anchor, i) + 1);
        redraw();
    }
}

package org.kibitz.workbench;

import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Heights of table and list rows taken from the font they are set in, never a constant in pixels:
 * the CJK faces the window uses (UiFont) have a line a third taller than a Latin face of the same
 * size, and a row sized for a Latin face cut the bottom of both languages' text (descenders lost,
 * commas looking like full stops).
 */
public final class Rows {

    /** Letters with an accent, descenders and CJK glyphs: the tallest a line of either language gets. */
    static final String SAMPLE = "ÁÉgjpqy,;汉字棋谱（）";

    /** A cell's padding above and below its text: modena's 0.166667em on each side. */
    private static final double PADDING_EM = 2 * 0.166667;

    private Rows() {
    }

    /** The height of {@code lines} lines of text in the window's family at the default size, bold included. */
    public static double textHeight(int lines) {
        double size = Font.getDefault().getSize();
        double regular = lineHeight(Font.font(UiFont.family(), size));
        double bold = lineHeight(Font.font(UiFont.family(), javafx.scene.text.FontWeight.BOLD, size));
        return lines * Math.max(regular, bold);
    }

    /**
     * The height a row of {@code lines} lines needs: the text, the cell's padding, and the row's
     * one-pixel rule, rounded up to whole pixels.
     */
    public static double height(int lines) {
        return Math.ceil(textHeight(lines) + PADDING_EM * Font.getDefault().getSize() + 2);
    }

    /** Sets a table's fixed row height to what {@code lines} lines of its font need. */
    public static void fit(javafx.scene.control.TableView<?> table, int lines) {
        table.setFixedCellSize(height(lines));
    }

    private static double lineHeight(Font font) {
        Text t = new Text(SAMPLE);
        t.setFont(font);
        return t.getLayoutBounds().getHeight();
    }
}

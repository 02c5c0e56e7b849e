package org.kibitz.workbench;

import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * The set-up every result table shares (game list, report, disagreements, match, tree, jobs): rows as
 * tall as their font, columns as wide as their title and their content (the title never cut), and a
 * cell too narrow for its text showing the whole text in its tooltip. Columns are measured again
 * once per pulse after the rows, the columns or their titles change (a language switch), never per
 * row added. FX thread.
 */
public final class Tables {

    /** A column's property: how a row reads in it, when its cells show something else than its value. */
    private static final Object TEXT = new Object();
    private static final Object FITTING = new Object();
    private static final Object BASE_WIDTH = new Object();
    /** Rows read to size a column: a table of thousands of games is measured by its first ones. */
    private static final int MEASURED_ROWS = 400;
    /** No column gets wider than this from its content alone; a longer text is cut and has its tooltip. */
    public static final double MAX_CONTENT_WIDTH = 360;

    private static final Text MEASURE = new Text();

    private Tables() {
    }

    /** Records how a row reads in {@code column}, for sizing it (columns whose value is the row itself). */
    public static <T> void text(TableColumn<T, ?> column, Function<T, String> text) {
        column.getProperties().put(TEXT, text);
    }

    /**
     * Sets up {@code table}: fixed rows of {@code lines} lines of its font, columns sized to their
     * content now and after each change, and cut cells' tooltips on every column's cells.
     */
    public static void fit(TableView<?> table, int lines) {
        Rows.fit(table, lines);
        autoSize(table);
    }

    /** Columns sized to their title and content now and after each change of rows, columns or titles. */
    public static <T> void autoSize(TableView<T> table) {
        if (table.getProperties().putIfAbsent(FITTING, Boolean.TRUE) != null) {
            return;
        }
        boolean[] queued = {false};
        Runnable queue = () -> {
            if (!queued[0]) {
                queued[0] = true;
                Platform.runLater(() -> {
                    queued[0] = false;
                    sizeNow(table);
                });
            }
        };
        InvalidationListener onChange = o -> queue.run();
        ListChangeListener<T> onItems = c -> queue.run();
        table.itemsProperty().addListener((o, a, b) -> {
            if (a != null) {
                a.removeListener(onItems);
            }
            if (b != null) {
                b.addListener(onItems);
            }
            queue.run();
        });
        if (table.getItems() != null) {
            table.getItems().addListener(onItems);
        }
        ListChangeListener<TableColumn<T, ?>> onColumns = c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(col -> follow(col, onChange));
            }
            queue.run();
        };
        table.getColumns().addListener(onColumns);
        // A constrained table shares its width out again when it changes.
        table.widthProperty().addListener(onChange);
        table.getColumns().forEach(col -> follow(col, onChange));
        queue.run();
    }

    private static <T> void follow(TableColumn<T, ?> column, InvalidationListener onChange) {
        column.textProperty().addListener(onChange);
        column.visibleProperty().addListener(onChange);
        tooltips(column);
        column.getColumns().forEach(c -> follow(c, onChange));
    }

    /** Gives the cells of {@code column} (whatever its cell factory) the full text as tooltip when it is cut. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <T, S> void tooltips(TableColumn<T, S> column) {
        var factory = column.getCellFactory();
        if (factory == null || column.getProperties().containsKey(Tooltip.class)) {
            return;
        }
        column.getProperties().put(Tooltip.class, Boolean.TRUE);
        column.setCellFactory(c -> {
            TableCell<T, S> cell = factory.call(c);
            Tooltip tip = new Tooltip();
            tip.setWrapText(true);
            tip.setMaxWidth(600);
            InvalidationListener check = o -> {
                String t = cell.getText();
                // In the cell's own font: a bold row (the open game) is wider than a plain one.
                boolean cut = t != null && !t.isBlank()
                        && width(t, cell.getFont()) > cell.getWidth() - cell.snappedLeftInset() - cell.snappedRightInset() - 0.5;
                if (cut) {
                    tip.setText(t);
                    if (cell.getTooltip() != tip) {
                        cell.setTooltip(tip);
                    }
                } else if (cell.getTooltip() == tip) {
                    cell.setTooltip(null);
                }
            };
            cell.textProperty().addListener(check);
            cell.widthProperty().addListener(check);
            cell.fontProperty().addListener(check);
            return cell;
        });
    }

    /** Measures every visible column now: its title's width as its minimum, its content's as its preferred. */
    @SuppressWarnings("unchecked")
    public static <T> void sizeNow(TableView<T> table) {
        double em = Font.getDefault().getSize();
        // A cell's padding is 0.583em each side; a header's the same, with room for the sort arrow.
        double cellPad = 2 * 0.583 * em + 4;
        double headerPad = 2 * 0.583 * em + 18;
        var items = table.getItems();
        int n = items == null ? 0 : Math.min(items.size(), MEASURED_ROWS);
        var columns = table.getVisibleLeafColumns();
        for (TableColumn<T, ?> c : columns) {
            double header = Math.ceil(width(c.getText() == null ? "" : c.getText(), true) + headerPad);
            // The width the pane asked for, before any sharing out: sizing again starts from it.
            double asked = (Double) c.getProperties().computeIfAbsent(BASE_WIDTH, k -> c.getPrefWidth());
            if (c.getProperties().containsKey(Fixed.class)) {
                double least = floor(c, header);
                c.setMinWidth(least);
                c.setPrefWidth(Math.max(least, asked));
                continue;
            }
            Function<T, String> text = (Function<T, String>) c.getProperties().get(TEXT);
            double content = 0;
            boolean measurable = text != null;
            for (int i = 0; i < n; i++) {
                String s;
                if (text != null) {
                    s = text.apply(items.get(i));
                } else {
                    Object v = c.getCellData(i);
                    if (v != null && !(v instanceof CharSequence) && !(v instanceof Number)) {
                        measurable = false;
                        break;
                    }
                    measurable = true;
                    s = v == null ? "" : v.toString();
                }
                if (s != null) {
                    // Bold: a row may be set in bold (the open game), and must not be cut then.
                    content = Math.max(content, width(s, true));
                }
            }
            c.setMinWidth(header);
            if (measurable && n > 0) {
                c.setPrefWidth(Math.max(header, Math.min(MAX_CONTENT_WIDTH, Math.ceil(content + cellPad))));
            } else {
                c.setPrefWidth(Math.max(header, asked));
            }
        }
        // A row with buttons in it is as tall as a button (text, the button's padding and border),
        // with the cell's padding and rule: a row sized for text alone cut their lower edge.
        if (columns.stream().anyMatch(c -> c.getProperties().containsKey(Buttons.class))) {
            double button = Rows.textHeight(1) + 2 * 0.333333 * em + 2;
            table.setFixedCellSize(Math.max(table.getFixedCellSize(), Math.ceil(button + 2 * 0.166667 * em + 2)));
        }
        share(table, columns);
        reapply(table, columns);
    }

    /**
     * JavaFX's constrained policies keep the widths they gave out before and share only what changed:
     * a table widened while its columns' preferred widths were set again (a bigger window, a language)
     * could end with its columns wider together than itself, the last ones cut with no scrollbar (the
     * Jobs table at 1600x1000). When that happens, the policy is set again, which shares the width
     * out from the preferred widths.
     */
    private static <T> void reapply(TableView<T> table, java.util.List<TableColumn<T, ?>> columns) {
        var policy = table.getColumnResizePolicy();
        if (policy == TableView.UNCONSTRAINED_RESIZE_POLICY || table.getWidth() <= 0) {
            return;
        }
        double room = table.getWidth() - table.snappedLeftInset() - table.snappedRightInset();
        double prefs = 0;
        double widths = 0;
        for (TableColumn<T, ?> c : columns) {
            prefs += c.getPrefWidth();
            widths += c.getWidth();
        }
        if (widths > room + 1 && prefs <= room) {
            table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
            table.setColumnResizePolicy(policy);
        }
    }

    /**
     * In a table that fits its columns to its width, columns wider together than the table would
     * scroll sideways (the constrained policies do not shrink a column below its preferred width
     * when the last one cannot give more): their widths are scaled down to fit, never below their titles.
     */
    private static <T> void share(TableView<T> table, java.util.List<TableColumn<T, ?>> columns) {
        if (table.getColumnResizePolicy() == TableView.UNCONSTRAINED_RESIZE_POLICY || table.getWidth() <= 0) {
            return;
        }
        double room = table.getWidth() - table.snappedLeftInset() - table.snappedRightInset() - 18;
        // The other columns give their width first; the ones kept (the names a table is read by)
        // only once the others are down to their titles.
        for (boolean keptToo : new boolean[] {false, true}) {
            for (int pass = 0; pass < 3; pass++) {
                double total = 0;
                double flexible = 0;
                for (TableColumn<T, ?> c : columns) {
                    total += c.getPrefWidth();
                    if (keptToo || !kept(c)) {
                        flexible += c.getPrefWidth() - c.getMinWidth();
                    }
                }
                if (total <= room) {
                    return;
                }
                if (flexible <= 0) {
                    break;
                }
                double cut = Math.min(1, (total - room) / flexible);
                for (TableColumn<T, ?> c : columns) {
                    if (keptToo || !kept(c)) {
                        c.setPrefWidth(Math.floor(c.getPrefWidth() - (c.getPrefWidth() - c.getMinWidth()) * cut));
                    }
                }
            }
        }
    }

    /**
     * Keeps {@code column}'s content whole as long as the table can: when a table that fits its width
     * has too little room, the other columns are narrowed down to their titles before this one is.
     * For the names a table is read by (engines, players).
     */
    public static void keep(TableColumn<?, ?> column) {
        column.getProperties().put(Kept.class, Boolean.TRUE);
    }

    private static boolean kept(TableColumn<?, ?> c) {
        return c.getProperties().containsKey(Kept.class);
    }

    private enum Kept { }

    /** Leaves {@code column}'s width as set (a bar, a graphic): only its title is kept whole. */
    public static void fixed(TableColumn<?, ?> column) {
        column.getProperties().put(Fixed.class, Boolean.TRUE);
    }

    /**
     * A column of buttons: never narrower than the widest of {@code labels} (in the current language,
     * asked each time the table is sized) on a button, so no button is cut when the columns are shared out.
     */
    public static void buttons(TableColumn<?, ?> column, java.util.function.Supplier<java.util.List<String>> labels) {
        fixed(column);
        column.getProperties().put(Buttons.class, labels);
    }

    private enum Fixed { }

    private enum Buttons { }

    /** The narrowest a column may be: its title, and for a column of buttons the widest button. */
    @SuppressWarnings("unchecked")
    private static double floor(TableColumn<?, ?> c, double header) {
        Object labels = c.getProperties().get(Buttons.class);
        if (!(labels instanceof java.util.function.Supplier<?> s)) {
            return header;
        }
        double em = Font.getDefault().getSize();
        // Text, a button's padding (0.666em each side) and border, and the cell's padding around it.
        double widest = 0;
        for (String label : (java.util.List<String>) s.get()) {
            widest = Math.max(widest, width(label, false));
        }
        return Math.max(header, Math.ceil(widest + 2 * 0.666 * em + 4 + 2 * 0.583 * em + 6));
    }

    /** The width of {@code s} in {@code font}. */
    public static double width(String s, Font font) {
        MEASURE.setFont(font);
        MEASURE.setText(s);
        return MEASURE.getLayoutBounds().getWidth();
    }

    /** The width of {@code s} in the window's family at the default size. */
    public static double width(String s, boolean bold) {
        MEASURE.setFont(Font.font(UiFont.family(), bold ? FontWeight.BOLD : FontWeight.NORMAL, Font.getDefault().getSize()));
        MEASURE.setText(s);
        return MEASURE.getLayoutBounds().getWidth();
    }
}

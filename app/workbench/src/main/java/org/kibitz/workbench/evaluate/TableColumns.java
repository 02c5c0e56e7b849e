package org.kibitz.workbench.evaluate;

import java.util.Comparator;
import java.util.function.Function;
import javafx.scene.control.TableColumn;
import org.kibitz.workbench.I18n;

/** The report tables' columns: a row's text in a cell, a title from the bundles, a sort order of its own. */
final class TableColumns {

    private TableColumns() {
    }

    /**
     * A column titled by {@code key}, with id {@code <idPrefix><id>}, showing {@code text} of each row and
     * sorted by {@code order}.
     */
    static <T> TableColumn<T, T> of(I18n i18n, String key, String id, double width, Comparator<T> order, Function<T, String> text) {
        return org.kibitz.workbench.JobKit.column(i18n, key, id, width, order, text);
    }

    /** A column sorted by a number of the row. */
    static <T> TableColumn<T, T> numeric(I18n i18n, String key, String id, double width, Function<T, Double> sortKey,
                                         Function<T, String> text) {
        return of(i18n, key, id, width, Comparator.comparing(sortKey), text);
    }
}

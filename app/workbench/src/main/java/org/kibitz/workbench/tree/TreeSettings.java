package org.kibitz.workbench.tree;

import java.util.List;

/**
 * What the Tree pane keeps between runs ({@code tree.json} in the config folder): the opening
 * databases the user opened, the one shown, and the book.
 *
 * @param databases the open databases' paths, in the order opened
 * @param selected  the one shown, empty for none
 * @param book      the open book's path, empty for none
 */
public record TreeSettings(List<String> databases, String selected, String book) {

    public static final TreeSettings DEFAULT = new TreeSettings(List.of(), "", "");

    public TreeSettings {
        databases = databases == null ? List.of() : List.copyOf(databases);
        selected = selected == null ? "" : selected;
        book = book == null ? "" : book;
    }
}

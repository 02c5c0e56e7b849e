package org.kibitz.workbench;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Cell;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;

/**
 * What a window shows cut: labels, buttons and column headers whose text is drawn shortened (an
 * ellipsis where words were), and cells whose text is taller than the room the row gives it. FX thread.
 */
final class Cuts {

    private Cuts() {
    }

    /** Whether a node and every parent of it are visible (a node in a hidden tab or collapsed pane is not). */
    static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    /** The text a labeled control draws, or null when its skin has drawn none yet. */
    static String drawn(Labeled l) {
        for (Node c : l.getChildrenUnmodifiable()) {
            if (c instanceof Text t && c.getStyleClass().contains("text")) {
                return t.getText();
            }
        }
        return null;
    }

    /**
     * Every shown labeled control below {@code root} whose text is drawn shortened, as
     * "id-or-class: 'shown' of 'full'". Cells are left out: a cut cell has its full text in a tooltip.
     */
    static List<String> cutLabels(Parent root) {
        List<String> out = new ArrayList<>();
        walk(root, n -> {
            if (n instanceof Labeled l && !(n instanceof Cell<?>) && shown(l) && l.getText() != null
                    && !l.getText().isBlank() && l.getWidth() > 0) {
                String d = drawn(l);
                if (d != null && !d.equals(l.getText()) && !d.replace("\n", " ").equals(l.getText().replace("\n", " "))) {
                    out.add(name(l) + ": '" + d + "' of '" + l.getText() + "'");
                }
            }
        });
        return out;
    }

    /**
     * Every shown table or list cell below {@code root} whose text is taller than the cell's inside
     * (its height less its padding): such a row cuts the bottom of the letters.
     */
    static List<String> tallCells(Parent root) {
        List<String> out = new ArrayList<>();
        walk(root, n -> {
            if (n instanceof Cell<?> c && !c.isEmpty() && shown(c) && c.getText() != null && !c.getText().isBlank()
                    && c.getHeight() > 0) {
                for (Node k : c.getChildrenUnmodifiable()) {
                    if (k instanceof Text t && k.getStyleClass().contains("text") && !t.getText().isEmpty()) {
                        double room = c.getHeight() - c.snappedTopInset() - c.snappedBottomInset();
                        double need = t.getLayoutBounds().getHeight();
                        if (need > room + 0.5) {
                            out.add(name(c) + " '" + c.getText() + "': text " + need + " px in " + room + " px");
                        }
                    }
                }
            }
        });
        return out;
    }

    static String name(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p.getId() != null) {
                return p.getId() + (p == n ? "" : " > " + n.getClass().getSimpleName());
            }
        }
        return n.getClass().getSimpleName();
    }

    static void walk(Node n, java.util.function.Consumer<Node> visit) {
        visit.accept(n);
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                walk(c, visit);
            }
        }
    }
}

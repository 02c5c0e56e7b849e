package org.kibitz.workbench;

import java.util.List;
import java.util.Optional;
import org.kibitz.workbench.LayoutFile.Branch;
import org.kibitz.workbench.LayoutFile.Container;
import org.kibitz.workbench.LayoutFile.Leaf;

/**
 * The window's layouts per task, as IDEs' perspectives and ChessBase's window layouts: each puts the
 * panes a task works with in front and gives them room. The user changes a layout by dragging; the
 * window keeps each task's layout as it was left ({@code layout.json}), and View › Layout › Reset
 * brings the shown one back to its default. Panes a default does not name are docked in their
 * usual region, as tabs behind the ones named.
 */
public enum TaskLayout {
    /** The board, its moves and the engines' lines: the workbench as it starts. */
    ANALYSIS,
    /** The report of a batch evaluation with the jobs beside it, the board and curve to follow a game. */
    BATCH,
    /** The disagreements between engines in front, the report behind them, the overlaid curves. */
    COMPARISON,
    /** The match pane wide, the live board and engines' lines beside it. */
    MATCH,
    /** The opening tree and its games tall beside the board, the engines below it. */
    OPENING,
    /** The training pane (its own board) wide, the game's board and moves beside it for learning from mistakes. */
    TRAINING;

    /** The menu text's key. */
    public String titleKey() {
        return "layout." + name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The default of this layout (empty: built from the panes' regions). */
    Optional<Container> defaults() {
        return switch (this) {
            // The panes in their regions, as the workbench has always started.
            case ANALYSIS -> Optional.empty();
            // The report over the jobs: the report's game and its table one over the other need the height.
            case BATCH -> Optional.of(h(0.42,
                    v(0.62, leaf("board"), leaf("curve", "moves")),
                    v(0.7, leaf("report", "games", "disagreements"), leaf("jobs", "engine-lines", "engine-log"))));
            case COMPARISON -> Optional.of(h(0.42,
                    v(0.62, leaf("board"), leaf("curve", "moves")),
                    v(0.7, leaf("disagreements", "report", "games"), leaf("jobs", "engine-lines", "engine-log"))));
            case MATCH -> Optional.of(h(0.4,
                    v(0.66, leaf("board"), leaf("engine-lines", "engine-log")),
                    v(0.6, leaf("match", "games"), leaf("curve", "moves", "jobs"))));
            case OPENING -> Optional.of(h(0.45,
                    v(0.66, leaf("board"), leaf("moves", "curve")),
                    v(0.6, leaf("tree", "games"), leaf("engine-lines", "deep", "engine-log", "jobs"))));
            // The puzzle wide on the left, the window's board beside it; the panes training does not use
            // in a low full-width strip below, each tab in view (eleven tabs in the right column's strip
            // left most of them out of sight at 1280x800).
            case TRAINING -> Optional.of(v(0.82,
                    h(0.6, leaf("training"), v(0.55, leaf("board"), leaf("moves", "curve", "games"))),
                    leaf("engine-lines", "engine-log", "jobs", "report", "tree", "disagreements", "match", "deep")));
        };
    }

    /** The layout of this name, if one. */
    public static Optional<TaskLayout> named(String name) {
        for (TaskLayout t : values()) {
            if (t.name().equals(name)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    private static Container h(double divider, Container a, Container b) {
        return new Branch(true, List.of(divider), List.of(a, b));
    }

    private static Container v(double divider, Container a, Container b) {
        return new Branch(false, List.of(divider), List.of(a, b));
    }

    /** Tabs, the first in front. */
    private static Container leaf(String... panes) {
        return new Leaf(List.of(panes), Optional.of(panes[0]));
    }
}

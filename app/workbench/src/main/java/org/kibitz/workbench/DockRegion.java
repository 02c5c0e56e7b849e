package org.kibitz.workbench;

/** Where a pane goes in the default layout. */
public enum DockRegion {
    /** The middle, largest area: the board. */
    CENTER,
    /** Beside the board on the right: moves, game lists. */
    RIGHT,
    /** Under the right column's panes: the evaluation curve, beside the moves it plots. */
    RIGHT_BOTTOM,
    /** Under the board: engine lines, curve, logs. */
    BOTTOM,
    /** Left of the board: explorers, trees. */
    LEFT
}

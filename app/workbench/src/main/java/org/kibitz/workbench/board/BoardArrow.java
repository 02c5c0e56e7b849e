package org.kibitz.workbench.board;

import java.util.Objects;
import javafx.scene.paint.Color;
import org.kibitz.api.game.Move;

/**
 * An arrow drawn over the board, for an engine's best line or an annotation.
 *
 * @param move  from where to where (promotion ignored)
 * @param color its colour; the alpha is kept, so lines beyond the first can be fainter
 * @param width its shaft's width as a fraction of a square (about 0.1 to 0.3)
 * @param label a short text in a badge at its head ({@code 1}, {@code +0.35}), or empty for none
 */
public record BoardArrow(Move move, Color color, double width, String label) {

    public BoardArrow {
        Objects.requireNonNull(move, "move");
        Objects.requireNonNull(color, "color");
        Objects.requireNonNull(label, "label");
        if (!(width > 0 && width <= 1)) {
            throw new IllegalArgumentException("width must be in (0, 1]: " + width);
        }
    }

    public BoardArrow(Move move, Color color) {
        this(move, color, 0.18, "");
    }
}

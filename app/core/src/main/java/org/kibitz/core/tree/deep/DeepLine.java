package org.kibitz.core.tree.deep;

import java.util.List;
import java.util.Objects;
import org.kibitz.api.game.Move;

/**
 * One MultiPV line an engine gave for an analysed node.
 *
 * @param move  its first move
 * @param value its value from the node's side to move's view ({@link DeepValues})
 * @param depth the depth the engine reached
 * @param pv    the whole line, starting with {@code move}
 */
public record DeepLine(Move move, int value, int depth, List<Move> pv) {
    public DeepLine {
        Objects.requireNonNull(move, "move");
        pv = List.copyOf(pv);
    }
}

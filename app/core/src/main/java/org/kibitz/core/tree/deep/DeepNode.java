package org.kibitz.core.tree.deep;

import java.util.List;
import java.util.Objects;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/**
 * A position the deep analysis searched: where it first reached it and what the engine said.
 *
 * @param key      the position's key (its FEN without move counters): transpositions share a node
 * @param path     the moves from the analysis root by which it was first reached
 * @param position the position
 * @param engine   the name of the engine that searched it
 * @param depth    the depth of its best line
 * @param lines    the engine's lines, best first (empty when it gave none)
 */
public record DeepNode(String key, List<Move> path, Position position, String engine, int depth, List<DeepLine> lines) {
    public DeepNode {
        Objects.requireNonNull(key, "key");
        path = List.copyOf(path);
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(engine, "engine");
        lines = List.copyOf(lines);
    }

    /** Plies from the analysis root on the path it was first reached by. */
    public int ply() {
        return path.size();
    }
}

package org.kibitz.core;

import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.tree.GameNode;

/**
 * The text of a node's move in one notation, remembered per node: a node's move and the position
 * before it never change, and writing SAN or Chinese notation needs the legal moves, so a move list
 * of thousands of plies is formatted once, not on every redraw.
 */
public final class MoveNames {

    /** What a null move (a pass) is written as. */
    public static final String NULL_MOVE = "--";

    private final Notation notation;
    private final int rankBase;
    private final Map<GameNode, String> cache = new WeakHashMap<>();

    public MoveNames(Notation notation, int coordinateRankBase) {
        this.notation = Objects.requireNonNull(notation, "notation");
        this.rankBase = coordinateRankBase;
    }

    public Notation notation() {
        return notation;
    }

    /** The node's move in this notation; empty for the root. */
    public String of(GameNode node) {
        if (node.move().isEmpty()) {
            return "";
        }
        return cache.computeIfAbsent(node, this::format);
    }

    private String format(GameNode node) {
        Move m = node.move().orElseThrow();
        if (m.isNull()) {
            return NULL_MOVE;
        }
        try {
            return notation.format(node.positionBefore(), m);
        } catch (RuntimeException e) {
            // A notation that cannot write a move must not blank the list: fall back to coordinates.
            return m.coordinates(rankBase);
        }
    }
}

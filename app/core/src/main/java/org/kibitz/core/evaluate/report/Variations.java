package org.kibitz.core.evaluate.report;

import java.util.List;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;

/** Engine lines written into a game tree as variations. */
public final class Variations {

    private Variations() {
    }

    /**
     * Adds the moves {@code coords} below {@code from}, as far as they are legal one after another,
     * joining moves the tree already has.
     *
     * @param rankBase the rank base of the coordinates (1 for chess, 0 for xiangqi)
     * @return the nodes of the line's moves, as far as they were legal
     */
    public static List<GameNode> add(GameNode from, List<String> coords, int rankBase) {
        GameNode cur = from;
        List<GameNode> nodes = new java.util.ArrayList<>(coords.size());
        for (String c : coords) {
            Move found = null;
            for (Move m : cur.position().legalMoves()) {
                if (m.coordinates(rankBase).equals(c)) {
                    found = m;
                    break;
                }
            }
            if (found == null) {
                break;
            }
            cur = cur.childOrAdd(found);
            nodes.add(cur);
        }
        return nodes;
    }
}

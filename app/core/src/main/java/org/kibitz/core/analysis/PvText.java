package org.kibitz.core.analysis;

import java.util.List;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;

/**
 * A principal variation written out in one of the game's notations with move numbers, as players
 * read it: {@code 12. Nf3 Nc6 13. Bb5}, {@code 12... Nc6 13. Bb5}, {@code 1. 炮二平五 马８进７}.
 */
public final class PvText {

    private PvText() {
    }

    /**
     * @param root     the position the line starts from
     * @param maxPlies how many moves to write at most (the rest is dropped: a column shows a few)
     */
    public static String format(Position root, List<Move> pv, Notation notation, int maxPlies) {
        StringBuilder b = new StringBuilder();
        Position p = root;
        int number = Math.max(1, root.fullmoveNumber());
        int n = 0;
        for (Move m : pv) {
            if (n >= maxPlies || !p.isLegal(m)) {
                break;
            }
            if (!b.isEmpty()) {
                b.append(' ');
            }
            if (p.sideToMove() == Side.WHITE) {
                b.append(number).append(". ");
            } else if (n == 0) {
                b.append(number).append("... ");
            }
            String text;
            try {
                text = notation.format(p, m);
            } catch (RuntimeException e) {
                text = m.coordinates(0);
            }
            b.append(text);
            if (p.sideToMove() != Side.WHITE) {
                number++;
            }
            p = p.play(m);
            n++;
        }
        return b.toString();
    }
}

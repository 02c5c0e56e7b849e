package org.kibitz.formats.pgn;

import java.util.Optional;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;

/**
 * Null moves ({@code --}, {@code Z0}): the side to move passes. Analysts use them in variations to
 * show a threat; the position after one is made through the game's FEN, so no rules module needs
 * to know about passing.
 */
final class NullMoves {

    private NullMoves() {
    }

    /** The position after {@code pos}'s side to move passes; empty when that position is not a legal one. */
    static Optional<Position> pass(GamePlugin game, Position pos) {
        String[] f = pos.fen().split(" ");
        if (f.length < 2) {
            return Optional.empty();
        }
        f[1] = pos.sideToMove() == Side.WHITE ? "b" : "w";
        if (f.length >= 4) {
            f[3] = "-"; // no en passant capture after a pass
        }
        if (f.length >= 5) {
            f[4] = Integer.toString(pos.halfmoveClock() + 1);
        }
        if (f.length >= 6) {
            f[5] = Integer.toString(pos.fullmoveNumber() + (pos.sideToMove() == Side.BLACK ? 1 : 0));
        }
        try {
            return Optional.of(game.parseFen(String.join(" ", f)));
        } catch (FenException e) {
            return Optional.empty();
        }
    }
}

package org.kibitz.chess;

import org.kibitz.api.game.Position;

/** Shared checks for the chess notations. */
final class ChessNotations {

    private ChessNotations() {
    }

    static ChessPosition chess(Position p) {
        if (p instanceof ChessPosition c) {
            return c;
        }
        throw new IllegalArgumentException("not a chess position: " + p.gameId());
    }
}

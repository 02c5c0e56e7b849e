package org.kibitz.core.evaluate.compare;

import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;

/**
 * The phase of the game a position is in, by material and move number, for both games alike: the
 * endgame once both sides together have {@value #ENDGAME_PIECES} or fewer pieces that are neither king,
 * pawn nor defender (chess: queens, rooks, bishops, knights, lichess's rule; xiangqi: chariots, horses,
 * cannons), the opening up to move {@value #OPENING_MOVES} while at least {@value #OPENING_PIECES} of
 * them are on the board, the middlegame between.
 */
public enum Phase {
    OPENING, MIDDLEGAME, ENDGAME;

    public static final int OPENING_MOVES = 10;
    public static final int OPENING_PIECES = 10;
    public static final int ENDGAME_PIECES = 6;

    /** The phase of {@code p}. */
    public static Phase of(Position p) {
        boolean xiangqi = "xiangqi".equals(p.gameId());
        int pieces = 0;
        for (Piece piece : p.pieces().values()) {
            char t = piece.type();
            if (xiangqi ? t == 'R' || t == 'N' || t == 'C' : t == 'Q' || t == 'R' || t == 'B' || t == 'N') {
                pieces++;
            }
        }
        if (pieces <= ENDGAME_PIECES) {
            return ENDGAME;
        }
        return p.fullmoveNumber() <= OPENING_MOVES && pieces >= OPENING_PIECES ? OPENING : MIDDLEGAME;
    }

    /** The phase's name as the CSV and JSON write it. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

package org.kibitz.xiangqi;

import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.xiangqi.board.Board;
import org.kibitz.xiangqi.board.Pieces;

/**
 * ICCS coordinates, what xiangqi engines speak: {@code h2e2}, files a..i from Red's left, ranks 0..9 from
 * Red's side. Writes lower case without a dash; reads {@code H2-E2}, either case and full-width forms.
 */
final class IccsNotation implements Notation {

    static final String ID = "iccs";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String format(Position before, Move move) {
        XiangqiPosition pos = XiangqiPlugin.asXiangqi(before);
        return Board.moveText(Notations.requireLegal(pos, move));
    }

    @Override
    public Move parse(Position before, String text) throws MoveParseException {
        XiangqiPosition pos = XiangqiPlugin.asXiangqi(before);
        String s = Notations.stripSuffix(Notations.foldWidth(text), "!?+#");
        Move move;
        try {
            move = Move.parseCoordinates(s, 0);
        } catch (IllegalArgumentException e) {
            throw Notations.notAMove(text, "move.notIccs");
        }
        int m = XiangqiPosition.toInt(move);
        if (m == Board.NO_MOVE) {
            throw Notations.notAMove(text, "move.notIccs");
        }
        if (pos.legalInt(move) != Board.NO_MOVE) {
            return move;
        }
        int pc = pos.codeAt(Board.from(m));
        String from = XiangqiFen.squareName(Board.from(m));
        if (pc == 0) {
            throw Notations.illegal(text, "move.noPiece", from);
        }
        if (Pieces.side(pc) != pos.side()) {
            throw Notations.illegal(text, "move.wrongSide", from);
        }
        throw Notations.illegal(text, "move.illegal");
    }
}

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
        int plain = plain(text);
        if (plain != Board.NO_MOVE && pos.isLegal(plain)) {
            return pos.resolvedMove(plain);
        }
        // Every other form, and every move that is not legal here (for the error it gets).
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

    /**
     * The board move of a text in the form nearly every file and engine writes ({@code h2e2}: four
     * characters, lower case, nothing around them), or {@link Board#NO_MOVE} for any other text.
     * Reading a game file asks this once a move, and the general reading below (folding widths,
     * stripping marks, a {@link Move} made and then converted) was a sixth of reading an ICCS file.
     */
    private static int plain(String text) {
        if (text.length() != 4) {
            return Board.NO_MOVE;
        }
        int ff = text.charAt(0) - 'a';
        int fr = text.charAt(1) - '0';
        int tf = text.charAt(2) - 'a';
        int tr = text.charAt(3) - '0';
        if ((ff | fr | tf | tr) < 0 || ff > 8 || fr > 9 || tf > 8 || tr > 9) {
            return Board.NO_MOVE;
        }
        return Board.move(fr * 9 + ff, tr * 9 + tf);
    }
}

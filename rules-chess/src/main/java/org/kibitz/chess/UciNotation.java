package org.kibitz.chess;

import org.kibitz.api.game.IllegalMoveException;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.NotAMoveException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.api.i18n.Text;
import org.kibitz.chess.board.Moves;

/**
 * UCI coordinates ({@code uci}): {@code e2e4}, {@code e7e8q}; castling as the position writes it
 * (e1g1 standard, e1h1 Chess960), either form read (see {@link ChessPosition}). Reading also takes
 * a dash ({@code e2-e4}), upper-case letters and {@code =} before the promotion letter.
 */
public final class UciNotation implements Notation {

    static final UciNotation INSTANCE = new UciNotation();

    private UciNotation() {
    }

    @Override
    public String id() {
        return "uci";
    }

    @Override
    public String format(Position before, Move move) {
        ChessPosition p = ChessNotations.chess(before);
        int m = p.toInternal(move);
        if (m == Moves.NONE) {
            throw new IllegalArgumentException("not a legal move in " + p.fen() + ": " + move.coordinates(1));
        }
        return p.toMove(m).coordinates(1);
    }

    @Override
    public Move parse(Position before, String text) throws MoveParseException {
        ChessPosition p = ChessNotations.chess(before);
        String s = text.strip();
        if (San.isNullMove(s)) {
            throw new NotAMoveException(text, Text.of(UciNotation.class, "move.nullMove", text));
        }
        Move move;
        try {
            move = Move.parseCoordinates(s, 1);
        } catch (IllegalArgumentException e) {
            throw new NotAMoveException(text, Text.of(UciNotation.class, "move.notUci", text));
        }
        if (move.from().file() > 7 || move.from().rank() > 7 || move.to().file() > 7 || move.to().rank() > 7) {
            throw new NotAMoveException(text, Text.of(UciNotation.class, "move.notUci", text));
        }
        int m = p.toInternal(move);
        if (m == Moves.NONE) {
            boolean promotionMissing = false;
            if (!move.isPromotion()) {
                for (int legal : p.intMoves()) {
                    promotionMissing |= Moves.isPromotion(legal) && p.toMove(legal).from().equals(move.from())
                            && p.toMove(legal).to().equals(move.to());
                }
            }
            throw new IllegalMoveException(text, Text.of(UciNotation.class,
                    promotionMissing ? "move.promotionMissing" : "move.illegal", text));
        }
        return p.toMove(m);
    }

    @Override
    public String toString() {
        return id();
    }
}

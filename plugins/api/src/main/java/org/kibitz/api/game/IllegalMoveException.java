package org.kibitz.api.game;

import org.kibitz.api.i18n.Text;

/** The text names a move, but no legal move of the position matches it. */
public final class IllegalMoveException extends MoveParseException {

    public IllegalMoveException(String input, Text text) {
        super(input, text);
    }
}

package org.kibitz.api.game;

import org.kibitz.api.i18n.Text;

/** The text is not a move in this notation at all. */
public final class NotAMoveException extends MoveParseException {

    public NotAMoveException(String input, Text text) {
        super(input, text);
    }
}

package org.kibitz.api.game;

import org.kibitz.api.i18n.Text;

/** The text matches more than one legal move of the position. */
public final class AmbiguousMoveException extends MoveParseException {

    public AmbiguousMoveException(String input, Text text) {
        super(input, text);
    }
}

package org.kibitz.api.game;

import org.kibitz.api.i18n.Text;

/**
 * A move text that could not be read as a move of the position. The three subclasses say why:
 * not a move at all, a move that is illegal here, or a move that fits more than one legal move.
 */
public abstract sealed class MoveParseException extends Exception
        permits NotAMoveException, IllegalMoveException, AmbiguousMoveException {

    private final String input;
    private final transient Text text;

    protected MoveParseException(String input, Text text) {
        super(text.toString(), null, false, false);
        this.input = input;
        this.text = text;
    }

    /** The text that was given. */
    public String input() {
        return input;
    }

    /** The reason, for showing to a user. */
    public Text text() {
        return text;
    }
}

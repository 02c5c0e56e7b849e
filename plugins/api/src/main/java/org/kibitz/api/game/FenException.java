package org.kibitz.api.game;

import org.kibitz.api.i18n.Text;

/** A FEN that is not a valid position of the game, with what is wrong and where. */
public final class FenException extends Exception {

    private final String fen;
    private final transient Text text;

    public FenException(String fen, Text text) {
        super(text.toString() + ": " + fen, null, false, false);
        this.fen = fen;
        this.text = text;
    }

    public String fen() {
        return fen;
    }

    /** The reason, for showing to a user. */
    public Text text() {
        return text;
    }
}

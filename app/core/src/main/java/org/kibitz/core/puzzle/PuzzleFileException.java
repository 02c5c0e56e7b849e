package org.kibitz.core.puzzle;

import java.io.IOException;
import org.kibitz.api.i18n.Text;

/** Why a puzzle file could not be read (nothing of it is used): a message for the user, naming the file and line. */
public final class PuzzleFileException extends IOException {

    private final transient Text text;

    PuzzleFileException(Text text) {
        this(text, null);
    }

    PuzzleFileException(Text text, Throwable cause) {
        super(text.toString(), cause);
        this.text = text;
    }

    /** What is wrong, for the user. */
    public Text text() {
        return text;
    }
}

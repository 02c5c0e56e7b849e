package org.kibitz.core.evaluate.judge;

import org.kibitz.api.i18n.Text;

/** A {@code --judge} specification that names no model or gives a parameter that cannot be used. */
public final class JudgeSpecException extends IllegalArgumentException {

    private final transient Text text;

    JudgeSpecException(Text text) {
        super(text.toString());
        this.text = text;
    }

    /** What is wrong, for showing to a user. */
    public Text text() {
        return text;
    }
}

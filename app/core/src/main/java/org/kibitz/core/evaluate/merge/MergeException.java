package org.kibitz.core.evaluate.merge;

import java.io.IOException;
import org.kibitz.api.i18n.Text;

/** Why parts were not merged (nothing was written): a message for the user, naming the parts and the field. */
public final class MergeException extends IOException {

    private final transient Text text;

    MergeException(Text text) {
        this(text, null);
    }

    MergeException(Text text, Throwable cause) {
        super(text.toString(), cause);
        this.text = text;
    }

    /** What is wrong, for the user. */
    public Text text() {
        return text;
    }
}

package org.kibitz.core.jobs;

import java.io.IOException;
import org.kibitz.api.i18n.Text;

/**
 * A journal that cannot be used: written for other work, damaged, or already there. The message names
 * the file (and the line) and says why; {@link #text()} is the same in the reader's language.
 */
public final class JournalException extends IOException {

    private final transient Text text;

    public JournalException(Text text) {
        super(text.toString());
        this.text = text;
    }

    public Text text() {
        return text;
    }
}

package org.kibitz.core.jobs;

import java.io.IOException;

/** A journal that cannot be used: written for other work, damaged, or already there. The message says which file and why. */
public final class JournalException extends IOException {

    public JournalException(String message) {
        super(message);
    }
}

package org.kibitz.protocols;

import org.kibitz.api.i18n.Text;

/**
 * The anchor of this module's user-visible messages ({@code org/kibitz/protocols/messages*.properties},
 * English and Simplified Chinese).
 */
public final class ProtocolMessages {

    private ProtocolMessages() {
    }

    /** The message {@code key} of this module's bundle with its arguments. */
    public static Text text(String key, Object... args) {
        return Text.of(ProtocolMessages.class, key, args);
    }
}

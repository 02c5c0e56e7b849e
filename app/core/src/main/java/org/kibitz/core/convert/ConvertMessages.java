package org.kibitz.core.convert;

import org.kibitz.api.i18n.Text;

/** The messages of file conversion, from {@code org/kibitz/core/convert/messages*.properties}. */
final class ConvertMessages {

    private ConvertMessages() {
    }

    static Text text(String key, Object... args) {
        return Text.of(ConvertMessages.class, key, args);
    }
}

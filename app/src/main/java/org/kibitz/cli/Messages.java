package org.kibitz.cli;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/** The CLI's user-visible strings, from {@code org/kibitz/cli/messages*.properties}. */
public final class Messages {

    private Messages() {
    }

    /** The string for {@code key} in the default locale's language, with {@code args} filled in. */
    public static String get(String key, Object... args) {
        ResourceBundle b = ResourceBundle.getBundle("org.kibitz.cli.messages", Locale.getDefault());
        String pattern = b.getString(key);
        return args.length == 0 ? pattern : new MessageFormat(pattern, Locale.getDefault()).format(args);
    }
}

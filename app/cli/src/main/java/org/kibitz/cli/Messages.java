package org.kibitz.cli;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The CLI's user-visible strings. The shared ones are in {@code org/kibitz/cli/messages*.properties};
 * a command with many strings keeps its own bundle beside it ({@code org/kibitz/cli/perft*.properties})
 * and reads it with {@link #of(String)}.
 */
public final class Messages {

    private static final Messages SHARED = new Messages("org.kibitz.cli.messages");

    private final String bundle;

    private Messages(String bundle) {
        this.bundle = bundle;
    }

    /** The bundle {@code org/kibitz/cli/<name>*.properties}. */
    public static Messages of(String name) {
        return new Messages("org.kibitz.cli." + name);
    }

    /** A string of the shared CLI bundle, in the default locale's language. */
    public static String get(String key, Object... args) {
        return SHARED.text(key, args);
    }

    /** A string of this bundle, in the default locale's language, with {@code args} filled in. */
    public String text(String key, Object... args) {
        Locale locale = Locale.getDefault();
        String pattern = ResourceBundle.getBundle(bundle, locale).getString(key);
        return args.length == 0 ? pattern.replace("''", "'") : new MessageFormat(pattern, locale).format(args);
    }
}

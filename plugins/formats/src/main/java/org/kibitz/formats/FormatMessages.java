package org.kibitz.formats;

import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.FormatProblem.Severity;
import org.kibitz.api.i18n.Text;

/**
 * The user-visible messages of the format plugins, from {@code org/kibitz/formats/messages*.properties},
 * and the problems built from them.
 */
public final class FormatMessages {

    private FormatMessages() {
    }

    public static Text text(String key, Object... args) {
        return Text.of(FormatMessages.class, key, args);
    }

    public static FormatProblem error(String source, int game, Location where, String key, Object... args) {
        return new FormatProblem(source, game, where, Severity.ERROR, text(key, args));
    }

    public static FormatProblem warning(String source, int game, Location where, String key, Object... args) {
        return new FormatProblem(source, game, where, Severity.WARNING, text(key, args));
    }
}

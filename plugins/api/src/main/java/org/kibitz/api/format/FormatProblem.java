package org.kibitz.api.format;

import java.util.Locale;
import java.util.Objects;
import org.kibitz.api.i18n.Text;

/**
 * Something wrong in a file, located so that a user can find it: the file, the game's number, and
 * the line (text formats) or byte offset (binary formats).
 */
public record FormatProblem(String source, int gameNumber, Location location, Severity severity, Text message) {

    public enum Severity { WARNING, ERROR }

    /** A place in a file: a 1-based line or a 0-based byte offset. */
    public record Location(Unit unit, long value) {
        public enum Unit { LINE, OFFSET }

        public static Location line(long line) {
            return new Location(Unit.LINE, line);
        }

        public static Location offset(long offset) {
            return new Location(Unit.OFFSET, offset);
        }

        @Override
        public String toString() {
            return (unit == Unit.LINE ? "line " : "offset ") + value;
        }
    }

    public FormatProblem {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
    }

    /** {@code <file>:game <n>:line <l>: <message>} (or {@code :offset <o>}), in the given language. */
    public String render(Locale locale) {
        return source + ":game " + gameNumber + ":" + location + ": " + message.render(locale);
    }

    @Override
    public String toString() {
        return render(Locale.ROOT);
    }
}

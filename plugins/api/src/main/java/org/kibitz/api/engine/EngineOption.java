package org.kibitz.api.engine;

import java.util.List;

/**
 * An option an engine declared, typed as the protocols type them (UCI {@code spin check combo button
 * string}; CECP also {@code -file -path}; UCCI {@code label}).
 */
public sealed interface EngineOption {

    String name();

    /** The value in text form as the engine would be sent it; empty for buttons. */
    String value();

    /** This option with another value (validated by type). */
    EngineOption withValue(String text);

    /** An integer in a range. */
    record Spin(String name, long current, long min, long max) implements EngineOption {
        @Override
        public String value() {
            return Long.toString(current);
        }

        @Override
        public EngineOption withValue(String text) {
            long v;
            try {
                v = Long.parseLong(text.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " takes a whole number from " + min + " to " + max + ": " + text);
            }
            if (v < min || v > max) {
                throw new IllegalArgumentException(name + " takes a whole number from " + min + " to " + max + ": " + text);
            }
            return new Spin(name, v, min, max);
        }
    }

    /** On or off. */
    record Check(String name, boolean on) implements EngineOption {
        @Override
        public String value() {
            return Boolean.toString(on);
        }

        @Override
        public EngineOption withValue(String text) {
            String t = text.trim().toLowerCase(java.util.Locale.ROOT);
            return switch (t) {
                case "true", "1", "on", "yes" -> new Check(name, true);
                case "false", "0", "off", "no" -> new Check(name, false);
                default -> throw new IllegalArgumentException(name + " takes true or false: " + text);
            };
        }
    }

    /** One of a list of choices. */
    record Combo(String name, String value, List<String> choices) implements EngineOption {
        public Combo {
            choices = List.copyOf(choices);
        }

        @Override
        public EngineOption withValue(String text) {
            for (String c : choices) {
                if (c.equalsIgnoreCase(text.trim())) {
                    return new Combo(name, c, choices);
                }
            }
            throw new IllegalArgumentException(name + " takes one of " + choices + ": " + text);
        }
    }

    /** An action with no value. */
    record Button(String name) implements EngineOption {
        @Override
        public String value() {
            return "";
        }

        @Override
        public EngineOption withValue(String text) {
            return this;
        }
    }

    /** Free text, a file or a folder. */
    record Text(String name, String value, TextKind kind) implements EngineOption {
        @Override
        public EngineOption withValue(String text) {
            return new Text(name, text, kind);
        }
    }

    /** What a text option holds. */
    enum TextKind { STRING, FILE, PATH }
}

package org.kibitz.api.i18n;

import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.Objects;
import java.util.ResourceBundle;

/**
 * A user-visible message that is rendered in the reader's language only when shown.
 *
 * <p>Modules below the app never build user-facing strings themselves: they return a {@code Text}
 * naming a key in the {@code messages} bundle of the anchor class's package (English in
 * {@code messages.properties}, Simplified Chinese in {@code messages_zh_CN.properties}) and the
 * arguments for its {@link MessageFormat} pattern.
 *
 * @param anchor a class in the package that holds the {@code messages} bundle; its class loader loads it
 * @param key    the key in that bundle
 * @param args   the pattern's arguments
 */
public record Text(Class<?> anchor, String key, List<Object> args) {

    /** A quoted argument longer than this many characters is cut (a whole bad line could be megabytes). */
    public static final int MAX_QUOTE = 120;
    /** What is kept of a cut argument. */
    static final int KEPT = 100;

    public Text {
        Objects.requireNonNull(anchor, "anchor");
        Objects.requireNonNull(key, "key");
        // The one place messages take what they quote: a long quote is cut here, for every message.
        args = args.stream().map(Text::cut).toList();
    }

    /**
     * {@code a}, or when it is one line of text longer than {@link #MAX_QUOTE}: its start, an ellipsis and
     * its length. A block of lines (an engine's last output) keeps its lines, each cut to twice that.
     */
    private static Object cut(Object a) {
        Objects.requireNonNull(a, "a message argument");
        if (!(a instanceof CharSequence s) || s.length() <= MAX_QUOTE) {
            return a;
        }
        String text = s.toString();
        if (text.indexOf('\n') >= 0) {
            StringBuilder b = new StringBuilder();
            for (String line : text.split("\n", -1)) {
                if (!b.isEmpty()) {
                    b.append('\n');
                }
                b.append(line.length() > 2 * MAX_QUOTE ? head(line, 2 * KEPT) + " …" : line);
            }
            return b.toString();
        }
        return new Text(Text.class, "text.cut", List.of(head(text, KEPT), text.length()));
    }

    private static String head(String s, int n) {
        return s.substring(0, Character.isHighSurrogate(s.charAt(n - 1)) ? n - 1 : n);
    }

    /** A message from the bundle {@code <anchor's package>.messages}. */
    public static Text of(Class<?> anchor, String key, Object... args) {
        return new Text(anchor, key, List.of(args));
    }

    /** The message in the given language; English (the base bundle) when there is no translation. */
    public String render(Locale locale) {
        String pattern;
        try {
            ResourceBundle bundle = ResourceBundle.getBundle(anchor.getPackageName() + ".messages", locale,
                    anchor.getClassLoader(), ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_DEFAULT));
            pattern = bundle.getString(key);
        } catch (MissingResourceException e) {
            // A missing translation must never hide the message itself.
            return args.isEmpty() ? key : key + " " + args;
        }
        if (args.isEmpty()) {
            return pattern.replace("''", "'");
        }
        // A Text among the arguments (a reason inside a message) is shown in the same language.
        Object[] values = args.stream().map(a -> a instanceof Text t ? t.render(locale) : a).toArray();
        return new MessageFormat(pattern, locale).format(values);
    }

    /** The message in the language of the default locale. */
    public String render() {
        return render(Locale.getDefault());
    }

    /** English, for logs and exception messages. */
    @Override
    public String toString() {
        return render(Locale.ROOT);
    }
}

package org.kibitz.workbench;

import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.kibitz.api.i18n.Text;

/**
 * The workbench's language: every user-visible string is bound through here, so switching language
 * in View changes the whole window at once, without a restart.
 */
public final class I18n {

    /** The languages the workbench is translated into. */
    public static final List<Locale> LANGUAGES = List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE);

    /**
     * The UI's bundles, searched in order: the shell's, then one per feature area (so that areas
     * built side by side do not all edit one file).
     */
    static final List<String> BUNDLES = List.of("org.kibitz.workbench.messages", "org.kibitz.workbench.engines",
            "org.kibitz.workbench.jobs", "org.kibitz.workbench.evaluate", "org.kibitz.workbench.compare",
            "org.kibitz.workbench.views", "org.kibitz.workbench.board", "org.kibitz.workbench.editor",
            "org.kibitz.workbench.enginedefaults", "org.kibitz.workbench.training");

    private final ObjectProperty<Locale> locale = new SimpleObjectProperty<>();

    public I18n(Locale initial) {
        locale.set(supported(initial));
    }

    /** The nearest translated language: Chinese for any {@code zh} locale, else English. */
    public static Locale supported(Locale wanted) {
        return "zh".equals(wanted.getLanguage()) ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH;
    }

    public ObjectProperty<Locale> localeProperty() {
        return locale;
    }

    public Locale locale() {
        return locale.get();
    }

    /** The string for {@code key} now. */
    public String get(String key, Object... args) {
        return format(locale.get(), key, args);
    }

    /** The string for {@code key}, following language changes. */
    public StringBinding text(String key, Object... args) {
        return Bindings.createStringBinding(() -> format(locale.get(), key, args), locale);
    }

    /** The built-in engine's name as the engine list and files keep it (the same in every language). */
    public static final String BUILTIN_ENGINE = "Kibitz engine";

    /**
     * An engine's name as shown: the built-in engine's in the current language ("Kibitz 引擎"),
     * also within a longer label ("1: Kibitz engine"); any other engine's as it is. Files, the engine list
     * and the analysis store keep the name unchanged.
     */
    public String engineName(String name) {
        return name == null || !name.contains(BUILTIN_ENGINE) ? name : name.replace(BUILTIN_ENGINE, get("engines.builtin.name"));
    }

    /** A message from a module below the app, rendered in the current language. */
    public String render(Text text) {
        return text.render(locale.get());
    }

    private static String format(Locale l, String key, Object... args) {
        String pattern = null;
        for (String name : BUNDLES) {
            try {
                ResourceBundle b = ResourceBundle.getBundle(name, l, I18n.class.getClassLoader(),
                        ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_DEFAULT));
                if (b.containsKey(key)) {
                    pattern = b.getString(key);
                    break;
                }
            } catch (MissingResourceException e) {
                // this area has no bundle (yet): look in the next
            }
        }
        if (pattern == null) {
            return key;
        }
        return args.length == 0 ? pattern.replace("''", "'") : new MessageFormat(pattern, l).format(args);
    }
}

package org.kibitz.workbench.board;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import org.kibitz.core.Settings;
import org.kibitz.workbench.MainWindow;

/**
 * Choices kept by key in one map of the settings (the rule set by game, the board's look by game
 * and aspect): read once the window has its settings, saved on every change, counted by a revision
 * that the board redraws on. FX thread only.
 */
final class SettingsChoices {

    private final Supplier<MainWindow> window;
    private final Function<Settings, Map<String, String>> read;
    private final Map<String, String> chosen = new HashMap<>();
    private final ReadOnlyIntegerWrapper revision = new ReadOnlyIntegerWrapper(this, "revision");
    private boolean loaded;

    /** @param read the settings' map these choices live in */
    SettingsChoices(Supplier<MainWindow> window, Function<Settings, Map<String, String>> read) {
        this.window = Objects.requireNonNull(window, "window");
        this.read = Objects.requireNonNull(read, "read");
    }

    /** The value chosen for {@code key}, or null. */
    String get(String key) {
        load();
        return chosen.get(key);
    }

    /** Chooses {@code value} for {@code key}, saving the settings as {@code save} changes them. */
    void put(String key, String value, UnaryOperator<Settings> save) {
        load();
        chosen.put(key, value);
        MainWindow w = window.get();
        if (w != null && w.settings() != null) {
            w.updateSettings(save);
        }
        revision.set(revision.get() + 1);
    }

    ReadOnlyIntegerProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    private void load() {
        if (loaded) {
            return;
        }
        MainWindow w = window.get();
        Settings s = w == null ? null : w.settings();
        if (s != null) {
            chosen.putAll(read.apply(s));
            loaded = true;
        }
    }
}

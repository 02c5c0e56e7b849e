package org.kibitz.workbench.board;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.Settings;
import org.kibitz.workbench.MainWindow;

/**
 * The rule set the board rules repetitions by, for each game that has several (xiangqi: axf,
 * computer, chinese, none), kept in the settings. FX thread only.
 */
public final class RuleSetChoice {

    private final Supplier<MainWindow> window;
    private final Map<String, String> chosen = new HashMap<>();
    private final ReadOnlyIntegerWrapper revision = new ReadOnlyIntegerWrapper(this, "revision");
    private boolean loaded;

    public RuleSetChoice(Supplier<MainWindow> window) {
        this.window = Objects.requireNonNull(window, "window");
    }

    /** The rule set chosen for {@code game}, else its default; empty for a game without rule sets. */
    public String ruleSet(GamePlugin game) {
        load();
        if (game.ruleSets().isEmpty()) {
            return "";
        }
        String id = chosen.get(game.id());
        return id != null && game.ruleSets().contains(id) ? id : game.ruleSets().get(0);
    }

    public void setRuleSet(GamePlugin game, String ruleSet) {
        load();
        if (ruleSet == null || ruleSet.equals(ruleSet(game)) || !game.ruleSets().contains(ruleSet)) {
            return;
        }
        chosen.put(game.id(), ruleSet);
        MainWindow w = window.get();
        if (w != null && w.settings() != null) {
            w.updateSettings(s -> s.withRuleSet(game.id(), ruleSet));
        }
        revision.set(revision.get() + 1);
    }

    /** Increases on every change. */
    public ReadOnlyIntegerProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    private void load() {
        if (loaded) {
            return;
        }
        MainWindow w = window.get();
        Settings s = w == null ? null : w.settings();
        if (s != null) {
            chosen.putAll(s.ruleSets());
            loaded = true;
        }
    }
}

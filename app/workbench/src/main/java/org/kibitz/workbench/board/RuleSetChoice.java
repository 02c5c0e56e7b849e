package org.kibitz.workbench.board;

import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyIntegerProperty;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.Settings;
import org.kibitz.workbench.MainWindow;

/**
 * The rule set the board rules repetitions by, for each game that has several (xiangqi: axf,
 * computer, chinese, none), kept in the settings. FX thread only.
 */
public final class RuleSetChoice {

    private final SettingsChoices chosen;

    public RuleSetChoice(Supplier<MainWindow> window) {
        this.chosen = new SettingsChoices(window, Settings::ruleSets);
    }

    /** The rule set chosen for {@code game}, else its default; empty for a game without rule sets. */
    public String ruleSet(GamePlugin game) {
        if (game.ruleSets().isEmpty()) {
            return "";
        }
        String id = chosen.get(game.id());
        return id != null && game.ruleSets().contains(id) ? id : game.ruleSets().get(0);
    }

    public void setRuleSet(GamePlugin game, String ruleSet) {
        if (ruleSet == null || ruleSet.equals(ruleSet(game)) || !game.ruleSets().contains(ruleSet)) {
            return;
        }
        chosen.put(game.id(), ruleSet, s -> s.withRuleSet(game.id(), ruleSet));
    }

    /** Increases on every change. */
    public ReadOnlyIntegerProperty revisionProperty() {
        return chosen.revisionProperty();
    }
}

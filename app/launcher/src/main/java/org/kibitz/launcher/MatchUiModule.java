package org.kibitz.launcher;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import org.kibitz.api.game.Games;
import org.kibitz.core.GameDocument;
import org.kibitz.core.GameFiles;
import org.kibitz.core.JsonStore;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.jobs.Background;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.workbench.DockRegion;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.PaneProvider;
import org.kibitz.workbench.SimplePaneProvider;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.files.FileActions;
import org.kibitz.workbench.match.MatchMenu;
import org.kibitz.workbench.match.MatchPane;
import org.kibitz.workbench.match.MatchSetup;
import org.kibitz.workbench.match.MatchUi;

/**
 * Engine matches and tournaments in the workbench: Engine → New match…, and the Match pane, over the
 * shared job runner; a match's journal is kept in the data folder's {@code runs/}, the last match's
 * setup in {@code match.json} beside it, so a paused match resumes after a restart.
 */
public final class MatchUiModule extends AbstractModule {

    @Provides
    @Singleton
    MatchUi matchUi(EnginesUi engines, Games games, GameFiles files, JobRunner runner, KibitzPaths paths,
                    GameDocument document, I18n i18n, Provider<MainWindow> window, Provider<FileActions> actions) {
        Background background = Background.threads();
        // The engine panes read the engine list; the match offers the same list.
        return new MatchUi(engines.registry(), games, files, runner, paths.data().resolve("runs"),
                new JsonStore<>(paths.data().resolve("match.json"), MatchSetup.class), document, i18n, window::get,
                () -> actions.get().confirmDiscard(), task -> background.run("match", task));
    }

    @ProvidesIntoSet
    MenuContributor matchMenu(MatchUi ui) {
        return new MatchMenu(ui);
    }

    @ProvidesIntoSet
    PaneProvider matchPane(Provider<MatchUi> ui) {
        return new SimplePaneProvider(MatchUi.PANE, "pane.match", DockRegion.BOTTOM, 47, () -> new MatchPane(ui.get()));
    }
}

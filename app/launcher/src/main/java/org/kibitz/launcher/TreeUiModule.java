package org.kibitz.launcher;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import org.kibitz.api.game.Games;
import org.kibitz.core.Formats;
import org.kibitz.core.GameDocument;
import org.kibitz.core.JsonStore;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.workbench.DockRegion;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.PaneProvider;
import org.kibitz.workbench.SimplePaneProvider;
import org.kibitz.workbench.files.FileActions;
import org.kibitz.workbench.moves.MoveListOptions;
import org.kibitz.workbench.tree.TreePane;
import org.kibitz.workbench.tree.TreeSettings;
import org.kibitz.workbench.tree.TreeUi;

/**
 * The opening tree in the workbench: the Tree pane (View → Panes → Tree) over the opening databases
 * the user opens, remembered in {@code tree.json} in the config folder; databases it imports go to the
 * data folder's {@code trees/}, as {@code kibitz tree import --db NAME} puts them.
 */
public final class TreeUiModule extends AbstractModule {

    @Provides
    @Singleton
    TreeUi treeUi(GameDocument document, Games games, Formats formats, Provider<AnalysisStore> store, JobRunner runner,
                  I18n i18n, MoveListOptions moveOptions, Provider<MainWindow> window, Provider<FileActions> files,
                  KibitzPaths paths) {
        return new TreeUi(document, games, formats, store::get, runner, i18n, moveOptions, window::get, files::get,
                new JsonStore<>(paths.config().resolve("tree.json"), TreeSettings.class), paths.data().resolve("trees"));
    }

    @ProvidesIntoSet
    PaneProvider treePane(Provider<TreeUi> ui, Provider<MainWindow> window) {
        return new SimplePaneProvider(TreeUi.PANE, "pane.tree", DockRegion.BOTTOM, 45, () -> {
            TreeUi tree = ui.get();
            window.get().onClose(tree::close);
            return new TreePane(tree);
        });
    }
}

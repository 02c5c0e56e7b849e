package org.kibitz.launcher;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import java.util.Optional;
import org.kibitz.api.game.Games;
import org.kibitz.core.GameDocument;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.workbench.DockRegion;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.PaneProvider;
import org.kibitz.workbench.SimplePaneProvider;
import org.kibitz.workbench.deep.DeepMenu;
import org.kibitz.workbench.deep.DeepPane;
import org.kibitz.workbench.deep.DeepUi;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.files.FileActions;

/**
 * Deep analysis in the workbench: Engine → Deep analysis of this position…, and the Deep analysis
 * pane; each position's state file is kept in the data folder's {@code deep/}, named by the position,
 * so the same position resumes later; the lines found go to the analysis store.
 */
public final class DeepUiModule extends AbstractModule {

    @Provides
    @Singleton
    DeepUi deepUi(EnginesUi engines, Games games, GameDocument document, I18n i18n, Provider<MainWindow> window,
                  Provider<FileActions> actions, Provider<AnalysisStore> store, KibitzPaths paths) {
        return new DeepUi(engines.registry(), games, document, i18n, window::get, () -> actions.get().confirmDiscard(),
                () -> Optional.of(store.get()), paths.data().resolve("deep"));
    }

    @ProvidesIntoSet
    MenuContributor deepMenu(DeepUi ui) {
        return new DeepMenu(ui);
    }

    @ProvidesIntoSet
    PaneProvider deepPane(Provider<DeepUi> ui) {
        return new SimplePaneProvider(DeepUi.PANE, "pane.deep", DockRegion.BOTTOM, 48, () -> new DeepPane(ui.get()));
    }
}

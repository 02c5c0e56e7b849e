package org.kibitz.launcher;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import org.kibitz.core.GameDocument;
import org.kibitz.core.GameFiles;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.jobs.Background;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.workbench.DockRegion;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.PaneProvider;
import org.kibitz.workbench.SimplePaneProvider;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.evaluate.EvaluateMenu;
import org.kibitz.workbench.evaluate.EvaluateUi;
import org.kibitz.workbench.evaluate.ReportPane;
import org.kibitz.workbench.files.FileActions;
import org.kibitz.workbench.files.GameList;

/**
 * Batch evaluation in the workbench: the Engine menu's evaluate commands and the Report pane, over the
 * shared job runner, session pool and analysis store; results are kept in the data folder's {@code runs/}.
 */
public final class EvaluateUiModule extends AbstractModule {

    @Provides
    @Singleton
    EvaluateUi evaluateUi(GameFiles files, EnginesUi engines, SessionPool pool, AnalysisStore store, JobRunner runner,
                          KibitzPaths paths, GameDocument document, GameList list, I18n i18n,
                          Provider<MainWindow> window, Provider<FileActions> actions) {
        // The engine panes read the engine list; the evaluation offers the same list.
        return new EvaluateUi(files, engines.registry(), pool, store, runner, paths.data().resolve("runs"), document, list,
                i18n, window::get, e -> actions.get().openGame(e), Background.threads());
    }

    @ProvidesIntoSet
    MenuContributor evaluateMenu(EvaluateUi ui) {
        return new EvaluateMenu(ui);
    }

    @ProvidesIntoSet
    PaneProvider reportPane(Provider<EvaluateUi> ui) {
        return new SimplePaneProvider(EvaluateUi.REPORT_PANE, "pane.report", DockRegion.BOTTOM, 45,
                () -> new ReportPane(ui.get()));
    }
}

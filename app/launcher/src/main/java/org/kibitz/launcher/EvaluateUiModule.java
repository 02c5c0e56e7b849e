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
import org.kibitz.workbench.evaluate.BatchGames;
import org.kibitz.workbench.evaluate.BatchMenu;
import org.kibitz.workbench.evaluate.CompareUi;
import org.kibitz.workbench.evaluate.DisagreementsPane;
import org.kibitz.workbench.evaluate.EvaluateUi;
import org.kibitz.workbench.evaluate.ReportPane;
import org.kibitz.workbench.files.FileActions;
import org.kibitz.workbench.files.GameList;

/**
 * Batch evaluation and engine comparison in the workbench: the Engine menu's evaluate and compare commands,
 * the Report and Disagreements panes, over the shared job runner, session pool and analysis store; runs are
 * kept in the data folder's {@code runs/}.
 */
public final class EvaluateUiModule extends AbstractModule {

    @Provides
    @Singleton
    BatchGames batchGames(GameFiles files, KibitzPaths paths, GameDocument document, GameList list, I18n i18n,
                          Provider<FileActions> actions) {
        return new BatchGames(files, paths.data().resolve("runs"), document, list, i18n, e -> actions.get().openGame(e));
    }

    @Provides
    @Singleton
    EvaluateUi evaluateUi(BatchGames games, EnginesUi engines, SessionPool pool, AnalysisStore store, JobRunner runner,
                          GameDocument document, GameList list, I18n i18n, Provider<MainWindow> window) {
        // The engine panes read the engine list; the evaluation offers the same list.
        return new EvaluateUi(games, engines.registry(), pool, store, runner, document, list, i18n, window::get,
                Background.threads());
    }

    @Provides
    @Singleton
    CompareUi compareUi(BatchGames games, EnginesUi engines, SessionPool pool, AnalysisStore store, JobRunner runner,
                        GameDocument document, GameList list, I18n i18n, Provider<MainWindow> window) {
        return new CompareUi(games, engines.registry(), pool, store, runner, document, list, engines, i18n, window::get,
                Background.threads());
    }

    @ProvidesIntoSet
    MenuContributor evaluateMenu(EvaluateUi ui) {
        return BatchMenu.evaluate(ui);
    }

    @ProvidesIntoSet
    MenuContributor compareMenu(CompareUi ui) {
        return BatchMenu.compare(ui);
    }

    @ProvidesIntoSet
    PaneProvider reportPane(Provider<EvaluateUi> ui) {
        return new SimplePaneProvider(EvaluateUi.REPORT_PANE, "pane.report", DockRegion.BOTTOM, 45,
                () -> new ReportPane(ui.get()));
    }

    @ProvidesIntoSet
    PaneProvider disagreementsPane(Provider<CompareUi> ui) {
        return new SimplePaneProvider(CompareUi.DISAGREEMENTS_PANE, "pane.disagreements", DockRegion.BOTTOM, 46,
                () -> new DisagreementsPane(ui.get()));
    }
}

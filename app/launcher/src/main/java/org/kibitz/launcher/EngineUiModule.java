package org.kibitz.launcher;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import org.kibitz.api.game.Games;
import org.kibitz.workbench.DockRegion;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.PaneProvider;
import org.kibitz.workbench.SimplePaneProvider;
import org.kibitz.workbench.board.BoardController;
import org.kibitz.workbench.engines.CurvePane;
import org.kibitz.workbench.engines.EngineLinesPane;
import org.kibitz.workbench.engines.EngineLogPane;
import org.kibitz.workbench.engines.EngineMenu;
import org.kibitz.workbench.board.RuleSetChoice;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.moves.MoveListOptions;
import org.kibitz.workbench.files.FileActions;
import org.kibitz.workbench.play.PlayMenu;
import org.kibitz.workbench.play.PlayUi;
import org.kibitz.core.GameDocument;
import org.kibitz.core.JsonStore;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.analysis.AnalysisService;
import org.kibitz.core.analysis.AnalysisSettings;
import org.kibitz.core.analysis.EngineLogService;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.StoreSink;

/**
 * The engine half of the workbench: the analysis service, the engine lines, evaluation curve and
 * engine log panes, and the Engine menu. The engine list itself is headless ({@link KibitzModule}).
 */
public final class EngineUiModule extends AbstractModule {

    @Provides
    @Singleton
    AnalysisService analysisService(EngineRegistry registry, Games games, AnalysisStore store, EngineLogService log) {
        // The panels' engines write to the one engine log that every other session of the program writes to.
        return new AnalysisService((entry, listener) -> registry.open(entry, games, listener), log.log(),
                registry::learn, new StoreSink(store));
    }

    @Provides
    @Singleton
    EnginesUi enginesUi(EngineRegistry registry, AnalysisService service, GameDocument document, Games games, I18n i18n,
                        BoardController board, MoveListOptions moveOptions, KibitzPaths paths, Provider<MainWindow> window,
                        AnalysisStore store, RuleSetChoice rules) {
        EngineRegistry.LoadReport report = registry.load();
        return new EnginesUi(registry, report, service, document, games, i18n, board, moveOptions,
                new JsonStore<>(paths.config().resolve("analysis.json"), AnalysisSettings.class), window::get, store,
                rules::ruleSet);
    }

    @ProvidesIntoSet
    MenuContributor engineMenu(EnginesUi ui) {
        return new EngineMenu(ui);
    }

    @Provides
    @Singleton
    PlayUi playUi(EngineRegistry registry, Games games, GameDocument document, BoardController board, I18n i18n,
                  RuleSetChoice rules, Provider<MainWindow> window, Provider<FileActions> files) {
        return new PlayUi(registry, games, document, board, i18n, rules, window::get, () -> files.get().confirmDiscard());
    }

    /** After the Engine menu's own items: it puts "New game against engine…" at the menu's top. */
    @ProvidesIntoSet
    MenuContributor playMenu(PlayUi ui) {
        return new PlayMenu(ui);
    }

    @ProvidesIntoSet
    PaneProvider linesPane(Provider<EnginesUi> ui) {
        return new SimplePaneProvider(EnginesUi.LINES_PANE, "pane.engineLines", DockRegion.BOTTOM, 10,
                () -> new EngineLinesPane(ui.get()));
    }

    @ProvidesIntoSet
    PaneProvider curvePane(Provider<EnginesUi> ui) {
        return new SimplePaneProvider(EnginesUi.CURVE_PANE, "pane.curve", DockRegion.RIGHT_BOTTOM, 20,
                () -> new CurvePane(ui.get()));
    }

    @ProvidesIntoSet
    PaneProvider logPane(Provider<EnginesUi> ui) {
        return new SimplePaneProvider(EnginesUi.LOG_PANE, "pane.engineLog", DockRegion.BOTTOM, 30,
                () -> new EngineLogPane(ui.get()));
    }
}

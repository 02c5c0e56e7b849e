package org.kibitz.launcher;

import org.kibitz.core.plugins.PluginSet;
import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.Multibinder;
import java.util.Locale;
import java.util.Set;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.workbench.DockingManager;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.LayoutFile;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.PaneProvider;
import org.kibitz.workbench.StatusItem;
import org.kibitz.core.GameDocument;
import org.kibitz.core.JsonStore;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.Settings;

/** The graphical workbench: panes and menu contributions as Guice sets, and the main window. */
public final class WorkbenchModule extends AbstractModule {

    @Override
    protected void configure() {
        // Panes and menu items are contributed by id; each later feature adds its own bindings here.
        Multibinder.newSetBinder(binder(), PaneProvider.class);
        Multibinder.newSetBinder(binder(), MenuContributor.class);
        Multibinder.newSetBinder(binder(), StatusItem.class);
        install(new GameUiModule());
        install(new EditorUiModule());
        install(new EngineUiModule());
        install(new JobsUiModule());
        install(new EvaluateUiModule());
        install(new MatchUiModule());
        install(new TreeUiModule());
        install(new DeepUiModule());
        install(new TrainingUiModule());
    }

    /** The game every pane shows; a new game of the first game plugin until the user opens another. */
    @Provides
    @Singleton
    GameDocument document(Games games) {
        GamePlugin first = games.byId("xiangqi").or(() -> games.all().stream().findFirst())
                .orElseThrow(() -> new IllegalStateException("no game plugin found"));
        return GameDocument.newGame(first);
    }

    @Provides
    @Singleton
    I18n i18n() {
        return new I18n(Locale.getDefault());
    }

    @Provides
    @Singleton
    DockingManager docking(Set<PaneProvider> panes, I18n i18n) {
        return new DockingManager(panes, i18n);
    }

    @Provides
    @Singleton
    MainWindow mainWindow(I18n i18n, DockingManager docking, KibitzPaths paths, PluginSet plugins,
                          Set<MenuContributor> contributors, Set<StatusItem> statusItems) {
        return new MainWindow(i18n, docking,
                new JsonStore<>(paths.config().resolve("layout.json"), LayoutFile.class),
                new JsonStore<>(paths.config().resolve("settings.json"), Settings.class),
                plugins, contributors, statusItems);
    }
}

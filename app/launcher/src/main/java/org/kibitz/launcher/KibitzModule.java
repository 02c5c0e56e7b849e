package org.kibitz.launcher;

import org.kibitz.core.plugins.PluginSet;
import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.Multibinder;
import java.util.Set;
import org.kibitz.api.PluginKind;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.core.Formats;
import org.kibitz.core.JsonStore;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.PerftBenchmark;
import org.kibitz.core.PerftService;
import org.kibitz.core.Protocols;
import org.kibitz.core.convert.GameConverter;
import org.kibitz.core.engines.EngineDiscovery;
import org.kibitz.core.engines.EngineListFile;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.store.AnalysisStore;

/**
 * The headless part of Kibitz, shared by the CLI and the workbench: the discovered plugins as Guice
 * sets, and the services built on them.
 */
public final class KibitzModule extends AbstractModule {

    private final PluginSet plugins;
    private final KibitzPaths paths;

    public KibitzModule(PluginSet plugins, KibitzPaths paths) {
        this.plugins = plugins;
        this.paths = paths;
    }

    @Override
    protected void configure() {
        bind(PluginSet.class).toInstance(plugins);
        bind(KibitzPaths.class).toInstance(paths);
        Multibinder<GamePlugin> games = Multibinder.newSetBinder(binder(), GamePlugin.class);
        plugins.ofKind(PluginKind.GAME, GamePlugin.class).forEach(g -> games.addBinding().toInstance(g));
        Multibinder<FormatPlugin> formats = Multibinder.newSetBinder(binder(), FormatPlugin.class);
        plugins.ofKind(PluginKind.FORMAT, FormatPlugin.class).forEach(f -> formats.addBinding().toInstance(f));
        Multibinder<ProtocolPlugin> protocols = Multibinder.newSetBinder(binder(), ProtocolPlugin.class);
        plugins.ofKind(PluginKind.PROTOCOL, ProtocolPlugin.class).forEach(p -> protocols.addBinding().toInstance(p));
        for (com.google.inject.Module m : plugins.extensions(com.google.inject.Module.class)) {
            install(m);
        }
    }

    @Provides
    @Singleton
    Games games(Set<GamePlugin> set) {
        return Games.of(set);
    }

    @Provides
    @Singleton
    Formats formats(Set<FormatPlugin> set) {
        return new Formats(set);
    }

    @Provides
    @Singleton
    GameConverter converter(Formats formats, Games games) {
        return new GameConverter(formats, games);
    }

    @Provides
    @Singleton
    Protocols protocols(Set<ProtocolPlugin> set) {
        return new Protocols(set);
    }

    /**
     * The engine list ({@code engines.json} in the config folder), not read yet: the workbench reads it
     * when its engine panes are made (it shows the load report), a command when it names an engine.
     */
    @Provides
    @Singleton
    EngineRegistry engineRegistry(KibitzPaths paths, Protocols protocols) {
        return new EngineRegistry(new JsonStore<>(paths.config().resolve("engines.json"), EngineListFile.class), protocols,
                EngineDiscovery.current());
    }

    /**
     * The analysis store in the data folder, one per process, closed (its queue written) when the
     * process ends.
     */
    @Provides
    @Singleton
    AnalysisStore analysisStore(KibitzPaths paths, Games games) {
        AnalysisStore store = AnalysisStore.open(paths.data().resolve(AnalysisStore.FILE_NAME), games);
        Runtime.getRuntime().addShutdownHook(new Thread(store::close, "kibitz-analysis-store-close"));
        return store;
    }

    /**
     * The engine sessions long work runs its searches on (batch evaluation now): as many of one engine
     * as cores, twice that in all (two engines compared), ended when the process ends.
     */
    @Provides
    @Singleton
    SessionPool sessionPool(EngineRegistry registry, Games games) {
        int cores = Runtime.getRuntime().availableProcessors();
        SessionPool pool = SessionPool.of(registry, games, cores, 2 * cores);
        Runtime.getRuntime().addShutdownHook(new Thread(pool::close, "kibitz-session-pool-close"));
        return pool;
    }

    @Provides
    @Singleton
    PerftService perft() {
        return new PerftService();
    }

    /**
     * The one runner of long work (EPD checks now; batch evaluation, comparison, matches next), shared
     * by the CLI and the workbench's Jobs pane.
     */
    @Provides
    @Singleton
    JobRunner jobRunner() {
        return JobRunner.threaded(Runtime.getRuntime().availableProcessors());
    }

    @Provides
    @Singleton
    PerftBenchmark perftBenchmark(PerftService perft) {
        return new PerftBenchmark(perft);
    }
}

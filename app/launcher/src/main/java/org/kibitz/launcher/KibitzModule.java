package org.kibitz.launcher;

import org.kibitz.core.plugins.PluginSet;
import com.google.inject.AbstractModule;
import com.google.inject.Singleton;
import com.google.inject.TypeLiteral;
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
import org.kibitz.core.analysis.AnalysisService;
import org.kibitz.core.analysis.ChangeSignal;
import org.kibitz.core.analysis.EngineLog;
import org.kibitz.core.analysis.EngineLogService;
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
        // Plain bindings, not @Provides methods or Multibinders: every command starts by making this
        // injector, and Guice's scan for provider methods alone was a ninth of that in a JFR profile
        // of a start (decision 0010). The plugin sets keep discovery order; nothing else adds to them.
        Set<GamePlugin> gameSet = inOrder(plugins.ofKind(PluginKind.GAME, GamePlugin.class));
        Set<FormatPlugin> formatSet = inOrder(plugins.ofKind(PluginKind.FORMAT, FormatPlugin.class));
        Set<ProtocolPlugin> protocolSet = inOrder(plugins.ofKind(PluginKind.PROTOCOL, ProtocolPlugin.class));
        bind(new TypeLiteral<Set<GamePlugin>>() { }).toInstance(gameSet);
        bind(new TypeLiteral<Set<FormatPlugin>>() { }).toInstance(formatSet);
        bind(new TypeLiteral<Set<ProtocolPlugin>>() { }).toInstance(protocolSet);
        Games games = Games.of(gameSet);
        Formats formats = new Formats(formatSet);
        Protocols protocols = new Protocols(protocolSet);
        PerftService perft = new PerftService();
        bind(Games.class).toInstance(games);
        bind(Formats.class).toInstance(formats);
        bind(Protocols.class).toInstance(protocols);
        GameConverter converter = new GameConverter(formats, games);
        bind(GameConverter.class).toInstance(converter);
        bind(org.kibitz.core.convert.GameChecker.class).toInstance(new org.kibitz.core.convert.GameChecker(converter));
        bind(PerftService.class).toInstance(perft);
        bind(PerftBenchmark.class).toInstance(new PerftBenchmark(perft));

        // Made when first asked for, once: a command that needs none of them opens no file and starts no thread.
        //
        // The engine list (engines.json in the config folder), not read yet: the workbench reads it
        // when its engine panes are made (it shows the load report), a command when it names an engine.
        // The one engine log: every session of every face registers with it, labelled by its job and
        // engine (the workbench's log pane reads it, the command line's --log writes it).
        EngineLogService engineLog = new EngineLogService(new EngineLog(AnalysisService.LOG_CAPACITY, new ChangeSignal()),
                JobRunner::currentJob);
        bind(EngineLogService.class).toInstance(engineLog);
        bind(EngineRegistry.class).toProvider(() -> {
            EngineRegistry r = new EngineRegistry(
                    new JsonStore<>(paths.config().resolve("engines.json"), EngineListFile.class), protocols,
                    EngineDiscovery.current());
            // A UCI engine that names no UCI_Variant is asked which of these it plays (issue 36).
            r.probeGamesFrom(games);
            r.setSessionTap(engineLog);
            return r;
        }).in(Singleton.class);
        // The analysis store in the data folder, one per process, closed (its queue written) when the process ends.
        bind(AnalysisStore.class).toProvider(() -> {
            AnalysisStore store = AnalysisStore.open(paths.data().resolve(AnalysisStore.FILE_NAME), games);
            Runtime.getRuntime().addShutdownHook(new Thread(store::close, "kibitz-analysis-store-close"));
            return store;
        }).in(Singleton.class);
        // The engine sessions long work runs its searches on (batch evaluation now): as many of one
        // engine as cores, twice that in all (two engines compared), ended when the process ends.
        com.google.inject.Provider<EngineRegistry> registry = getProvider(EngineRegistry.class);
        bind(SessionPool.class).toProvider(() -> {
            int cores = Runtime.getRuntime().availableProcessors();
            SessionPool pool = SessionPool.of(registry.get(), games, cores, 2 * cores);
            Runtime.getRuntime().addShutdownHook(new Thread(pool::close, "kibitz-session-pool-close"));
            return pool;
        }).in(Singleton.class);
        // The one runner of long work (EPD checks now; batch evaluation, comparison, matches next),
        // shared by the CLI and the workbench's Jobs pane.
        bind(JobRunner.class).toProvider(() -> JobRunner.threaded(Runtime.getRuntime().availableProcessors()))
                .in(Singleton.class);

        for (com.google.inject.Module m : plugins.extensions(com.google.inject.Module.class)) {
            install(m);
        }
    }

    private static <T> Set<T> inOrder(java.util.Collection<T> items) {
        return java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(items));
    }
}

package org.kibitz.launcher;

import org.kibitz.core.plugins.PluginDiscovery;
import org.kibitz.core.plugins.PluginSet;
import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import java.nio.file.Path;
import java.util.Optional;
import org.kibitz.cli.KibitzCommand;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.WorkbenchStarter;
import picocli.CommandLine;

/**
 * Entry point of {@code ./kibitz}: with a command it runs the CLI and never starts JavaFX; with none
 * it opens the workbench.
 */
public final class Main {

    /** The class that starts the JavaFX workbench, loaded only when the workbench is wanted. */
    static final String WORKBENCH_LAUNCHER = "org.kibitz.launcher.WorkbenchLauncher";

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, null, null));
    }

    /**
     * Runs Kibitz with the given arguments and returns the exit status.
     *
     * @param out where command output goes; the process's standard output when null
     * @param err where errors go; the process's standard error when null
     */
    public static int run(String[] args, java.io.PrintWriter out, java.io.PrintWriter err) {
        KibitzPaths paths = KibitzPaths.current();
        Optional<Path> pluginsOption = pluginsOption(args);
        if (pluginsOption.isPresent()) {
            paths = paths.withPlugins(pluginsOption.get());
        }
        try (PluginSet plugins = PluginDiscovery.discover(Main.class.getClassLoader(), Optional.of(paths.plugins()),
                com.google.inject.Module.class)) {
            Injector injector = createInjector(plugins, paths);
            CommandLine cli = KibitzCommand.commandLine(new GuiceFactory(injector), args);
            if (out != null) {
                cli.setOut(out);
            }
            if (err != null) {
                cli.setErr(err);
            }
            return cli.execute(args);
        }
    }

    /** The injector for the CLI and the workbench; the workbench adds its own module as a child. */
    static Injector createInjector(PluginSet plugins, KibitzPaths paths) {
        return Guice.createInjector(new KibitzModule(plugins, paths), new AbstractModule() {
            @Override
            protected void configure() {
                com.google.inject.Provider<Injector> injector = getProvider(Injector.class);
                bind(WorkbenchStarter.class).toInstance(files -> startWorkbench(injector.get(), files));
            }
        });
    }

    private static int startWorkbench(Injector injector, java.util.List<Path> files) {
        try {
            Class<?> launcher = Class.forName(WORKBENCH_LAUNCHER);
            return (int) launcher.getMethod("launch", Injector.class, java.util.List.class).invoke(null, injector, files);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("the workbench could not be started", cause);
        }
    }

    /**
     * The {@code --plugins DIR} option, read before the command line is parsed because discovery
     * must run before the commands are built.
     */
    static Optional<Path> pluginsOption(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                break;
            }
            if (a.equals("--plugins") && i + 1 < args.length) {
                return Optional.of(Path.of(args[i + 1]));
            }
            if (a.startsWith("--plugins=")) {
                return Optional.of(Path.of(a.substring("--plugins=".length())));
            }
        }
        return Optional.empty();
    }
}

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
        long t0 = System.nanoTime();
        try (PluginSet plugins = PluginDiscovery.discover(Main.class.getClassLoader(), Optional.of(paths.plugins()),
                com.google.inject.Module.class)) {
            long t1 = System.nanoTime();
            Injector injector = createInjector(plugins, paths);
            long t2 = System.nanoTime();
            CommandLine cli = KibitzCommand.commandLine(new GuiceFactory(injector), args);
            long t3 = System.nanoTime();
            if (out != null) {
                cli.setOut(out);
            }
            if (err != null) {
                cli.setErr(err);
            }
            int exit = cli.execute(args);
            if (Boolean.getBoolean("kibitz.startup.trace")) {
                // For measuring starts (decision 0010): where a command's time went before its work.
                java.io.PrintWriter trace = cli.getErr();
                trace.printf("kibitz startup: jvm %d ms, plugins %d ms, injector %d ms, command line %d ms, command %d ms%n",
                        java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime()
                                - (System.nanoTime() - t0) / 1_000_000,
                        (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000,
                        (System.nanoTime() - t3) / 1_000_000);
                trace.println("kibitz cpu by thread: " + threadTimes());
                trace.flush();
            }
            return exit;
        }
    }

    /**
     * CPU time so far by thread name (numbers dropped: compiler and pool threads grouped), read from
     * Linux's {@code /proc}; empty elsewhere. Threads that have ended are not there.
     */
    private static String threadTimes() {
        java.util.Map<String, Long> ms = new java.util.TreeMap<>();
        try (var tasks = java.nio.file.Files.newDirectoryStream(java.nio.file.Path.of("/proc/self/task"))) {
            for (java.nio.file.Path t : tasks) {
                String name = java.nio.file.Files.readString(t.resolve("comm")).strip().replaceAll("[0-9]+$", "#");
                String stat = java.nio.file.Files.readString(t.resolve("stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                // utime and stime, in clock ticks (100 a second on Linux).
                ms.merge(name, (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10, Long::sum);
            }
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
        ms.values().removeIf(v -> v == 0);
        return ms.toString();
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

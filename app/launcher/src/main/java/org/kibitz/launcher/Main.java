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
        Optional<java.util.List<Path>> files = workbenchFiles(args);
        int status = files.isPresent() ? runWorkbench(args, files.get()) : run(args, null, null);
        // Commands close their engines; whatever is still running (a helper an engine's wrapper
        // started, an engine a failed command left) ends here, before the JVM does. Ctrl+C and
        // SIGTERM reach the same reaping through the engines' shutdown hook.
        org.kibitz.protocols.process.EngineProcess.endAll();
        System.exit(status);
    }

    /**
     * The files to open when {@code args} ask for the workbench (none, or only existing files, with
     * {@code --plugins DIR} at most); empty when they name a command, an option or a word that is
     * not a file, which the command line handles (and reports).
     */
    static Optional<java.util.List<Path>> workbenchFiles(String[] args) {
        java.util.List<Path> files = new java.util.ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--plugins")) {
                i++;
            } else if (!a.startsWith("--plugins=")) {
                if (a.startsWith("-") || !java.nio.file.Files.isRegularFile(Path.of(a))) {
                    return Optional.empty();
                }
                files.add(Path.of(a));
            }
        }
        return Optional.of(files);
    }

    /**
     * Opens the workbench without the command line's machinery (picocli building every command took
     * seconds on a busy machine), and with the window first: plugin discovery and Guice run on a
     * thread of their own while JavaFX starts and shows the window, which fills in once they are
     * done (decision: the workbench's start).
     */
    static int runWorkbench(String[] args, java.util.List<Path> files) {
        KibitzPaths paths = pluginsOption(args).map(KibitzPaths.current()::withPlugins).orElse(KibitzPaths.current());
        PluginSet[] opened = new PluginSet[1];
        java.util.concurrent.CompletableFuture<Injector> injector = new java.util.concurrent.CompletableFuture<>();
        // One thread, once, at start: not the job runner, which is itself made by the injector.
        Thread wiring = new Thread(() -> {
            try {
                opened[0] = PluginDiscovery.discover(Main.class.getClassLoader(), Optional.of(paths.plugins()),
                        com.google.inject.Module.class);
                org.kibitz.core.StartupTrace.mark("plugins");
                Injector made = createInjector(opened[0], paths);
                org.kibitz.core.StartupTrace.mark("injector");
                injector.complete(made);
            } catch (Throwable t) {
                injector.completeExceptionally(t);
            }
        }, "kibitz-wiring");
        wiring.setDaemon(true);
        wiring.start();
        try {
            return startWorkbench(injector, files);
        } finally {
            if (opened[0] != null) {
                opened[0].close();
            }
        }
    }

    /**
     * Runs Kibitz with the given arguments and returns the exit status.
     *
     * @param out where command output goes; the process's standard output when null
     * @param err where errors go; the process's standard error when null
     */
    public static int run(String[] args, java.io.PrintWriter out, java.io.PrintWriter err) {
        if (KibitzCommand.answerVersion(args, out)) {
            return 0;
        }
        KibitzPaths paths = KibitzPaths.current();
        Optional<Path> pluginsOption = pluginsOption(args);
        if (pluginsOption.isPresent()) {
            paths = paths.withPlugins(pluginsOption.get());
        }
        long t0 = System.nanoTime();
        try (PluginSet plugins = PluginDiscovery.discover(Main.class.getClassLoader(), Optional.of(paths.plugins()),
                com.google.inject.Module.class)) {
            long t1 = System.nanoTime();
            org.kibitz.core.StartupTrace.mark("jvm and plugins");
            Injector injector = createInjector(plugins, paths);
            long t2 = System.nanoTime();
            org.kibitz.core.StartupTrace.mark("injector");
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
                bind(WorkbenchStarter.class).toInstance(files -> startWorkbench(
                        java.util.concurrent.CompletableFuture.completedFuture(injector.get()), files));
            }
        });
    }

    private static int startWorkbench(java.util.concurrent.CompletableFuture<Injector> injector, java.util.List<Path> files) {
        try {
            Class<?> launcher = Class.forName(WORKBENCH_LAUNCHER);
            return (int) launcher.getMethod("launch", java.util.concurrent.CompletableFuture.class, java.util.List.class)
                    .invoke(null, injector, files);
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

package org.kibitz.launcher;

import org.kibitz.core.plugins.PluginDiscovery;
import org.kibitz.core.plugins.PluginSet;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.kibitz.cli.KibitzCommand;
import org.kibitz.core.KibitzPaths;
import picocli.CommandLine;

/**
 * Runs CLI commands as a user does (discovery, Guice, picocli) inside the test JVM, with its own
 * config folder, and captures what they print.
 */
final class CliHarness implements AutoCloseable {

    /** One run: the exit status, the non-empty stdout lines and stderr. */
    record Run(int exit, List<String> out, String err) {
        String last() {
            return out.isEmpty() ? "" : out.get(out.size() - 1);
        }
    }

    private final PluginSet plugins;
    private final com.google.inject.Injector injector;

    private CliHarness(PluginSet plugins, com.google.inject.Injector injector) {
        this.plugins = plugins;
        this.injector = injector;
    }

    /** A CLI whose config, data and plugin folders are under {@code home}. */
    static CliHarness open(Path home) {
        PluginSet plugins = PluginDiscovery.discover(CliHarness.class.getClassLoader(), Optional.empty());
        return new CliHarness(plugins, Main.createInjector(plugins,
                new KibitzPaths(home.resolve("config"), home.resolve("data"), home.resolve("plugins"))));
    }

    /** A service of the CLI's injector. */
    <T> T service(Class<T> type) {
        return injector.getInstance(type);
    }

    Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = KibitzCommand.commandLine(new GuiceFactory(injector), args);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        List<String> lines = Arrays.stream(out.toString().split("\\R")).filter(s -> !s.isEmpty()).toList();
        return new Run(exit, lines, err.toString());
    }

    /** Runs with {@code input} as the process's standard input (for commands that read the console). */
    Run runWithInput(String input, String... args) {
        InputStream before = System.in;
        System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
        try {
            return run(args);
        } finally {
            System.setIn(before);
        }
    }

    @Override
    public void close() {
        plugins.close();
    }
}

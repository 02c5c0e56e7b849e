package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.kibitz.core.plugins.DiscoveredPlugin;
import org.kibitz.core.plugins.PluginProblem;
import org.kibitz.core.plugins.PluginSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kibitz plugins}: one line per plugin, {@code <kind> <id> <version> <origin>}, sorted. */
@Command(name = "plugins", resourceBundle = "org.kibitz.cli.messages")
final class PluginsCommand implements Callable<Integer> {

    private final PluginSet plugins;

    @Spec
    CommandSpec spec;

    @Inject
    PluginsCommand(PluginSet plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        for (DiscoveredPlugin p : plugins.all()) {
            out.println(p.line());
        }
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        for (PluginProblem problem : plugins.problems()) {
            err.println(Messages.get("plugins.problem", problem.jar(), problem.message().render()));
        }
        err.flush();
        return 0;
    }
}

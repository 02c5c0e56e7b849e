package org.kibitz.cli;

import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.kibitz.workbench.WorkbenchStarter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kibitz}: the workbench when given no command, else one of the subcommands. */
@Command(name = "kibitz",
        mixinStandardHelpOptions = true,
        scope = picocli.CommandLine.ScopeType.INHERIT,
        versionProvider = VersionProvider.class,
        resourceBundle = "org.kibitz.cli.messages",
        subcommands = {
                PluginsCommand.class,
                ConvertCommand.class,
                PerftCommand.class,
                BenchCommand.class,
                EngineCommand.class,
                AnalyseCommand.class,
        })
public final class KibitzCommand implements Callable<Integer> {

    private final WorkbenchStarter workbench;

    // Read by Main before parsing (discovery needs it first); declared here for --help and validation.
    @Option(names = "--plugins", paramLabel = "DIR", descriptionKey = "plugins.option", scope = picocli.CommandLine.ScopeType.INHERIT)
    Path plugins;

    @Inject
    KibitzCommand(WorkbenchStarter workbench) {
        this.workbench = workbench;
    }

    @Override
    public Integer call() {
        return workbench.start();
    }
}

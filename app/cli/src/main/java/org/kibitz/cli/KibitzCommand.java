package org.kibitz.cli;

import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.kibitz.core.WorkbenchStarter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code kibitz}: the workbench when given no command, else one of the subcommands. */
@Command(name = "kibitz",
        mixinStandardHelpOptions = true,
        scope = picocli.CommandLine.ScopeType.INHERIT,
        versionProvider = VersionProvider.class,
        resourceBundle = "org.kibitz.cli.messages",
        subcommands = {
                PluginsCommand.class,
                ConvertCommand.class,
                CurveCommand.class,
                PerftCommand.class,
                BenchCommand.class,
                EngineCommand.class,
                AnalyseCommand.class,
                EvaluateCommand.class,
                CompareCommand.class,
                MergeCommand.class,
        })
public final class KibitzCommand implements Callable<Integer> {

    private final WorkbenchStarter workbench;

    // Read by Main before parsing (discovery needs it first); declared here for --help and validation.
    @Option(names = "--plugins", paramLabel = "DIR", descriptionKey = "plugins.option", scope = picocli.CommandLine.ScopeType.INHERIT)
    Path plugins;

    /** Game files to open, as {@code kibitz game.pgn} from a shell or a file manager's "Open with". */
    @Parameters(arity = "0..*", paramLabel = "FILE", descriptionKey = "files.param")
    List<Path> files = List.of();

    @Spec
    CommandSpec spec;

    @Inject
    KibitzCommand(WorkbenchStarter workbench) {
        this.workbench = workbench;
    }

    @Override
    public Integer call() {
        for (Path f : files) {
            // A mistyped command lands here too: say so rather than open a window on nothing.
            if (!Files.isRegularFile(f)) {
                throw new ParameterException(spec.commandLine(), Messages.get("file.orCommand.unknown", f));
            }
        }
        return workbench.start(files);
    }
}

package org.kibitz.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kibitz engine}: engine tools; each is a subcommand ({@code engine probe}). */
@Command(name = "engine", resourceBundle = "org.kibitz.cli.engine", subcommands = {EngineProbeCommand.class, EngineRunCommand.class})
final class EngineCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }
}

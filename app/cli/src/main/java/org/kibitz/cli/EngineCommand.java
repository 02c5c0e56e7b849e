package org.kibitz.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kibitz engine}: engine tools; each is a subcommand ({@code engine probe}). */
@Command(name = "engine", resourceBundle = "org.kibitz.cli.engine")
final class EngineCommand implements Callable<Integer> {

    /** Its subcommands, in the order help lists them; built as {@link KibitzCommand#commandLine} says. */
    static final List<Class<?>> SUBCOMMANDS = List.of(EngineProbeCommand.class, EngineRunCommand.class, EngineTrustHostCommand.class);

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }
}

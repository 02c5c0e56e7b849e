package org.kibitz.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kibitz bench}: benchmarks against other programs; each kind is a subcommand ({@code bench perft}). */
@Command(name = "bench", resourceBundle = "org.kibitz.cli.bench")
final class BenchCommand implements Callable<Integer> {

    /** Its subcommands, in the order help lists them; built as {@link KibitzCommand#commandLine} says. */
    static final List<Class<?>> SUBCOMMANDS = List.of(BenchPerftCommand.class, BenchProtocolCommand.class,
            BenchEngineCommand.class, BenchStoreCommand.class, BenchEvaluateCommand.class, BenchListCommand.class,
            BenchCalibrateCommand.class, BenchRulingCommand.class, BenchTreeCommand.class, BenchMatchCommand.class);

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }
}

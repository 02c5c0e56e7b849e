package org.kibitz.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.engine.EngineRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz engine run [--protocol uci|ucci|xboard]}: the built-in engine in this process, speaking
 * its protocol on standard input and output, for a GUI or a person at the keyboard. Without
 * {@code --protocol} the first command ({@code uci}, {@code ucci}, {@code xboard}) chooses.
 */
@Command(name = "run", resourceBundle = "org.kibitz.cli.engine", sortOptions = false)
final class EngineRunCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("engine");

    @Spec
    CommandSpec spec;

    @Option(names = "--protocol", paramLabel = "PROTOCOL", descriptionKey = "run.protocol")
    String protocol;

    @Override
    public Integer call() {
        if (protocol != null && !EngineRunner.protocolNames().contains(protocol)) {
            spec.commandLine().getErr().println(TEXT.text("run.bad.protocol", protocol, String.join(", ", EngineRunner.protocolNames())));
            spec.commandLine().getErr().flush();
            return 2;
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        return EngineRunner.run(in, spec.commandLine().getOut(), Optional.ofNullable(protocol));
    }
}

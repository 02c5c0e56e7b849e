package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.protocols.detect.OptionText;
import org.kibitz.core.Protocols;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz engine probe -- COMMAND [ARGS...]}: which protocol the engine speaks, its name, the
 * games it plays and its options, one per line ({@code protocol uci}, {@code name ...},
 * {@code games chess xiangqi}, {@code option name Hash type spin ...}). Nothing is left running.
 */
@Command(name = "probe", resourceBundle = "org.kibitz.cli.engine", sortOptions = false)
final class EngineProbeCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("engine");

    private final Protocols protocols;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineLogOption engineLog;

    @Option(names = "--protocol", paramLabel = "PROTOCOL", descriptionKey = "protocol")
    String protocol;

    @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "3", descriptionKey = "wait")
    double wait;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", descriptionKey = "command")
    List<String> command;

    private final org.kibitz.api.game.Games games;

    @Inject
    EngineProbeCommand(Protocols protocols, org.kibitz.api.game.Games games) {
        this.protocols = protocols;
        this.games = games;
    }

    @Override
    public Integer call() {
        // Every engine this command starts writes to the engine log, which --log writes out.
        try (EngineLogOption.Running logging = engineLog.start("engine probe", spec.commandLine().getErr(), spec.commandLine())) {
            return callLogged();
        }
    }

    private Integer callLogged() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        EngineConfig config;
        if (org.kibitz.protocols.ssh.SshTarget.isReference(command.get(0))) {
            // An engine on another computer: ssh://[user@]host[:port]/path/to/engine [args...] (decision 0032).
            org.kibitz.core.engines.EngineRef ref;
            try {
                ref = org.kibitz.core.engines.EngineRef.remote(org.kibitz.protocols.ssh.SshTarget.parse(command.get(0)),
                        command.subList(1, command.size()));
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), Terminal.safe(e.getMessage()));
            }
            EngineLookup.requireKnownHost(spec, ref, command.get(0));
            config = ref.entry().toConfig();
        } else {
            Path program = Path.of(command.get(0)).getFileName();
            config = EngineConfig.of(program == null ? command.get(0) : program.toString(), command);
        }
        if (protocol != null) {
            config = config.withProtocol(protocol);
        }
        EngineProber.Result r;
        try {
            r = new EngineProber(protocols.all()).withGames(games).probe(config, Duration.ofMillis(Math.round(wait * 1000)),
                    engineLog.service().tap(config.name()));
        } catch (EngineException e) {
            err.println(TEXT.text("failed", e.text().render()));
            err.flush();
            return 1;
        }
        out.println("protocol " + r.protocol().id());
        out.println("name " + r.info().name());
        out.println("games " + (r.info().games().isEmpty() ? "-" : String.join(" ", r.info().games().stream().sorted().toList())));
        for (EngineOption o : r.info().options()) {
            out.println(OptionText.declaration(o));
        }
        out.flush();
        return 0;
    }
}

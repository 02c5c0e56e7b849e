package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.protocols.ssh.SshHosts;
import org.kibitz.protocols.ssh.SshTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz engine trust-host ENGINE}: shows the host keys of the computer an engine on another
 * machine runs on and, once the user accepted them, adds them to ssh's {@code known_hosts} (decision
 * 0032). Accepting is explicit: {@code --fingerprint} naming one of the keys shown, or a yes typed at
 * the console; a script without either adds nothing.
 */
@Command(name = "trust-host", resourceBundle = "org.kibitz.cli.engine", sortOptions = false)
final class EngineTrustHostCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("engine");

    private final EngineRegistry registry;

    @Spec
    CommandSpec spec;

    @Option(names = "--fingerprint", paramLabel = "SHA256:...", descriptionKey = "trust.fingerprint")
    String fingerprint;

    @Parameters(index = "0", paramLabel = "ENGINE", descriptionKey = "trust.engine")
    String engine;

    @Inject
    EngineTrustHostCommand(EngineRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SshTarget target;
        if (SshTarget.isReference(engine)) {
            try {
                target = SshTarget.parse(EngineLookup.trustArgument(engine)).target();
            } catch (IllegalArgumentException e) {
                err.println(TEXT.text("trust.failed", Terminal.safe(e.getMessage())));
                return 2;
            }
        } else {
            EngineRef ref;
            try {
                ref = registry.resolve(engine);
            } catch (EngineRef.ResolveException e) {
                err.println(TEXT.text("trust.failed", Terminal.safe(e.text().render())));
                return 2;
            }
            if (ref.entry().ssh().isEmpty()) {
                err.println(TEXT.text("trust.notRemote", Terminal.safe(ref.name())));
                return 2;
            }
            target = ref.entry().ssh().get();
        }
        try {
            SshHosts.Resolved where = SshHosts.resolve(target);
            if (SshHosts.isKnown(where)) {
                out.println(TEXT.text("trust.known", Terminal.safe(where.knownHostsName())));
                return 0;
            }
            List<SshHosts.HostKey> keys = SshHosts.scan(where);
            out.println(TEXT.text("trust.shows", Terminal.safe(where.knownHostsName())));
            for (SshHosts.HostKey k : keys) {
                out.println("  " + Terminal.safe(k.type()) + " " + Terminal.safe(k.fingerprint()));
            }
            out.flush();
            boolean accepted;
            if (fingerprint != null) {
                String want = fingerprint.strip();
                accepted = keys.stream().anyMatch(k -> k.fingerprint().equals(want)
                        || k.fingerprint().equals("SHA256:" + want));
                if (!accepted) {
                    err.println(TEXT.text("trust.mismatch", Terminal.safe(want), Terminal.safe(where.knownHostsName())));
                    return 1;
                }
            } else if (System.console() != null) {
                out.print(TEXT.text("trust.ask"));
                out.flush();
                String answer = System.console().readLine();
                accepted = answer != null && List.of("y", "yes", "是").contains(answer.strip().toLowerCase(Locale.ROOT));
                if (!accepted) {
                    err.println(TEXT.text("trust.declined"));
                    return 1;
                }
            } else {
                err.println(TEXT.text("trust.needFingerprint"));
                return 1;
            }
            Path file = SshHosts.trust(where, keys);
            out.println(TEXT.text("trust.added", Terminal.safe(where.knownHostsName()), file));
            return 0;
        } catch (SshHosts.SshException e) {
            err.println(TEXT.text("trust.failed", Terminal.safe(e.getMessage())));
            return 1;
        } catch (IOException e) {
            err.println(TEXT.text("trust.failed", Terminal.safe(String.valueOf(e.getMessage()))));
            return 1;
        }
    }
}

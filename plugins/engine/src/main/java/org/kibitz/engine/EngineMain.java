package org.kibitz.engine;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.kibitz.api.UsesStandardStreams;

/**
 * The built-in engine's process: {@code java -cp ... org.kibitz.engine.EngineMain [--protocol uci|ucci|xboard]}.
 * Speaks the protocol on standard input and output, as an outside engine does; see {@link EngineRunner}.
 */
@UsesStandardStreams("an engine speaks its protocol on standard input and output")
public final class EngineMain {

    private EngineMain() {
    }

    public static void main(String[] args) {
        Optional<String> protocol = Optional.empty();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--protocol") && i + 1 < args.length) {
                protocol = Optional.of(args[++i]);
            } else if (a.startsWith("--protocol=")) {
                protocol = Optional.of(a.substring("--protocol=".length()));
            } else if (a.equals("--help") || a.equals("-h")) {
                System.out.println("usage: EngineMain [--protocol " + String.join("|", EngineRunner.protocolNames()) + "]");
                System.out.println("Speaks the protocol on standard input and output; without --protocol the first command chooses it.");
                return;
            } else {
                System.err.println("unknown argument: " + a);
                System.exit(2);
            }
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        // Every line is flushed by the engine itself (LineWriter), through System.out's own buffer.
        OutputStreamWriter out = new OutputStreamWriter(System.out, StandardCharsets.UTF_8);
        int status;
        try {
            status = EngineRunner.run(in, out, protocol);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            status = 2;
        }
        System.out.flush();
        // The search thread is a daemon, but an exit here also ends what a GUI's quit left running.
        System.exit(status);
    }
}

package org.kibitz.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Optional;
import org.kibitz.engine.protocol.EngineCore;
import org.kibitz.engine.protocol.LineWriter;
import org.kibitz.engine.protocol.Protocol;

/**
 * Runs the built-in engine on a pair of text streams: the process's standard streams in
 * {@link EngineMain}, the CLI's in {@code kibitz engine run}, pipes in tests. One thread (the caller's)
 * reads commands; the search runs on its own thread, so {@code stop}, {@code isready} and {@code ping}
 * are answered while it thinks.
 *
 * <p>The protocol is the one given, or else the first command chooses it: {@code uci}, {@code ucci} or
 * {@code xboard} (also {@code protover}, for GUIs that skip {@code xboard}). Lines before that are
 * ignored, except {@code quit}.
 */
public final class EngineRunner {

    private EngineRunner() {
    }

    /**
     * Reads commands until {@code quit} or the end of the input.
     *
     * @param protocol {@code uci}, {@code ucci} or {@code xboard}; empty to let the first command decide
     * @return the exit status: 0
     * @throws IllegalArgumentException when {@code protocol} names no protocol
     */
    public static int run(BufferedReader in, Writer out, Optional<String> protocol) {
        Optional<Protocol.Kind> fixed = Optional.empty();
        if (protocol.isPresent()) {
            fixed = Optional.of(Protocol.Kind.named(protocol.get()).orElseThrow(() ->
                    new IllegalArgumentException("unknown protocol " + protocol.get() + ": expected one of " + protocolNames())));
        }
        LineWriter writer = new LineWriter(out);
        EngineCore core = new EngineCore();
        Protocol p = fixed.map(k -> k.create(core, writer)).orElse(null);
        try {
            String line;
            while ((line = in.readLine()) != null) {
                line = line.strip();
                if (line.isEmpty()) {
                    continue;
                }
                if (p == null) {
                    String first = line.split("\\s+", 2)[0];
                    if (first.equals("quit")) {
                        break;
                    }
                    Optional<Protocol.Kind> kind = first.equals("protover") ? Optional.of(Protocol.Kind.XBOARD)
                            : Protocol.Kind.named(first);
                    if (kind.isEmpty()) {
                        continue;
                    }
                    p = kind.get().create(core, writer);
                }
                if (!p.handle(line)) {
                    break;
                }
            }
        } catch (IOException e) {
            // The GUI is gone: end as on quit.
        } finally {
            if (p != null) {
                p.close();
            } else {
                core.shutdown(150);
            }
        }
        return 0;
    }

    /** The values {@code --protocol} accepts. */
    public static List<String> protocolNames() {
        return List.of("uci", "ucci", "xboard");
    }
}

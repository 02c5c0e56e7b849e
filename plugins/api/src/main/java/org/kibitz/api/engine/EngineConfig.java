package org.kibitz.api.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to start and set up one engine: what a user keeps in the engine list.
 *
 * @param name             display name
 * @param command          the program and its arguments, run directly (never through a shell)
 * @param workingDirectory where to run it; the program's folder when empty
 * @param protocol         {@code uci}, {@code ucci} or {@code xboard}; detected when empty
 * @param conventions      per-engine conventions; empty fields are detected
 * @param options          option values to set after the handshake, by the engine's option names
 * @param timeouts         the named waits
 * @param inProcess        the engine run inside this JVM instead of {@code command} (which then only names
 *                         it, and is what other GUIs would run), when it can be
 */
public record EngineConfig(String name, List<String> command, Optional<Path> workingDirectory,
                           Optional<String> protocol, EngineConventions conventions,
                           Map<String, String> options, EngineTimeouts timeouts, Optional<InProcessEngine> inProcess) {

    public EngineConfig {
        Objects.requireNonNull(name, "name");
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("an engine needs a command");
        }
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(conventions, "conventions");
        options = Map.copyOf(options);
        Objects.requireNonNull(timeouts, "timeouts");
        Objects.requireNonNull(inProcess, "inProcess");
    }

    /** An engine run as a process. */
    public EngineConfig(String name, List<String> command, Optional<Path> workingDirectory, Optional<String> protocol,
                        EngineConventions conventions, Map<String, String> options, EngineTimeouts timeouts) {
        this(name, command, workingDirectory, protocol, conventions, options, timeouts, Optional.empty());
    }

    /** An engine started by {@code command}, with everything else detected or default. */
    public static EngineConfig of(String name, List<String> command) {
        return new EngineConfig(name, command, Optional.empty(), Optional.empty(), EngineConventions.DETECT,
                Map.of(), EngineTimeouts.DEFAULT);
    }

    public EngineConfig withProtocol(String id) {
        return new EngineConfig(name, command, workingDirectory, Optional.of(id), conventions, options, timeouts, inProcess);
    }

    public EngineConfig withConventions(EngineConventions c) {
        return new EngineConfig(name, command, workingDirectory, protocol, c, options, timeouts, inProcess);
    }

    public EngineConfig withOptions(Map<String, String> values) {
        return new EngineConfig(name, command, workingDirectory, protocol, conventions, values, timeouts, inProcess);
    }

    public EngineConfig withTimeouts(EngineTimeouts t) {
        return new EngineConfig(name, command, workingDirectory, protocol, conventions, options, t, inProcess);
    }

    /** The same engine, run inside this JVM by {@code engine}. */
    public EngineConfig withInProcess(InProcessEngine engine) {
        return new EngineConfig(name, command, workingDirectory, protocol, conventions, options, timeouts, Optional.of(engine));
    }
}

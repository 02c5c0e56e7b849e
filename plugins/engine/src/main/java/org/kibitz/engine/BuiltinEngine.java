package org.kibitz.engine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.kibitz.api.engine.EngineConfig;

/**
 * How the built-in engine is started: in this JVM over in-memory pipes for the workbench and the CLI
 * ({@link #inProcessConfig}), or as a process (the Java that runs Kibitz, Kibitz's own class path and
 * {@link EngineMain}) for other GUIs and the process tests. Either way the protocol clients drive it
 * exactly like an outside engine.
 */
public final class BuiltinEngine {

    /** The name in the engine list and in the engine's own {@code id name} / {@code myname}. */
    public static final String NAME = "Kibitz engine";
    /** The protocol the workbench uses with it: UCI carries both games, MultiPV and searchmoves. */
    public static final String DEFAULT_PROTOCOL = "uci";

    private BuiltinEngine() {
    }

    /** The engine over UCI. */
    public static EngineConfig config() {
        return config(DEFAULT_PROTOCOL);
    }

    /** The engine over {@code uci}, {@code ucci} or {@code xboard}. */
    public static EngineConfig config(String protocol) {
        if (!EngineRunner.protocolNames().contains(protocol)) {
            throw new IllegalArgumentException("unknown protocol " + protocol + ": expected one of " + EngineRunner.protocolNames());
        }
        return EngineConfig.of(NAME, command(protocol)).withProtocol(protocol);
    }

    /**
     * The engine over {@code protocol}, run in this JVM on a thread of its own: what the workbench and the
     * CLI use (no JVM to start, so a busy machine cannot make it miss the recognition wait). Its command is
     * still the process's, for messages and for other GUIs.
     */
    public static EngineConfig inProcessConfig(String protocol) {
        return config(protocol).withInProcess(inProcess(protocol));
    }

    /** The engine's body over {@code protocol}, for an in-process channel. */
    public static org.kibitz.api.engine.InProcessEngine inProcess(String protocol) {
        if (!EngineRunner.protocolNames().contains(protocol)) {
            throw new IllegalArgumentException("unknown protocol " + protocol + ": expected one of " + EngineRunner.protocolNames());
        }
        return (in, out) -> EngineRunner.run(in, out, java.util.Optional.of(protocol));
    }

    /** The command line: this JVM's {@code java}, the current class path, the main class and the protocol flag. */
    public static List<String> command(String protocol) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary());
        // One GC thread and no heap growth pauses worth speaking of: the engine allocates little while it searches.
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(EngineMain.class.getName());
        cmd.add("--protocol");
        cmd.add(protocol);
        return cmd;
    }

    /** The {@code java} launcher of the running JVM. */
    static String javaBinary() {
        Path home = Path.of(System.getProperty("java.home"));
        Path java = home.resolve("bin").resolve(isWindows() ? "java.exe" : "java");
        if (Files.isExecutable(java)) {
            return java.toString();
        }
        return ProcessHandle.current().info().command().orElse("java");
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
    }
}

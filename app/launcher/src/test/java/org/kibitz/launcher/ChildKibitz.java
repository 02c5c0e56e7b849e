package org.kibitz.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command that runs Kibitz's command line in a JVM of its own, as {@code ./kibitz} does, for tests
 * that stop it with a signal.
 *
 * <p>It starts through {@code env --default-signal=INT}: a program started in the background by a
 * non-interactive shell inherits SIGINT as ignored (POSIX), and the JVM then keeps it ignored, as a
 * background job should. CI starts its builds that way, so without the reset a test's Ctrl+C would
 * be ignored there and pass only when the suite was started from a terminal.
 */
final class ChildKibitz {

    private ChildKibitz() {
    }

    static List<String> command(Path home, String... args) {
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dkibitz.home=" + home, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }
}

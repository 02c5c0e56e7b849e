package org.kibitz.protocols.ssh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The local command line that runs an engine on another machine through the system's {@code ssh}
 * client (decision 0032), so that an engine there is, to everything above, one more engine process.
 *
 * <p>The remote side runs a small POSIX {@code sh} wrapper instead of the engine alone: the engine
 * reads its input through {@code cat}, and when that input ends (Kibitz quit, was killed, or the
 * connection dropped and {@code sshd} closed the pipes) the wrapper ends the whole remote process
 * group, engine included: an engine deep in a search that does not read its input would otherwise run
 * on. When the engine ends first, the wrapper says so on stderr with its exit code and ends the group
 * too, so the connection closes at once. No pseudo-terminal: its echo, CR/LF translation and 4 KB
 * line limit would garble the protocol.
 */
public final class SshCommand {

    /** The system property naming an ssh config file used instead of {@code ~/.ssh/config} (tests, portable installs). */
    public static final String CONFIG_PROPERTY = "kibitz.ssh.config";
    /** The environment variable doing the same as {@link #CONFIG_PROPERTY}. */
    public static final String CONFIG_ENV = "KIBITZ_SSH_CONFIG";

    /** Seconds between keep-alive probes; {@link #ALIVE_COUNT} unanswered ones end the connection. */
    static final int ALIVE_INTERVAL = 15;
    static final int ALIVE_COUNT = 4;

    /** The wrapper (one line, as every engine argument must be); {@code $1} is the folder, the rest the command. */
    static final String WRAPPER = "d=$1; shift; if [ -n \"$d\" ]; then cd -- \"$d\" || exit 127; fi; "
            + "{ cat; kill -TERM 0; } | { \"$@\"; s=$?; echo \"kibitz-ssh: the engine ended with code $s\" >&2; kill -TERM 0; }";

    /** The name the wrapper runs under ({@code $0}), seen in the remote process list. */
    static final String WRAPPER_NAME = "kibitz-ssh";

    private SshCommand() {
    }

    /**
     * The {@code ssh} command line that starts {@code command} in {@code directory} on {@code target}.
     * Host keys are checked strictly and nothing is asked (no password prompt a window could not show):
     * the key, the agent or the config must log in.
     */
    public static List<String> command(SshTarget target, Optional<String> directory, List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no remote command");
        }
        List<String> argv = connection(target, "ssh");
        argv.add("-T"); // no terminal: the protocol's lines pass untouched
        argv.add("-x"); // no X11, no agent forwarding: the engine needs neither
        argv.add("-a");
        argv.add("--");
        argv.add(target.host());
        argv.add(remoteLine(directory, command));
        return argv;
    }

    /**
     * The options every ssh call for {@code target} shares ({@code ssh}, {@code ssh -G}): the config file,
     * strict host keys and no questions first (ssh keeps the first value it is given, so the user's
     * options cannot loosen them), then the user's options, then keep-alive defaults the user may override.
     */
    static List<String> connection(SshTarget target, String program) {
        List<String> argv = new ArrayList<>();
        argv.add(program);
        configFile().ifPresent(f -> {
            argv.add("-F");
            argv.add(f);
        });
        option(argv, "BatchMode=yes");
        option(argv, "StrictHostKeyChecking=yes");
        for (String o : target.options()) {
            option(argv, o);
        }
        option(argv, "ServerAliveInterval=" + ALIVE_INTERVAL);
        option(argv, "ServerAliveCountMax=" + ALIVE_COUNT);
        option(argv, "ConnectTimeout=30");
        target.port().ifPresent(p -> {
            argv.add("-p");
            argv.add(Integer.toString(p));
        });
        target.user().ifPresent(u -> {
            argv.add("-l");
            argv.add(u);
        });
        target.identityFile().ifPresent(i -> {
            argv.add("-i");
            argv.add(i.startsWith("~/") ? Path.of(System.getProperty("user.home"), i.substring(2)).toString() : i);
        });
        return argv;
    }

    private static void option(List<String> argv, String o) {
        argv.add("-o");
        argv.add(o);
    }

    /** The ssh config file Kibitz is told to use ({@link #CONFIG_PROPERTY}, {@link #CONFIG_ENV}); ssh's own when empty. */
    public static Optional<String> configFile() {
        String p = System.getProperty(CONFIG_PROPERTY);
        if (p == null || p.isBlank()) {
            p = System.getenv(CONFIG_ENV);
        }
        return p == null || p.isBlank() ? Optional.empty() : Optional.of(p.strip());
    }

    /** The line the remote login shell runs: the wrapper with the folder and the command, each quoted for sh. */
    static String remoteLine(Optional<String> directory, List<String> command) {
        StringBuilder b = new StringBuilder("sh -c ").append(quote(WRAPPER)).append(' ').append(WRAPPER_NAME).append(' ')
                .append(quote(directory.orElse("")));
        for (String part : command) {
            b.append(' ').append(quote(part));
        }
        return b.toString();
    }

    /** {@code s} in single quotes for a POSIX shell (a quote inside as {@code '\''}). */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Whether {@code program} is an ssh client: its sessions get their round trip measured. */
    public static boolean isSsh(String program) {
        Path name = Path.of(program).getFileName();
        String n = name == null ? program : name.toString().toLowerCase(Locale.ROOT);
        return n.equals("ssh") || n.equals("ssh.exe");
    }

    /** The prefix of the wrapper's last word: {@code kibitz-ssh: the engine ended with code N}. */
    static final String ENDED = "kibitz-ssh: the engine ended with code ";

    /** The remote engine's own exit code, as the wrapper reported it among {@code lastLines}; empty when it did not. */
    public static java.util.Optional<java.util.OptionalInt> engineExitCode(List<String> lastLines) {
        for (int i = lastLines.size() - 1; i >= 0; i--) {
            String l = lastLines.get(i).strip();
            if (l.startsWith(ENDED)) {
                try {
                    return Optional.of(java.util.OptionalInt.of(Integer.parseInt(l.substring(ENDED.length()).strip())));
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /** Whether the system's ssh client can be found. */
    public static boolean available() {
        return org.kibitz.protocols.process.ProgramSearch.current().locate("ssh").filter(Files::isExecutable).isPresent();
    }
}

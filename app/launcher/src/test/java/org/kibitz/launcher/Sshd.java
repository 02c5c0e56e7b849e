package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenSSH server on 127.0.0.1 for the tests of engines on other machines: its host key and the
 * client's key made by {@code ssh-keygen} in a temporary folder, the client's own ssh config and
 * {@code known_hosts} there too (the user's {@code ~/.ssh} is never read or written). The "other
 * machine" is this one, so what runs there is seen with {@link ProcessHandle}.
 */
public final class Sshd implements AutoCloseable {

    private final Path dir;
    private final int port;
    private final Process process;
    public final Path clientConfig;
    public final Path knownHosts;

    private Sshd(Path dir, int port, Process process, Path clientConfig, Path knownHosts) {
        this.dir = dir;
        this.port = port;
        this.process = process;
        this.clientConfig = clientConfig;
        this.knownHosts = knownHosts;
    }

    public static Sshd start(Path dir) throws Exception {
        Path sshd = Path.of("/usr/sbin/sshd");
        if (!Files.isExecutable(sshd)) {
            fail("/usr/sbin/sshd is missing: install openssh-server (CI installs it)");
        }
        Files.createDirectories(dir);
        run(dir, "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString());
        run(dir, "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("client_key").toString());
        Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            // sshd started by root wants its privilege-separation folder (a container may lack it).
            Files.createDirectories(Path.of("/run/sshd"));
        }
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path config = dir.resolve("sshd_config");
        Files.writeString(config, String.join("\n",
                "ListenAddress 127.0.0.1",
                "HostKey " + dir.resolve("host_key"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "PidFile " + dir.resolve("sshd.pid"),
                "StrictModes no",
                "UsePAM no",
                "PermitRootLogin " + (root ? "yes" : "no"),
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "") );
        Process p = new ProcessBuilder(sshd.toString(), "-D", "-e", "-f", config.toString(), "-p", Integer.toString(port))
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start();
        // Ready when its log says it listens (or it ended: then the log says why).
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(dir.resolve("sshd.log")).contains("Server listening")) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                p.destroyForcibly();
                fail("sshd did not start: " + Files.readString(dir.resolve("sshd.log")));
            }
            Thread.sleep(20);
        }
        Path known = dir.resolve("known_hosts");
        Path client = dir.resolve("ssh_config");
        Files.writeString(client, String.join("\n",
                "Host *",
                "  UserKnownHostsFile " + known,
                "  GlobalKnownHostsFile /dev/null",
                "  IdentityFile " + dir.resolve("client_key"),
                "  IdentitiesOnly yes",
                "  User " + System.getProperty("user.name"),
                ""));
        return new Sshd(dir, port, p, client, known);
    }

    public int port() {
        return port;
    }

    /** {@code ssh://127.0.0.1:PORT/abs/program}. */
    public String url(String program) {
        return "ssh://127.0.0.1:" + port + program;
    }

    /** The host key's fingerprint, as its owner reads it on the computer ({@code SHA256:...}). */
    public String fingerprint() throws Exception {
        String out = run(dir, "ssh-keygen", "-l", "-f", dir.resolve("host_key.pub").toString());
        return out.strip().split("\\s+")[1];
    }

    /** The processes serving one connection each ({@code sshd: user@notty}): the server's children. */
    public List<ProcessHandle> connections() {
        return process.children().filter(Sshd::running).toList();
    }

    /** Programs running under the server whose command is {@code name} (zombies do not count: they run nothing). */
    List<ProcessHandle> running(String name) {
        List<ProcessHandle> out = new ArrayList<>();
        process.descendants().filter(Sshd::running).forEach(h -> {
            Optional<String> cmd = h.info().command();
            if (cmd.isPresent() && Path.of(cmd.get()).getFileName().toString().equals(name)) {
                out.add(h);
            }
        });
        return out;
    }

    /** Waits until no {@code name} runs under the server, up to {@code seconds}; what still runs then. */
    List<ProcessHandle> awaitNone(String name, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<ProcessHandle> left = running(name);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left = running(name);
        }
        return left;
    }

    /** Waits until nothing at all runs under the server (no connection, no shell, no engine), up to {@code seconds}; what is left. */
    public List<String> awaitNothing(int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<String> left = described();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left = described();
        }
        return left;
    }

    private List<String> described() {
        return process.descendants().filter(Sshd::running)
                .map(h -> h.pid() + " " + h.info().commandLine().orElse(h.info().command().orElse("?"))).toList();
    }

    /** Waits until {@code name} runs under the server; false when {@code until} ended first. */
    boolean awaitRunning(String name, java.util.function.BooleanSupplier until) throws InterruptedException {
        while (until.getAsBoolean()) {
            if (!running(name).isEmpty()) {
                return true;
            }
            Thread.sleep(20);
        }
        return !running(name).isEmpty();
    }

    /** Whether a process runs (alive and not a zombie waiting for its parent). */
    static boolean running(ProcessHandle h) {
        if (!h.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(h.pid()), "stat"));
            int close = stat.lastIndexOf(')');
            return close < 0 || stat.length() < close + 3 || stat.charAt(close + 2) != 'Z';
        } catch (IOException e) {
            return h.isAlive();
        }
    }

    String log() throws IOException {
        return Files.readString(dir.resolve("sshd.log"));
    }

    private static String run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            fail(String.join(" ", cmd) + ": " + out);
        }
        return out;
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

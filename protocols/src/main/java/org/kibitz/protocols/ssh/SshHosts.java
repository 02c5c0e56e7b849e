package org.kibitz.protocols.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.kibitz.protocols.ProtocolMessages;

/**
 * The host keys of the computers engines run on, kept where ssh keeps them ({@code known_hosts}, as
 * the ssh config says): whether one is known, what a computer shows (its keys and their fingerprints,
 * for a person to compare), and adding them once a person accepted them. Kibitz never trusts a key by
 * itself: every connection runs with {@code StrictHostKeyChecking=yes} ({@link SshCommand}).
 */
public final class SshHosts {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private SshHosts() {
    }

    /** One key a computer showed: its {@code known_hosts} line and its fingerprint ({@code SHA256:...}) and type. */
    public record HostKey(String knownHostsLine, String fingerprint, String type) {
    }

    /** What ssh makes of a target with the user's config: the real host name, port, known_hosts files. */
    public record Resolved(String hostName, int port, List<Path> knownHosts, Optional<String> alias) {

        /** The name in {@code known_hosts}: {@code host}, or {@code [host]:port} off port 22 (or the config's alias). */
        public String knownHostsName() {
            String h = alias.orElse(hostName);
            return port == 22 || alias.isPresent() ? h : "[" + h + "]:" + port;
        }
    }

    /** Why a question about host keys could not be answered. */
    public static final class SshException extends Exception {
        public SshException(String message) {
            super(message);
        }
    }

    /** Reads the effective settings for {@code target} ({@code ssh -G}: no connection is made). */
    public static Resolved resolve(SshTarget target) throws SshException {
        List<String> argv = SshCommand.connection(target, "ssh");
        argv.add("-G");
        argv.add("--");
        argv.add(target.host());
        Result r = run(argv, null);
        if (r.code != 0) {
            throw new SshException(ProtocolMessages.text("ssh.configFailed", target.label(), r.err.strip()).render());
        }
        Map<String, String> first = new LinkedHashMap<>();
        List<Path> files = new ArrayList<>();
        for (String line : r.out.split("\\R")) {
            int sp = line.indexOf(' ');
            if (sp <= 0) {
                continue;
            }
            String key = line.substring(0, sp);
            String value = line.substring(sp + 1).strip();
            first.putIfAbsent(key, value);
            if (key.equals("userknownhostsfile")) {
                for (String f : value.split("\\s+")) {
                    files.add(expand(f));
                }
            }
        }
        int port;
        try {
            port = Integer.parseInt(first.getOrDefault("port", "22"));
        } catch (NumberFormatException e) {
            port = 22;
        }
        if (files.isEmpty()) {
            files.add(expand("~/.ssh/known_hosts"));
        }
        return new Resolved(first.getOrDefault("hostname", target.host()), port, List.copyOf(files),
                Optional.ofNullable(first.get("hostkeyalias")).filter(s -> !s.isBlank() && !s.equals("none")));
    }

    /** Whether a key of the target's computer is in one of its known_hosts files. */
    public static boolean isKnown(Resolved where) throws SshException {
        for (Path f : where.knownHosts()) {
            if (!Files.isRegularFile(f)) {
                continue;
            }
            Result r = run(List.of("ssh-keygen", "-F", where.knownHostsName(), "-f", f.toString()), null);
            if (r.code == 0 && !r.out.isBlank()) {
                return true;
            }
        }
        return false;
    }

    /** The keys the computer shows now ({@code ssh-keyscan}), with their fingerprints; none when it cannot be reached. */
    public static List<HostKey> scan(Resolved where) throws SshException {
        Result r = run(List.of("ssh-keyscan", "-T", "15", "-p", Integer.toString(where.port()), where.hostName()), null);
        List<HostKey> keys = new ArrayList<>();
        for (String line : r.out.split("\\R")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] f = l.split("\\s+", 3);
            if (f.length < 3) {
                continue;
            }
            String entry = where.knownHostsName() + " " + f[1] + " " + f[2];
            Result fp = run(List.of("ssh-keygen", "-l", "-f", "-"), entry + "\n");
            // "256 SHA256:abc... [127.0.0.1]:2222 (ED25519)"
            String[] parts = fp.out.strip().split("\\s+");
            if (fp.code != 0 || parts.length < 2) {
                continue;
            }
            String type = parts[parts.length - 1].replace("(", "").replace(")", "");
            keys.add(new HostKey(entry, parts[1], type));
        }
        if (keys.isEmpty()) {
            throw new SshException(ProtocolMessages.text("ssh.scanFailed", where.hostName() + ":" + where.port(),
                    r.err.strip().isEmpty() ? "-" : r.err.strip()).render());
        }
        return List.copyOf(keys);
    }

    /** Adds the accepted keys to the first known_hosts file (made if missing). Returns that file. */
    public static Path trust(Resolved where, List<HostKey> accepted) throws IOException {
        Path file = where.knownHosts().get(0);
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            try {
                Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system
            }
        }
        StringBuilder b = new StringBuilder();
        if (Files.isRegularFile(file) && Files.size(file) > 0) {
            byte[] all = Files.readAllBytes(file);
            if (all[all.length - 1] != '\n') {
                b.append('\n');
            }
        }
        for (HostKey k : accepted) {
            b.append(k.knownHostsLine()).append('\n');
        }
        Files.writeString(file, b.toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return file;
    }

    private static Path expand(String f) {
        if (f.equals("~")) {
            return Path.of(System.getProperty("user.home"));
        }
        if (f.startsWith("~/")) {
            return Path.of(System.getProperty("user.home"), f.substring(2));
        }
        return Path.of(f);
    }

    private record Result(int code, String out, String err) {
    }

    private static Result run(List<String> argv, String input) throws SshException {
        List<String> cmd = new ArrayList<>(argv);
        Optional<Path> program = org.kibitz.protocols.process.ProgramSearch.current().locate(cmd.get(0));
        if (program.isEmpty()) {
            throw new SshException(ProtocolMessages.text("ssh.noClient", cmd.get(0)).render());
        }
        cmd.set(0, program.get().toString());
        Process p;
        try {
            p = new ProcessBuilder(cmd).start();
        } catch (IOException e) {
            throw new SshException(ProtocolMessages.text("ssh.noClient", cmd.get(0)).render());
        }
        try {
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            try (var in = p.getOutputStream()) {
                if (input != null) {
                    in.write(input.getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                // it did not read its input: its answer says why
            }
            if (!p.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new SshException(ProtocolMessages.text("ssh.noAnswer", String.join(" ", argv), WAIT.toSeconds()).render());
            }
            return new Result(p.exitValue(), out.join(), err.join());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new SshException(ProtocolMessages.text("ssh.noAnswer", String.join(" ", argv), WAIT.toSeconds()).render());
        }
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}

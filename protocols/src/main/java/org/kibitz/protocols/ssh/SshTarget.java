package org.kibitz.protocols.ssh;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.protocols.ProtocolMessages;
import org.kibitz.protocols.process.LineSafety;

/**
 * Where an engine on another machine is reached: the computer and how to log in, as the system's
 * {@code ssh} client takes it (decision 0032). Empty fields are left to {@code ~/.ssh/config} and the
 * user's agent, as for any {@code ssh} the user types.
 *
 * @param host         the computer's name or address (or a {@code Host} alias of the user's ssh config)
 * @param port         its ssh port; ssh's own default (22, or the config's) when empty
 * @param user         the login; the config's or the local user's when empty
 * @param identityFile the private key; the agent's and the config's keys when empty
 * @param options      more {@code ssh -o} settings, {@code Name=value} each (a jump host, a cipher...)
 */
public record SshTarget(String host, Optional<Integer> port, Optional<String> user, Optional<String> identityFile,
                        List<String> options) {

    /** The scheme of an engine reference on another machine: {@code ssh://[user@]host[:port]/path/to/engine}. */
    public static final String SCHEME = "ssh://";

    public SshTarget {
        Objects.requireNonNull(host, "host");
        host = host.strip();
        port = port == null ? Optional.empty() : port;
        user = user == null ? Optional.empty() : user.map(String::strip).filter(s -> !s.isEmpty());
        identityFile = identityFile == null ? Optional.empty() : identityFile.map(String::strip).filter(s -> !s.isEmpty());
        options = options == null ? List.of() : options.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
        if (host.isEmpty() || host.startsWith("-") || host.chars().anyMatch(c -> c <= ' ' || c == '@' || c == '/')) {
            // A host starting with '-' would be read by ssh as an option.
            throw new IllegalArgumentException(ProtocolMessages.text("ssh.badHost", host).render());
        }
        port.ifPresent(p -> {
            if (p < 1 || p > 65535) {
                throw new IllegalArgumentException(ProtocolMessages.text("ssh.badPort", p).render());
            }
        });
        user.ifPresent(u -> {
            if (u.startsWith("-") || u.chars().anyMatch(c -> c <= ' ' || c == '@')) {
                throw new IllegalArgumentException(ProtocolMessages.text("ssh.badUser", u).render());
            }
        });
        for (String o : options) {
            if (!o.contains("=") || o.startsWith("-")) {
                throw new IllegalArgumentException(ProtocolMessages.text("ssh.badOption", LineSafety.visible(o)).render());
            }
        }
    }

    /** A target with only a host (everything else from the ssh config). */
    public static SshTarget of(String host) {
        return new SshTarget(host, Optional.empty(), Optional.empty(), Optional.empty(), List.of());
    }

    public SshTarget withPort(Optional<Integer> p) {
        return new SshTarget(host, p, user, identityFile, options);
    }

    public SshTarget withUser(Optional<String> u) {
        return new SshTarget(host, port, u, identityFile, options);
    }

    public SshTarget withIdentityFile(Optional<String> i) {
        return new SshTarget(host, port, user, i, options);
    }

    public SshTarget withOptions(List<String> o) {
        return new SshTarget(host, port, user, identityFile, o);
    }

    /** {@code user@host:port} as far as it is known, for names and messages. */
    public String label() {
        return user.map(u -> u + "@").orElse("") + host + port.map(p -> ":" + p).orElse("");
    }

    /** Whether {@code text} is an engine reference on another machine ({@code ssh://...}). */
    public static boolean isReference(String text) {
        return text != null && text.strip().regionMatches(true, 0, SCHEME, 0, SCHEME.length());
    }

    /**
     * An engine reference's target and remote program: {@code ssh://[user@]host[:port]/absolute/path}.
     *
     * @throws IllegalArgumentException with a message for the user when it is not one
     */
    public static Reference parse(String url) {
        String u = url.strip();
        if (!isReference(u)) {
            throw new IllegalArgumentException(ProtocolMessages.text("ssh.badReference", u).render());
        }
        URI uri;
        try {
            uri = new URI(u);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(ProtocolMessages.text("ssh.badReference", u).render(), e);
        }
        String host = uri.getHost();
        String path = uri.getPath();
        if (host == null || host.isEmpty() || path == null || path.length() < 2 || uri.getQuery() != null
                || uri.getFragment() != null) {
            throw new IllegalArgumentException(ProtocolMessages.text("ssh.badReference", u).render());
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1); // an IPv6 address
        }
        Optional<Integer> port = uri.getPort() < 0 ? Optional.empty() : Optional.of(uri.getPort());
        Optional<String> user = Optional.ofNullable(uri.getUserInfo());
        return new Reference(new SshTarget(host, port, user, Optional.empty(), List.of()), path);
    }

    /** What an {@code ssh://} reference names: where, and the program's absolute path there. */
    public record Reference(SshTarget target, String program) {
    }
}

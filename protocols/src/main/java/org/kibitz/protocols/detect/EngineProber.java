package org.kibitz.protocols.detect;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.game.Games;
import org.kibitz.protocols.ProtocolMessages;
import org.kibitz.protocols.session.ProtocolSupport;
import org.kibitz.protocols.session.SessionProtocol;

/**
 * Finds out, from a command line alone, which protocol an engine speaks and what it told about
 * itself: name, games and variants, options.
 *
 * <p>Protocols are tried in their {@link ProtocolPlugin#probeOrder()}: UCI first (UCI engines
 * answer at once and xboard engines reject {@code uci} loudly, which ends that try at once), then
 * UCCI, then xboard. Each try runs the engine in a process of its own that is ended before the
 * next, so nothing is left behind and one protocol's commands cannot confuse the next try. An
 * engine that rejects a handshake in another protocol's words ({@code Invalid move: uci} is an
 * xboard engine's answer) has that protocol tried next: every start saved counts with engines that
 * take seconds to start (GNU Chess 6 takes up to ten on a busy machine).
 */
public final class EngineProber {

    /** How long an engine may take to show it speaks a protocol before the next one is tried. */
    public static final Duration DEFAULT_RECOGNITION = Duration.ofSeconds(3);

    /** What the probe found. */
    public record Result(ProtocolPlugin protocol, EngineInfo info) {
    }

    private final List<ProtocolPlugin> protocols;
    /** The games an engine that does not say which it plays is asked about; null when none are known. */
    private final Games games;

    public EngineProber(List<ProtocolPlugin> protocols) {
        this(protocols, null);
    }

    private EngineProber(List<ProtocolPlugin> protocols, Games games) {
        this.protocols = protocols.stream()
                .sorted(Comparator.comparingInt(ProtocolPlugin::probeOrder).thenComparing(ProtocolPlugin::id))
                .toList();
        this.games = games;
    }

    /**
     * This prober, asking a UCI engine that names no {@code UCI_Variant} which of {@code games} it
     * plays (Pikafish and renamed xiangqi engines say nothing of it).
     */
    public EngineProber withGames(Games games) {
        return new EngineProber(protocols, games);
    }

    /** A prober over the protocols found on the class path. */
    public static EngineProber fromClassPath() {
        List<ProtocolPlugin> found = new ArrayList<>();
        ServiceLoader.load(ProtocolPlugin.class, EngineProber.class.getClassLoader()).forEach(found::add);
        return new EngineProber(found);
    }

    /**
     * Probes the engine.
     *
     * @param config      the command (and working folder); a configured protocol is tried alone
     * @param recognition how long each protocol may wait for the engine to show it speaks it
     * @throws EngineException when the engine cannot be started, or answers no protocol
     */
    public Result probe(EngineConfig config, Duration recognition) throws EngineException {
        return probe(config, recognition, null);
    }

    /**
     * Probes as {@link #probe(EngineConfig, Duration)} does, {@code listener} (if not null) hearing every
     * start of the engine (the engine log); protocol plugins that are not built on sessions are not heard.
     */
    public Result probe(EngineConfig config, Duration recognition, org.kibitz.api.engine.EngineListener listener)
            throws EngineException {
        List<ProtocolPlugin> order = config.protocol()
                .map(id -> protocols.stream().filter(p -> p.id().equals(id)).toList())
                .orElse(protocols);
        if (order.isEmpty()) {
            throw new EngineException(EngineException.Kind.UNSUPPORTED,
                    ProtocolMessages.text("probe.unrecognised", String.join(" ", config.command()),
                            config.protocol().orElse("?")));
        }
        EngineException ended = null;
        List<ProtocolPlugin> left = new ArrayList<>(order);
        while (!left.isEmpty()) {
            ProtocolPlugin p = left.remove(0);
            Optional<EngineInfo> info;
            Optional<String> instead = Optional.empty();
            try {
                if (p instanceof SessionProtocol sp) {
                    ProtocolSupport.Probe found = sp.probeTelling(config, recognition, games, listener);
                    info = found.info();
                    instead = found.spokeInstead();
                } else {
                    info = p.probe(config, recognition);
                }
            } catch (EngineException e) {
                if (e.kind() != EngineException.Kind.DIED || order.size() == 1) {
                    throw e;
                }
                // It ended without a word: it may not start at all, or it may speak only another
                // protocol and quit on this one's first command (UCCI-only engines do, with status 0).
                // The next protocol is tried in a fresh process.
                if (ended == null) {
                    ended = e;
                }
                continue;
            }
            if (info.isPresent()) {
                return new Result(p, info.get());
            }
            instead.flatMap(id -> left.stream().filter(q -> q.id().equals(id)).findFirst()).ifPresent(next -> {
                left.remove(next);
                left.add(0, next);
            });
        }
        if (ended != null) {
            throw ended;
        }
        throw new EngineException(EngineException.Kind.UNSUPPORTED,
                ProtocolMessages.text("probe.unrecognised", String.join(" ", config.command()),
                        String.join(" / ", order.stream().map(ProtocolPlugin::id).toList())));
    }

    public Result probe(EngineConfig config) throws EngineException {
        return probe(config, DEFAULT_RECOGNITION);
    }

    /**
     * Opens a session: with the configured protocol, or with the one a probe finds (which costs one
     * more start of the engine, ended before the session's own).
     */
    public EngineSession open(EngineConfig config, Games games) throws EngineException {
        return open(config, games, null);
    }

    /** Opens a session as {@link #open(EngineConfig, Games)} does, {@code listener} attached before the handshake. */
    public EngineSession open(EngineConfig config, Games games, org.kibitz.api.engine.EngineListener listener)
            throws EngineException {
        return open(config, games, listener, DEFAULT_RECOGNITION);
    }

    /**
     * Opens a session as {@link #open(EngineConfig, Games, org.kibitz.api.engine.EngineListener)} does; a probe
     * gives each protocol {@code recognition} to show itself.
     */
    public EngineSession open(EngineConfig config, Games games, org.kibitz.api.engine.EngineListener listener,
                              Duration recognition) throws EngineException {
        ProtocolPlugin p;
        if (config.protocol().isPresent()) {
            String id = config.protocol().get();
            p = protocols.stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow(() ->
                    new EngineException(EngineException.Kind.UNSUPPORTED, ProtocolMessages.text("protocol.unknown", id,
                            String.join(", ", protocols.stream().map(ProtocolPlugin::id).toList()))));
        } else {
            p = probe(config, recognition).protocol();
        }
        return listener == null ? p.open(config.withProtocol(p.id()), games)
                : p.open(config.withProtocol(p.id()), games, listener);
    }
}

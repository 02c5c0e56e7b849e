package org.kibitz.protocols.session;

import java.time.Duration;
import java.util.Optional;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineListener;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.game.Games;
import org.kibitz.protocols.process.LineChannel;

/**
 * A protocol of this module: probing and opening are the same for each (see {@link ProtocolSupport});
 * only the session differs.
 */
public abstract class SessionProtocol implements ProtocolPlugin {

    private final String id;
    private final int probeOrder;
    private final boolean retrySilentStart;

    /**
     * @param retrySilentStart whether an engine silent at its start is started again
     *                         (see {@link ProtocolSupport#open})
     */
    protected SessionProtocol(String id, int probeOrder, boolean retrySilentStart) {
        this.id = id;
        this.probeOrder = probeOrder;
        this.retrySilentStart = retrySilentStart;
    }

    /** A session on a started channel; {@code games} is null for a probe. */
    protected abstract EngineSessionBase newSession(EngineConfig config, Games games, LineChannel channel);

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final int probeOrder() {
        return probeOrder;
    }

    @Override
    public final Optional<EngineInfo> probe(EngineConfig config, Duration timeout) throws EngineException {
        return probeTelling(config, timeout).info();
    }

    /** Probes as {@link #probe} does, and tells which protocol the engine spoke instead when it rejected this one. */
    public final ProtocolSupport.Probe probeTelling(EngineConfig config, Duration timeout) throws EngineException {
        return probeTelling(config, timeout, null, null);
    }

    /**
     * Probes as {@link #probe} does, with the games a UCI engine that names none is asked about
     * ({@code null}: none asked, its name decides), {@code listener} (if not null) hearing the engine.
     */
    public final ProtocolSupport.Probe probeTelling(EngineConfig config, Duration timeout, Games games,
            EngineListener listener) throws EngineException {
        return ProtocolSupport.probe(config, timeout, (c, ch) -> newSession(c, games, ch), retrySilentStart, listener);
    }

    @Override
    public final EngineSession open(EngineConfig config, Games games) throws EngineException {
        return open(config, games, null);
    }

    /** Opens a session with {@code listener} (if not null) attached before the engine is started. */
    @Override
    public final EngineSession open(EngineConfig config, Games games, EngineListener listener) throws EngineException {
        return ProtocolSupport.open(config, (c, ch) -> newSession(c, games, ch), retrySilentStart, listener);
    }
}

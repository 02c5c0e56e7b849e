package org.kibitz.protocols.xboard;

import java.time.Duration;
import java.util.Optional;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.game.Games;
import org.kibitz.protocols.session.ProtocolSupport;

/**
 * The WinBoard/xboard protocol ({@code xboard}, CECP): Fairy-Max, MaxQi, GNU Chess, Crafty and the
 * older engines of both games. Probed last: its handshake waits up to two seconds for features.
 */
public final class XboardProtocol implements ProtocolPlugin {

    @Override
    public String id() {
        return "xboard";
    }

    @Override
    public int probeOrder() {
        return 30;
    }

    @Override
    public Optional<EngineInfo> probe(EngineConfig config, Duration timeout) throws EngineException {
        return ProtocolSupport.probe(config, timeout, (c, ch) -> new XboardSession(c, null, ch), true);
    }

    @Override
    public EngineSession open(EngineConfig config, Games games) throws EngineException {
        return ProtocolSupport.open(config, (c, ch) -> new XboardSession(c, games, ch), true);
    }

    @Override
    public EngineSession open(EngineConfig config, Games games, org.kibitz.api.engine.EngineListener listener)
            throws EngineException {
        return ProtocolSupport.open(config, (c, ch) -> new XboardSession(c, games, ch), true, listener);
    }
}

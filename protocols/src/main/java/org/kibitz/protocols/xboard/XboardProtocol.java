package org.kibitz.protocols.xboard;

import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.game.Games;
import org.kibitz.protocols.process.LineChannel;
import org.kibitz.protocols.session.EngineSessionBase;
import org.kibitz.protocols.session.SessionProtocol;

/**
 * The WinBoard/xboard protocol ({@code xboard}, CECP): Fairy-Max, MaxQi, GNU Chess, Crafty and the
 * older engines of both games. Probed last: its handshake waits up to two seconds for features.
 */
public final class XboardProtocol extends SessionProtocol {

    public XboardProtocol() {
        super("xboard", 30, true);
    }

    @Override
    protected EngineSessionBase newSession(EngineConfig config, Games games, LineChannel channel) {
        return new XboardSession(config, games, channel);
    }
}

package org.kibitz.protocols.ucci;

import java.time.Duration;
import java.util.Optional;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.game.Games;
import org.kibitz.protocols.session.ProtocolSupport;
import org.kibitz.protocols.uci.UciSession;

/**
 * The Universal Chinese Chess Protocol ({@code ucci}, 3.0): ElephantEye and the engines made for
 * 象棋巫师 and 兵河五四; Fairy-Stockfish when it is sent {@code ucci}. Xiangqi only.
 */
public final class UcciProtocol implements ProtocolPlugin {

    @Override
    public String id() {
        return "ucci";
    }

    @Override
    public int probeOrder() {
        return 20;
    }

    @Override
    public Optional<EngineInfo> probe(EngineConfig config, Duration timeout) throws EngineException {
        return ProtocolSupport.probe(config, timeout, (c, ch) -> new UciSession(UciSession.Dialect.UCCI, c, null, ch));
    }

    @Override
    public EngineSession open(EngineConfig config, Games games) throws EngineException {
        return ProtocolSupport.open(config, (c, ch) -> new UciSession(UciSession.Dialect.UCCI, c, games, ch));
    }

    @Override
    public EngineSession open(EngineConfig config, Games games, org.kibitz.api.engine.EngineListener listener)
            throws EngineException {
        return ProtocolSupport.open(config, (c, ch) -> new UciSession(UciSession.Dialect.UCCI, c, games, ch), listener);
    }
}

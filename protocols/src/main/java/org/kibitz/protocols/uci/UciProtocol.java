package org.kibitz.protocols.uci;

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
 * The Universal Chess Interface ({@code uci}): Stockfish and most chess engines; Pikafish and
 * Fairy-Stockfish for xiangqi. Probed first: UCI engines answer at once, and xboard engines reject
 * {@code uci} loudly.
 */
public final class UciProtocol implements ProtocolPlugin {

    @Override
    public String id() {
        return "uci";
    }

    @Override
    public int probeOrder() {
        return 10;
    }

    @Override
    public Optional<EngineInfo> probe(EngineConfig config, Duration timeout) throws EngineException {
        return ProtocolSupport.probe(config, timeout, (c, ch) -> new UciSession(UciSession.Dialect.UCI, c, null, ch));
    }

    @Override
    public EngineSession open(EngineConfig config, Games games) throws EngineException {
        return ProtocolSupport.open(config, (c, ch) -> new UciSession(UciSession.Dialect.UCI, c, games, ch));
    }

    @Override
    public EngineSession open(EngineConfig config, Games games, org.kibitz.api.engine.EngineListener listener)
            throws EngineException {
        return ProtocolSupport.open(config, (c, ch) -> new UciSession(UciSession.Dialect.UCI, c, games, ch), listener);
    }
}

package org.kibitz.protocols.uci;

import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.game.Games;
import org.kibitz.protocols.process.LineChannel;
import org.kibitz.protocols.session.EngineSessionBase;
import org.kibitz.protocols.session.SessionProtocol;

/**
 * The Universal Chess Interface ({@code uci}): Stockfish and most chess engines; Pikafish and
 * Fairy-Stockfish for xiangqi. Probed first: UCI engines answer at once, and xboard engines reject
 * {@code uci} loudly.
 */
public final class UciProtocol extends SessionProtocol {

    public UciProtocol() {
        super("uci", 10, false);
    }

    @Override
    protected EngineSessionBase newSession(EngineConfig config, Games games, LineChannel channel) {
        return new UciSession(UciSession.Dialect.UCI, config, games, channel);
    }
}

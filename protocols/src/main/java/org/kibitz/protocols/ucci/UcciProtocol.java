package org.kibitz.protocols.ucci;

import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.game.Games;
import org.kibitz.protocols.process.LineChannel;
import org.kibitz.protocols.session.EngineSessionBase;
import org.kibitz.protocols.session.SessionProtocol;
import org.kibitz.protocols.uci.UciSession;

/**
 * The Universal Chinese Chess Protocol ({@code ucci}, 3.0): ElephantEye and the engines made for
 * 象棋巫师 and 兵河五四; Fairy-Stockfish when it is sent {@code ucci}. Xiangqi only.
 */
public final class UcciProtocol extends SessionProtocol {

    public UcciProtocol() {
        super("ucci", 20, false);
    }

    @Override
    protected EngineSessionBase newSession(EngineConfig config, Games games, LineChannel channel) {
        return new UciSession(UciSession.Dialect.UCCI, config, games, channel);
    }
}

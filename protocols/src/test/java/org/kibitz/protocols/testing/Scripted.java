package org.kibitz.protocols.testing;

import java.time.Duration;
import java.util.List;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineTimeouts;
import org.kibitz.protocols.uci.UciSession;
import org.kibitz.protocols.xboard.XboardSession;

/** Sessions on scripted engines, with short timeouts so fault tests are quick. */
public final class Scripted {

    public static final EngineTimeouts QUICK = new EngineTimeouts(Duration.ofSeconds(2), Duration.ofMillis(400),
            Duration.ofMillis(400), Duration.ofMillis(300), Duration.ofMillis(300));

    private Scripted() {
    }

    public static EngineConfig config() {
        return EngineConfig.of("scripted", List.of("scripted")).withTimeouts(QUICK);
    }

    public static UciSession uci(ScriptedChannel ch, UciSession.Dialect dialect) throws EngineException {
        UciSession s = new UciSession(dialect, config(), TestGames.games(), ch);
        s.handshake(QUICK.handshake(), false);
        s.afterHandshake();
        return s;
    }

    public static XboardSession xboard(ScriptedChannel ch) throws EngineException {
        XboardSession s = new XboardSession(config(), TestGames.games(), ch);
        s.handshake(QUICK.handshake(), false);
        s.afterHandshake();
        return s;
    }
}

package org.kibitz.api.engine;

import java.time.Duration;
import java.util.Optional;
import org.kibitz.api.Plugin;
import org.kibitz.api.game.Games;

/** An engine protocol ({@code uci}, {@code ucci}, {@code xboard}): recognises engines and opens sessions. */
public interface ProtocolPlugin extends Plugin {

    /**
     * Starts the engine, tries this protocol's handshake and stops the engine again. The process
     * never outlives the call.
     *
     * @return what the engine told about itself, or empty when it does not speak this protocol
     *         (did not answer the handshake within {@code timeout}, or said it does not know it)
     * @throws EngineException when the engine cannot be started at all
     */
    Optional<EngineInfo> probe(EngineConfig config, Duration timeout) throws EngineException;

    /**
     * Starts the engine and completes the handshake; the session is {@link SessionState#IDLE} when
     * this returns. Options in {@code config} are sent to the engine.
     */
    EngineSession open(EngineConfig config, Games games) throws EngineException;

    /**
     * Like {@link #open(EngineConfig, Games)}, with {@code listener} attached before the engine is
     * started, so that it hears the handshake too (an engine log shows every line, the first ones
     * included). The default attaches it afterwards; the built-in protocols attach it first.
     */
    default EngineSession open(EngineConfig config, Games games, EngineListener listener) throws EngineException {
        EngineSession s = open(config, games);
        s.addListener(listener);
        return s;
    }

    /**
     * The order in which auto-detection tries protocols, lowest first; a protocol whose handshake an
     * engine of another protocol is most likely to reject loudly and fast goes first.
     */
    default int probeOrder() {
        return 100;
    }
}

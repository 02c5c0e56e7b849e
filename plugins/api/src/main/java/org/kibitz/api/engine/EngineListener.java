package org.kibitz.api.engine;

/** Receives a session's events on the session's reader thread; must return quickly. */
@FunctionalInterface
public interface EngineListener {

    void onEvent(EngineEvent event);
}

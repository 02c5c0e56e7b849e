package org.kibitz.api.engine;

/**
 * Receives a session's events; must return quickly and must not wait on the session.
 *
 * <p>Events arrive one at a time and in the order they happened: what the engine writes on its
 * reader thread, what a caller causes (lines sent, state changes) on that caller's thread, never
 * two at once. A future the session hands out completes only after listeners have heard the
 * events that came before its result (the last {@link EngineEvent.AnalysisUpdate}, the
 * {@link EngineEvent.BestMove}). A flood of {@code info} lines becomes a flood of events: a user
 * interface keeps the latest and draws at most once a frame.
 */
@FunctionalInterface
public interface EngineListener {

    void onEvent(EngineEvent event);
}

package org.kibitz.api.engine;

/** Where a session is in its life. */
public enum SessionState {
    /** The process is starting and the handshake is under way. */
    STARTING,
    /** Ready for commands; nothing searching. */
    IDLE,
    /** A search with limits or an infinite analysis is running. */
    SEARCHING,
    /** A ponder search is running. */
    PONDERING,
    /** A stop was sent; waiting for the best move. */
    STOPPING,
    /** Quit was sent; waiting for the process to end. */
    QUITTING,
    /** The process has ended (asked to, or by itself). */
    TERMINATED
}

package org.kibitz.api.engine;

import org.kibitz.api.i18n.Text;

/** An engine that could not do what was asked, with a reason a user understands. */
public class EngineException extends Exception {

    /** What went wrong. */
    public enum Kind {
        /** The program could not be started (not found, not executable). */
        START_FAILED,
        /** The engine did not answer within the named timeout. */
        TIMEOUT,
        /** The engine process ended when it was not asked to. */
        DIED,
        /** The engine said something the protocol does not allow, or refused a command. */
        PROTOCOL,
        /** The request does not fit the engine (an unknown option, a game it does not play). */
        UNSUPPORTED,
        /** The session is not in a state that allows the request. */
        STATE
    }

    private final Kind kind;
    private final transient Text text;

    public EngineException(Kind kind, Text text) {
        this(kind, text, null);
    }

    public EngineException(Kind kind, Text text, Throwable cause) {
        super(text.toString(), cause);
        this.kind = kind;
        this.text = text;
    }

    public Kind kind() {
        return kind;
    }

    /** The reason, for showing to a user. */
    public Text text() {
        return text;
    }
}

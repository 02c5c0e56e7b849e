package org.kibitz.protocols.process;

import org.kibitz.api.engine.EngineException;
import org.kibitz.protocols.ProtocolMessages;

/**
 * The engine protocols are lines of text: a value with a line break in it (CR or LF) would end the
 * command early and make the rest a second command of its own ({@code SyzygyPath=/x\nquit}), and a NUL
 * ends it for a C engine. Every value that goes into a command line to an engine, or into its program's
 * arguments, is checked here first and refused with its name.
 */
public final class LineSafety {

    private LineSafety() {
    }

    /** Whether {@code value} has a character that cannot be inside one protocol line (CR, LF or NUL). */
    public static boolean breaksLine(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\n' || c == '\r' || c == '\0') {
                return true;
            }
        }
        return false;
    }

    /**
     * Refuses {@code value} when it would not stay one line.
     *
     * @param what what the value is, for the message: an option's name, "argument 2"...
     * @throws EngineException ({@code UNSUPPORTED}) naming {@code what}
     */
    public static void require(String what, String value) throws EngineException {
        if (value != null && breaksLine(value)) {
            throw new EngineException(EngineException.Kind.UNSUPPORTED,
                    ProtocolMessages.text("engine.lineBreak", what, visible(value)));
        }
    }

    /** {@code value} with its line breaks and NULs shown as {@code \n}, {@code \r}, {@code \0}. */
    public static String visible(String value) {
        return value.replace("\r", "\\r").replace("\n", "\\n").replace("\0", "\\0");
    }
}

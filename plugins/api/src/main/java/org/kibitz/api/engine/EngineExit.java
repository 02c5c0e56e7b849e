package org.kibitz.api.engine;

import java.util.List;
import java.util.OptionalInt;

/**
 * How an engine process ended.
 *
 * @param exitCode  the process's exit code, empty when it could not be had
 * @param requested whether it ended because we asked it to (quit) rather than by itself
 * @param lastLines the last lines it wrote (stdout and stderr), oldest first, for the error message
 */
public record EngineExit(OptionalInt exitCode, boolean requested, List<String> lastLines) {

    public EngineExit {
        lastLines = List.copyOf(lastLines);
    }
}

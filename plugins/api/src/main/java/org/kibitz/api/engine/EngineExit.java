package org.kibitz.api.engine;

import java.util.List;
import java.util.OptionalInt;

/**
 * How an engine process ended.
 *
 * @param exitCode  the process's exit code, empty when it could not be had
 * @param requested whether it ended because we asked it to (quit) rather than by itself
 * @param lastLines the last lines it wrote (stdout and stderr), oldest first, for the error message
 * @param endedByUs whether Kibitz ended it because it closed its output and went on running (its exit
 *                  code is then the kill's, not a crash)
 */
public record EngineExit(OptionalInt exitCode, boolean requested, List<String> lastLines, boolean endedByUs) {

    public EngineExit {
        lastLines = List.copyOf(lastLines);
    }

    /** An engine that ended by itself, or at our request. */
    public EngineExit(OptionalInt exitCode, boolean requested, List<String> lastLines) {
        this(exitCode, requested, lastLines, false);
    }
}

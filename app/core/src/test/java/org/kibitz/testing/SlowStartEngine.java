package org.kibitz.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * A real engine that is slow to get going, as a big engine on a busy machine is: a shell script
 * that answers nothing for {@code startMs} after the start (as {@code sleep 5; exec stockfish} would:
 * the GUI's {@code uci} waits in the pipe) and hands the engine its first {@code isready} only
 * {@code readyMs} later (as when it allocates a large hash or loads a network before its
 * {@code readyok}). Every other line goes to the engine as it comes, and the engine writes straight
 * to the GUI, so it plays, and keeps its time, as the real engine does.
 */
public final class SlowStartEngine {

    // One line: an engine's arguments may hold no line break (issue 37), and this script is one.
    private static final String SCRIPT = "sleep \"$1\"; ready=\"$2\"; shift 2; first=1; "
            + "while IFS= read -r line; do "
            + "if [ \"$first\" = 1 ] && [ \"$line\" = isready ]; then first=0; sleep \"$ready\"; fi; "
            + "printf '%s\\n' \"$line\"; "
            + "done | exec \"$@\"";

    private SlowStartEngine() {
    }

    /**
     * Writes the script as an executable file that runs {@code engine} behind the delays (in
     * milliseconds): a command line with no spaces to quote, for {@code --engine}.
     */
    public static java.nio.file.Path write(java.nio.file.Path file, long startMillis, long readyMillis, String... engine)
            throws java.io.IOException {
        StringBuilder b = new StringBuilder("#!/bin/sh\nset -- ").append(seconds(startMillis)).append(' ')
                .append(seconds(readyMillis));
        for (String e : engine) {
            b.append(" '").append(e.replace("'", "'\\''")).append('\'');
        }
        b.append('\n').append(SCRIPT).append('\n');
        java.nio.file.Files.writeString(file, b.toString());
        file.toFile().setExecutable(true);
        return file;
    }

    /** The command line of {@code engine} (with its arguments) behind the delays, in milliseconds. */
    public static List<String> command(long startMillis, long readyMillis, String... engine) {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", SCRIPT, "slow-start", seconds(startMillis),
                seconds(readyMillis)));
        cmd.addAll(List.of(engine));
        return cmd;
    }

    private static String seconds(long millis) {
        return String.format(java.util.Locale.ROOT, "%.3f", millis / 1000.0);
    }
}

package org.kibitz.engine.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * The engine's output: one protocol line at a time, flushed at once (a GUI waits on every line), from
 * the command thread and the search thread alike, never interleaved.
 */
public final class LineWriter {

    private final Writer out;
    private volatile boolean broken;

    public LineWriter(Writer out) {
        this.out = out;
    }

    /** Writes one line. When the GUI has gone, the line is dropped (the input's end then stops the engine). */
    public synchronized void println(String line) {
        if (broken) {
            return;
        }
        try {
            out.write(line);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            broken = true;
        } catch (UncheckedIOException e) {
            broken = true;
        }
    }
}

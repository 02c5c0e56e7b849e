package org.kibitz.core;

import java.nio.file.Path;

/** A save that hangs half-way, to be killed by {@link AtomicFilesTest}: writes a little, then waits. */
public final class AtomicFilesKillChild {

    private AtomicFilesKillChild() {
    }

    public static void main(String[] args) throws Exception {
        AtomicFiles.write(Path.of(args[0]), out -> {
            out.write("half a game".getBytes());
            out.flush();
            try {
                Thread.sleep(120_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}

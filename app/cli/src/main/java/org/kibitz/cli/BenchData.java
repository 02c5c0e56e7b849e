package org.kibitz.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The files the benches read by default: the checkout's own {@code testdata/} folder, so that a
 * bench with no arguments runs in any clone and from any current directory. The {@code kibitz}
 * script passes its own path as {@code kibitz.launcher}, and the checkout is the folder it sits in;
 * without it (the CLI run from a build or a test), the nearest folder at or above the current one
 * that holds {@code testdata/} is taken.
 */
final class BenchData {

    private BenchData() {
    }

    /** {@code testdata/<relative>} of the checkout (whether it exists is for the caller to say). */
    static Path file(String relative) {
        return root().resolve("testdata").resolve(relative).normalize();
    }

    private static Path root() {
        String launcher = System.getProperty("kibitz.launcher");
        if (launcher != null) {
            return Path.of(launcher).toAbsolutePath().getParent();
        }
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("testdata"))) {
                return p;
            }
        }
        return here;
    }
}

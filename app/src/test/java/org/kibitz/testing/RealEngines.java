package org.kibitz.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The engines Debian packages and CI installs, found on the PATH or in /usr/games. A missing engine
 * skips the test on a developer's machine and fails it in CI (the environment variable {@code CI}).
 */
public final class RealEngines {

    private RealEngines() {
    }

    public static Optional<Path> find(String program) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        dirs.add("/usr/games");
        dirs.add("/usr/local/games");
        for (String d : dirs) {
            Path p = Path.of(d, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The engine's path; skips (or, in CI, fails) the test when it is not installed. */
    public static String require(String program) {
        Optional<Path> p = find(program);
        if (p.isEmpty()) {
            if (System.getenv("CI") != null) {
                fail(program + " is not installed, and CI installs it (.ci/run)");
            }
            assumeTrue(false, program + " is not installed");
        }
        return p.get().toString();
    }
}

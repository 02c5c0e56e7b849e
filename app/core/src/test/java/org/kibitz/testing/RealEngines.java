package org.kibitz.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.kibitz.protocols.process.ProgramSearch;

/**
 * The engines Debian packages and CI installs, found on the PATH or in /usr/games. A missing engine
 * skips the test on a developer's machine and fails it in CI (the environment variable {@code CI}).
 */
public final class RealEngines {

    private RealEngines() {
    }

    /** Where the program is, looked up as Kibitz starts engines (PATH, then /usr/games). */
    public static Optional<Path> find(String program) {
        return ProgramSearch.current().locate(program);
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

package org.kibitz.protocols.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where a program given by name is: the folders of {@code PATH}, then the folders where
 * distributions put games (Debian installs its engine packages in {@code /usr/games}, which is not
 * on root's PATH). Starting an engine, offering the engines installed, and finding the peers of a
 * benchmark all look programs up this one way.
 */
public final class ProgramSearch {

    /** Folders searched after PATH (not on Windows). */
    public static final List<String> EXTRA_DIRS = List.of("/usr/games", "/usr/local/games");

    private final List<Path> dirs;
    private final boolean windows;

    /** A search over these folders, in order; on Windows a name also matches {@code name.exe}. */
    public ProgramSearch(List<Path> dirs, boolean windows) {
        this.dirs = List.copyOf(dirs);
        this.windows = windows;
    }

    /** The search over {@code env}'s PATH and the extra folders, for the system named {@code osName}. */
    public static ProgramSearch forEnvironment(Map<String, String> env, String osName) {
        boolean win = osName.toLowerCase(Locale.ROOT).startsWith("windows");
        Set<Path> dirs = new LinkedHashSet<>();
        String path = env.getOrDefault("PATH", env.getOrDefault("Path", ""));
        for (String d : path.split(File.pathSeparator)) {
            if (!d.isBlank()) {
                try {
                    dirs.add(Path.of(d.strip()));
                } catch (InvalidPathException e) {
                    // a broken PATH entry is the user's business: skip it
                }
            }
        }
        if (!win) {
            EXTRA_DIRS.forEach(d -> dirs.add(Path.of(d)));
        }
        return new ProgramSearch(new ArrayList<>(dirs), win);
    }

    /** The search over this process's PATH and the extra folders. */
    public static ProgramSearch current() {
        return forEnvironment(System.getenv(), System.getProperty("os.name", ""));
    }

    /** Where {@code program} is: the first folder that has it as an executable file. */
    public Optional<Path> locate(String program) {
        List<String> names = windows && !program.toLowerCase(Locale.ROOT).endsWith(".exe")
                ? List.of(program + ".exe", program) : List.of(program);
        for (Path d : dirs) {
            for (String name : names) {
                Path p = d.resolve(name);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return Optional.of(p.toAbsolutePath());
                }
            }
        }
        return Optional.empty();
    }
}

package org.kibitz.workbench.engines;

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
 * Finds well-known engines installed on this computer, to offer them on the first start: the
 * folders of {@code PATH}, then the folders where distributions put games (Debian installs its
 * engine packages in {@code /usr/games}, which is not on root's PATH).
 */
public final class EngineDiscovery {

    /** The engines offered on the first start, by program name. */
    public static final List<String> WELL_KNOWN = List.of("stockfish", "fairy-stockfish", "pikafish");

    /** Folders searched after PATH. */
    public static final List<String> EXTRA_DIRS = List.of("/usr/games", "/usr/local/games");

    private final List<Path> dirs;
    private final boolean windows;

    public EngineDiscovery(List<Path> dirs, boolean windows) {
        this.dirs = List.copyOf(dirs);
        this.windows = windows;
    }

    /** Discovery over this process's PATH and the extra folders. */
    public static EngineDiscovery forEnvironment(Map<String, String> env, String osName) {
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
        return new EngineDiscovery(new ArrayList<>(dirs), win);
    }

    public static EngineDiscovery current() {
        return forEnvironment(System.getenv(), System.getProperty("os.name", ""));
    }

    /** A program found: its name as searched and where it is. */
    public record Found(String program, Path path) {
    }

    /** The first executable of each name, in the order of {@code programs}. */
    public List<Found> find(List<String> programs) {
        List<Found> out = new ArrayList<>();
        for (String program : programs) {
            locate(program).ifPresent(p -> out.add(new Found(program, p)));
        }
        return out;
    }

    public List<Found> findWellKnown() {
        return find(WELL_KNOWN);
    }

    /** Where {@code program} is, in the first folder that has it as an executable file. */
    public Optional<Path> locate(String program) {
        for (Path d : dirs) {
            for (String name : windows ? List.of(program + ".exe", program) : List.of(program)) {
                Path p = d.resolve(name);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return Optional.of(p.toAbsolutePath());
                }
            }
        }
        return Optional.empty();
    }
}

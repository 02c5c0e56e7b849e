package org.kibitz.core.engines;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kibitz.protocols.process.ProgramSearch;

/**
 * Finds well-known engines installed on this computer, to offer them on the first start, where
 * {@link ProgramSearch} looks programs up: the folders of {@code PATH}, then the folders where
 * distributions put games.
 */
public final class EngineDiscovery {

    /** The engines offered on the first start, by program name. */
    public static final List<String> WELL_KNOWN = List.of("stockfish", "fairy-stockfish", "pikafish");

    private final ProgramSearch search;

    public EngineDiscovery(List<Path> dirs, boolean windows) {
        this(new ProgramSearch(dirs, windows));
    }

    private EngineDiscovery(ProgramSearch search) {
        this.search = search;
    }

    /** Discovery over {@code env}'s PATH and the extra folders. */
    public static EngineDiscovery forEnvironment(Map<String, String> env, String osName) {
        return new EngineDiscovery(ProgramSearch.forEnvironment(env, osName));
    }

    public static EngineDiscovery current() {
        return new EngineDiscovery(ProgramSearch.current());
    }

    /** A program found: its name as searched and where it is. */
    public record Found(String program, Path path) {
    }

    /** The first executable of each name, in the order of {@code programs}. */
    public List<Found> find(List<String> programs) {
        List<Found> out = new ArrayList<>();
        for (String program : programs) {
            search.locate(program).ifPresent(p -> out.add(new Found(program, p)));
        }
        return out;
    }

    public List<Found> findWellKnown() {
        return find(WELL_KNOWN);
    }
}

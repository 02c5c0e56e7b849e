package org.kibitz.core.store;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.SearchLimits;

/**
 * Which engine found a line, as far as it matters for what it found: the engine's own name (which
 * carries its version: {@code Stockfish 17.1}), the option values that change its results, and the
 * kind of search. Lines of different fingerprints never replace each other.
 *
 * <p>Options left out: those that change only what is reported or how fast ({@code MultiPV},
 * {@code Hash}, {@code Threads}, {@code Ponder}, {@code UCI_ShowWDL}, log files, buttons). Hash and
 * Threads change the speed and, with several threads, the exact numbers, but not what a search of
 * a given depth is worth; keeping them in would split the store every time the user resizes the hash.
 * An option set to its default counts as not set.
 *
 * @param engine     the engine's name as it reports it ({@code id name})
 * @param options    the options that change results, {@code name=value} sorted by name, {@code ;}-separated
 * @param limitKind  how the search was bounded
 * @param limitValue the bound: plies, nodes or milliseconds; 0 for an analysis until stopped
 */
public record EngineFingerprint(String engine, String options, LimitKind limitKind, long limitValue) {

    /** How a search was bounded. */
    public enum LimitKind { INFINITE, DEPTH, NODES, MOVETIME, OTHER }

    /** Options (lower case) that do not change what an engine finds. */
    static final Set<String> IGNORED = Set.of("multipv", "hash", "threads", "ponder", "uci_showwdl",
            "uci_showcurrline", "uci_showrefutations", "uci_analysemode", "debug log file", "clear hash",
            "nalimovcache", "move overhead", "minimum thinking time", "slow mover", "usemillisec");

    public EngineFingerprint {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(limitKind, "limitKind");
    }

    /**
     * The mark of a search that started from a cleared hash ({@code ucinewgame} before it): what it
     * found depends on the position and not on what the engine searched before. Batch evaluations
     * search so and take from the store only lines of searches made so (decision 0026); the lines of
     * the workbench's panels and of evaluations by older versions, whose hash carried over, keep
     * their own fingerprints and are not mixed in.
     */
    public static final String FRESH = "@hash=cleared";

    /** This fingerprint for a search from a cleared hash: {@link #FRESH} among the options. */
    public EngineFingerprint searchedFresh() {
        if (searchesFresh()) {
            return this;
        }
        return new EngineFingerprint(engine, options.isEmpty() ? FRESH : options + ";" + FRESH, limitKind, limitValue);
    }

    /** Whether the search started from a cleared hash. */
    public boolean searchesFresh() {
        return options.equals(FRESH) || options.endsWith(";" + FRESH);
    }

    /** An engine with no options set, analysing until stopped (tests, simple callers). */
    public static EngineFingerprint of(String engine) {
        return new EngineFingerprint(engine, "", LimitKind.INFINITE, 0);
    }

    /**
     * What is known of a search before its engine has said who it is: the engine's name in the list
     * and the limit (a job's name while its engines start).
     */
    public static EngineFingerprint named(String engine, SearchLimits limits) {
        return new EngineFingerprint(engine, "", kind(limits), value(limits));
    }

    /**
     * The fingerprint of a search.
     *
     * @param info    what the engine said about itself (its name, its options with their defaults)
     * @param set     the option values the user set, by the engine's option names
     * @param limits  the search's limits
     */
    public static EngineFingerprint of(EngineInfo info, Map<String, String> set, SearchLimits limits) {
        return new EngineFingerprint(info.name(), options(info, set), kind(limits), value(limits));
    }

    /** The options of {@code set} that change results and differ from the engine's defaults, in canonical form. */
    public static String options(EngineInfo info, Map<String, String> set) {
        Map<String, String> kept = new TreeMap<>();
        for (Map.Entry<String, String> e : set.entrySet()) {
            String name = e.getKey().strip();
            String lower = name.toLowerCase(Locale.ROOT);
            if (IGNORED.contains(lower)) {
                continue;
            }
            String value = e.getValue() == null ? "" : e.getValue().strip();
            java.util.Optional<EngineOption> declared = info == null ? java.util.Optional.empty() : info.option(name);
            if (declared.isPresent()) {
                if (declared.get() instanceof EngineOption.Button) {
                    continue;
                }
                if (declared.get().value().equalsIgnoreCase(value)) {
                    continue;
                }
            }
            kept.put(lower, value);
        }
        StringBuilder b = new StringBuilder();
        kept.forEach((k, v) -> b.append(b.isEmpty() ? "" : ";").append(k).append('=').append(v));
        return b.toString();
    }

    static LimitKind kind(SearchLimits l) {
        if (l.untilStopped()) {
            return LimitKind.INFINITE;
        }
        if (l.depth().isPresent()) {
            return LimitKind.DEPTH;
        }
        if (l.nodes().isPresent()) {
            return LimitKind.NODES;
        }
        if (l.moveTime().isPresent()) {
            return LimitKind.MOVETIME;
        }
        return LimitKind.OTHER;
    }

    static long value(SearchLimits l) {
        return switch (kind(l)) {
            case DEPTH -> l.depth().getAsInt();
            case NODES -> l.nodes().getAsLong();
            case MOVETIME -> l.moveTime().get().toMillis();
            default -> 0;
        };
    }
}

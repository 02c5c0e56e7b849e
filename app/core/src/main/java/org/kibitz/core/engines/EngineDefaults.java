package org.kibitz.core.engines;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The threads and hash an engine gets when it is added, sized to the machine and to how many
 * engines run at once, as En Croissant and Nibbler do: engines default to one thread and 16 MB of
 * hash, which a position fills within minutes. Only a new entry gets them; they are ordinary option
 * values afterwards, shown and editable in the engine's options, and entries already in the list
 * are never changed.
 *
 * <p>The engines that run at once share the machine: the cores but one (left to the window and the
 * rest of the desktop) and a quarter of the memory, split evenly between the open analysis panels
 * and the sessions of a running job. The hash is a power of two, at most {@value #HASH_CAP_MB} MB: a
 * larger table fills only in long analyses and costs seconds to allocate and clear at every start
 * (Stockfish with 2 GB took over ten seconds to answer {@code isready} on a busy 2-core machine).
 */
public final class EngineDefaults {

    /** Option names for the number of search threads (UCI's {@code Threads}; some engines say {@code Cores}). */
    private static final List<String> THREADS = List.of("threads", "cores");
    /** Option names for the hash table in MB (UCI's {@code Hash}, UCCI's {@code hashsize}). */
    private static final List<String> HASH = List.of("hash", "hashsize");
    /** The share of physical memory all engines that run at once may take together. */
    private static final long MEMORY_SHARE = 4;
    /** The largest hash offered, in MB. */
    public static final long HASH_CAP_MB = 1024;

    private EngineDefaults() {
    }

    /**
     * The machine the engines run on.
     *
     * @param cores       logical processors
     * @param memoryBytes physical memory; 0 when unknown
     */
    public record Machine(int cores, long memoryBytes) {

        /** This machine, as the JVM sees it. */
        public static Machine current() {
            long memory = 0;
            if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                    instanceof com.sun.management.OperatingSystemMXBean os) {
                memory = os.getTotalMemorySize();
            }
            return new Machine(Runtime.getRuntime().availableProcessors(), memory);
        }
    }

    /**
     * How many engines run at once: the analysis panels open beside the board and the engine
     * sessions of a running job (a batch evaluation, a match).
     */
    public record Load(int panels, int jobSessions) {

        /** The workbench as it opens: two analysis panels and a job's engine. */
        public static final Load TYPICAL = new Load(2, 1);

        public Load {
            panels = Math.max(0, panels);
            jobSessions = Math.max(0, jobSessions);
        }

        /** The engines that share the machine, at least one. */
        public int engines() {
            return Math.max(1, panels + jobSessions);
        }
    }

    /**
     * What an engine is offered, and why: the figures it was computed from, for the engine manager
     * and the first-start offer to show.
     */
    public record Suggestion(int threads, long hashMb, Machine machine, Load load) {
    }

    /** The threads and hash offered on {@code machine} under {@code load}, before an engine's own limits. */
    public static Suggestion suggest(Machine machine, Load load) {
        int engines = load.engines();
        int threads = Math.max(1, (machine.cores() - 1) / engines);
        long mb = 0;
        if (machine.memoryBytes() > 0) {
            long share = machine.memoryBytes() / MEMORY_SHARE / engines / (1024 * 1024);
            mb = Math.min(HASH_CAP_MB, Long.highestOneBit(Math.max(16, share)));
        }
        return new Suggestion(threads, mb, machine, load);
    }

    /** {@link #suggested(List, Machine, Load)} under the {@linkplain Load#TYPICAL typical} load. */
    public static Map<String, String> suggested(List<EngineEntry.OptionDecl> declared, Machine machine) {
        return suggested(declared, machine, Load.TYPICAL);
    }

    /**
     * The values to set on an engine that declared {@code declared} ({@link #suggest}), never below
     * the engine's default hash nor above its maximum. An option the engine does not declare is left
     * out, and so is one whose value would be its default.
     */
    public static Map<String, String> suggested(List<EngineEntry.OptionDecl> declared, Machine machine, Load load) {
        Suggestion sg = suggest(machine, load);
        Map<String, String> out = new LinkedHashMap<>();
        spin(declared, THREADS).ifPresent(d -> put(out, d, sg.threads()));
        if (sg.hashMb() > 0) {
            long mb = sg.hashMb();
            spin(declared, HASH).ifPresent(d -> {
                long dflt = parse(d.value()).orElse(0L);
                // A power of two within the maximum: engines size their tables in powers of two.
                long capped = d.max().map(max -> Math.min(mb, Long.highestOneBit(Math.max(1, max)))).orElse(mb);
                put(out, d, Math.max(dflt, capped));
            });
        }
        return out;
    }

    /** The threads an engine gets on {@code machine} under the typical load, before its own limits. */
    public static int threads(Machine machine) {
        return suggest(machine, Load.TYPICAL).threads();
    }

    /** The hash in MB an engine gets on {@code machine} under the typical load, before its own limits. */
    public static long hashMb(Machine machine) {
        return suggest(machine, Load.TYPICAL).hashMb();
    }

    /** {@code entry} with the suggested values added, the values it already has kept. */
    public static EngineEntry applyTo(EngineEntry entry, Machine machine) {
        return applyTo(entry, machine, Load.TYPICAL);
    }

    /** {@code entry} with the values suggested under {@code load} added, the values it already has kept. */
    public static EngineEntry applyTo(EngineEntry entry, Machine machine, Load load) {
        Map<String, String> values = new LinkedHashMap<>(suggested(entry.declared(), machine, load));
        values.keySet().removeIf(k -> entry.options().keySet().stream().anyMatch(k::equalsIgnoreCase));
        values.putAll(entry.options());
        return entry.withOptions(values);
    }

    private static void put(Map<String, String> out, EngineEntry.OptionDecl d, long wanted) {
        long v = Math.min(Math.max(wanted, d.min().orElse(Long.MIN_VALUE)), d.max().orElse(Long.MAX_VALUE));
        if (parse(d.value()).filter(x -> x == v).isEmpty()) {
            out.put(d.name(), Long.toString(v));
        }
    }

    private static Optional<EngineEntry.OptionDecl> spin(List<EngineEntry.OptionDecl> declared, List<String> names) {
        for (String n : names) {
            for (EngineEntry.OptionDecl d : declared) {
                if (d.type().equals("spin") && d.name().toLowerCase(Locale.ROOT).equals(n)) {
                    return Optional.of(d);
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Long> parse(String s) {
        try {
            return Optional.of(Long.parseLong(s.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}

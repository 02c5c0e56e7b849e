package org.kibitz.core.engines;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The threads and hash an engine gets when it is added, sized to the machine, as En Croissant and
 * Nibbler do: engines default to one thread and 16 MB of hash, which a position fills within
 * minutes. Only a new entry gets them; they are ordinary option values afterwards, shown and
 * editable in the engine's options, and entries already in the list are never changed.
 */
public final class EngineDefaults {

    /** Option names for the number of search threads (UCI's {@code Threads}; some engines say {@code Cores}). */
    private static final List<String> THREADS = List.of("threads", "cores");
    /** Option names for the hash table in MB (UCI's {@code Hash}, UCCI's {@code hashsize}). */
    private static final List<String> HASH = List.of("hash", "hashsize");
    /**
     * The share of physical memory one engine's hash may take: an eighth leaves room for a second
     * engine beside it, the workbench and the rest of the desktop.
     */
    private static final long MEMORY_SHARE = 8;

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
     * The values to set on an engine that declared {@code declared}: threads = cores - 1 (at least
     * one), hash = an eighth of the memory rounded down to a power of two, never below the engine's
     * default nor above its maximum. An option the engine does not declare is left out, and so is
     * one whose value would be its default.
     */
    public static Map<String, String> suggested(List<EngineEntry.OptionDecl> declared, Machine machine) {
        Map<String, String> out = new LinkedHashMap<>();
        spin(declared, THREADS).ifPresent(d -> put(out, d, threads(machine)));
        if (machine.memoryBytes() > 0) {
            long mb = hashMb(machine);
            spin(declared, HASH).ifPresent(d -> {
                long dflt = parse(d.value()).orElse(0L);
                // A power of two within the maximum: engines size their tables in powers of two.
                long capped = d.max().map(max -> Math.min(mb, Long.highestOneBit(Math.max(1, max)))).orElse(mb);
                put(out, d, Math.max(dflt, capped));
            });
        }
        return out;
    }

    /** The threads an engine gets on {@code machine} before its own limits: cores - 1, at least 1. */
    public static int threads(Machine machine) {
        return Math.max(1, machine.cores() - 1);
    }

    /** The hash in MB an engine gets on {@code machine} before its own limits: an eighth of the memory, a power of two. */
    public static long hashMb(Machine machine) {
        return Long.highestOneBit(Math.max(1, machine.memoryBytes() / MEMORY_SHARE / (1024 * 1024)));
    }

    /** {@code entry} with the suggested values added, the values it already has kept. */
    public static EngineEntry applyTo(EngineEntry entry, Machine machine) {
        Map<String, String> values = new LinkedHashMap<>(suggested(entry.declared(), machine));
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

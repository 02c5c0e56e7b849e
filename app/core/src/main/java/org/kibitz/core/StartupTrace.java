package org.kibitz.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a start went, step by step: each step marks when it ended, and the summary gives each
 * step's milliseconds, the first counted from the process's start. Cheap enough to mark always
 * (a clock read); printed only when {@code -Dkibitz.startup.trace=true} asks (decision 0010 and
 * the workbench start record).
 */
public final class StartupTrace {

    /** The system property that asks for the summary. */
    public static final String PROPERTY = "kibitz.startup.trace";

    private static final List<String> NAMES = new ArrayList<>();
    private static final List<Long> TIMES = new ArrayList<>();

    private StartupTrace() {
    }

    /** Marks the end of the step {@code name}. */
    public static synchronized void mark(String name) {
        NAMES.add(name);
        TIMES.add(System.nanoTime());
    }

    /** Whether the summary was asked for. */
    public static boolean wanted() {
        return Boolean.getBoolean(PROPERTY);
    }

    /**
     * Milliseconds since the process started, by the operating system's record of it (0 if
     * unknown). Cheap (no management beans to load before the frame it times), but on Linux the
     * start is counted from the boot time, which the kernel gives to the second: figures of one
     * boot share an offset under a second. bench/startup.sh times from outside instead.
     */
    public static long uptimeMs() {
        return ProcessHandle.current().info().startInstant()
                .map(t -> java.time.Duration.between(t, java.time.Instant.now()).toMillis()).orElse(0L);
    }

    /** {@code step N ms, step N ms, ...}: the first step from the process's start, each next from the one before. */
    public static synchronized String summary() {
        StringBuilder b = new StringBuilder();
        long now = System.nanoTime();
        long prev = now - uptimeMs() * 1_000_000;
        for (int i = 0; i < NAMES.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(NAMES.get(i)).append(' ').append((TIMES.get(i) - prev) / 1_000_000).append(" ms");
            prev = TIMES.get(i);
        }
        return b.toString();
    }
}

package org.kibitz.core.analysis;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.kibitz.api.engine.EngineEvent;

/**
 * Every line that went to and came from every running engine, newest last, in bounded memory: a
 * ring of a fixed number of lines (the oldest are dropped and counted), each line cut to a
 * maximum length. Engines' reader threads append; the log pane reads what is new since its last
 * look, at most once per frame.
 */
public final class EngineLog {

    /** Lines longer than this are cut (an engine that writes a megabyte without a newline). */
    public static final int MAX_LINE = 4_000;

    /** One line of the log. */
    public record Entry(long seq, Instant time, String engine, EngineEvent.Direction direction, String text) {
        public Entry {
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(engine, "engine");
            Objects.requireNonNull(direction, "direction");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * What is new since a reader's last look.
     *
     * @param entries the lines still held, oldest first
     * @param missed  lines that were dropped before the reader saw them
     * @param next    the sequence number to ask from next time
     */
    public record Batch(List<Entry> entries, long missed, long next) {
    }

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

    private final Entry[] ring;
    private final ChangeSignal signal;
    private final Set<String> engines = new LinkedHashSet<>();
    private long next;
    private long first;

    public EngineLog(int capacity, ChangeSignal signal) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        this.ring = new Entry[capacity];
        this.signal = Objects.requireNonNull(signal, "signal");
    }

    public int capacity() {
        return ring.length;
    }

    /** The signal raised on every new line. */
    public ChangeSignal signal() {
        return signal;
    }

    public void append(String engine, EngineEvent.EngineLine line) {
        append(engine, line.time(), line.direction(), line.text());
    }

    public void append(String engine, Instant time, EngineEvent.Direction direction, String text) {
        String t = text.length() > MAX_LINE ? text.substring(0, MAX_LINE) + " …(" + text.length() + ")" : text;
        synchronized (this) {
            ring[(int) (next % ring.length)] = new Entry(next, time, engine, direction, t);
            next++;
            if (next - first > ring.length) {
                first = next - ring.length;
            }
            engines.add(engine);
        }
        signal.raise();
    }

    /** Lines from sequence number {@code from} on. */
    public synchronized Batch since(long from) {
        long start = Math.max(from, first);
        long missed = Math.max(0, start - from);
        List<Entry> out = new ArrayList<>((int) Math.max(0, next - start));
        for (long s = start; s < next; s++) {
            out.add(ring[(int) (s % ring.length)]);
        }
        return new Batch(out, missed, next);
    }

    /** Lines dropped to keep within the capacity, since the start or the last clear. */
    public synchronized long dropped() {
        return Math.max(0, first - cleared);
    }

    private long cleared;

    /** Forgets every line held. */
    public synchronized void clear() {
        first = next;
        cleared = next;
        for (int i = 0; i < ring.length; i++) {
            ring[i] = null;
        }
    }

    /** The engines that wrote or were sent a line, in order of their first line. */
    public synchronized List<String> engines() {
        return List.copyOf(engines);
    }

    /** One line as it is copied or saved: {@code 12:00:01.234  Stockfish  >  go infinite}. */
    public static String format(Entry e, ZoneId zone) {
        return format(e, zone, 0);
    }

    /** As {@link #format(Entry, ZoneId)}, the engine's name padded to {@code engineWidth} so columns line up. */
    public static String format(Entry e, ZoneId zone, int engineWidth) {
        String arrow = switch (e.direction()) {
            case TO_ENGINE -> ">";
            case FROM_ENGINE -> "<";
            case STDERR -> "!";
        };
        String engine = e.engine().length() >= engineWidth ? e.engine()
                : e.engine() + " ".repeat(engineWidth - e.engine().length());
        return LocalTime.ofInstant(e.time(), zone).format(CLOCK) + "  " + engine + "  " + arrow + "  " + e.text();
    }

    /** Writes lines as {@link #format} writes them, one per line. */
    public static void write(Writer out, List<Entry> entries, ZoneId zone) throws IOException {
        for (Entry e : entries) {
            out.write(format(e, zone));
            out.write(System.lineSeparator());
        }
    }
}

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
 * Every line that went to and came from every running engine, newest last, each labelled with the
 * job its session worked for ("" for the analysis panels) and its engine, in bounded memory: a
 * ring of a fixed number of lines (the oldest are dropped and counted), each line cut to a
 * maximum length. Engines' reader threads append; the log pane reads what is new since its last
 * look, at most once per frame.
 */
public final class EngineLog {

    /** Lines longer than this are cut (an engine that writes a megabyte without a newline). */
    public static final int MAX_LINE = 4_000;

    /**
     * One line of the log.
     *
     * @param job the job whose engine it is ({@code games.pgn #3}), "" for the analysis panels'
     */
    public record Entry(long seq, Instant time, String job, String engine, EngineEvent.Direction direction, String text) {
        public Entry {
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(job, "job");
            Objects.requireNonNull(engine, "engine");
            Objects.requireNonNull(direction, "direction");
            Objects.requireNonNull(text, "text");
        }

        /** A line of no job (an analysis panel's engine). */
        public Entry(long seq, Instant time, String engine, EngineEvent.Direction direction, String text) {
            this(seq, time, "", engine, direction, text);
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
    private final Set<String> jobs = new LinkedHashSet<>();
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
        append("", engine, line);
    }

    public void append(String job, String engine, EngineEvent.EngineLine line) {
        append(job, engine, line.time(), line.direction(), line.text());
    }

    public void append(String engine, Instant time, EngineEvent.Direction direction, String text) {
        append("", engine, time, direction, text);
    }

    /**
     * Adds a line.
     *
     * @return the line as kept (cut to {@link #MAX_LINE})
     */
    public Entry append(String job, String engine, Instant time, EngineEvent.Direction direction, String text) {
        String t = text.length() > MAX_LINE ? text.substring(0, MAX_LINE) + " …(" + text.length() + ")" : text;
        Entry e;
        synchronized (this) {
            e = new Entry(next, time, job, engine, direction, t);
            ring[(int) (next % ring.length)] = e;
            next++;
            if (next - first > ring.length) {
                first = next - ring.length;
            }
            engines.add(engine);
            if (!job.isEmpty()) {
                jobs.add(job);
            }
        }
        signal.raise();
        return e;
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

    /** The jobs whose engines wrote or were sent a line, in order of their first line. */
    public synchronized List<String> jobs() {
        return List.copyOf(jobs);
    }

    /**
     * One line as it is copied or saved: {@code 12:00:01.234  Stockfish  >  go infinite}, with its job
     * before the engine when it has one: {@code 12:00:01.234  [games.pgn #3]  Stockfish  >  go movetime 500}.
     */
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
        String job = e.job().isEmpty() ? "" : "[" + e.job() + "]  ";
        return LocalTime.ofInstant(e.time(), zone).format(CLOCK) + "  " + job + engine + "  " + arrow + "  " + e.text();
    }

    /** Writes lines as {@link #format} writes them, one per line. */
    public static void write(Writer out, List<Entry> entries, ZoneId zone) throws IOException {
        for (Entry e : entries) {
            out.write(format(e, zone));
            out.write(System.lineSeparator());
        }
    }
}

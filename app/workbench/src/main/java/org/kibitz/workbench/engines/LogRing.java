package org.kibitz.workbench.engines;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;
import org.kibitz.core.analysis.EngineLog;

/**
 * The engine log pane's lines: a ring of at most {@code capacity} entries, oldest first, each with
 * room for its text as drawn. Adding past the capacity drops the oldest line, and dropping lines
 * from the front costs nothing per line kept: under a flood the pane takes thousands of lines a
 * read, and shifting a list of fifty thousand on each read was the costly part. FX thread only.
 */
final class LogRing extends AbstractList<EngineLog.Entry> implements RandomAccess {

    private final EngineLog.Entry[] entries;
    private final String[] texts;
    private int head;
    private int size;

    LogRing(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        entries = new EngineLog.Entry[capacity];
        texts = new String[capacity];
    }

    int capacity() {
        return entries.length;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public EngineLog.Entry get(int i) {
        return entries[slot(i)];
    }

    /** The text drawn for line {@code i}, null until {@link #setText} kept one. */
    String text(int i) {
        return texts[slot(i)];
    }

    void setText(int i, String t) {
        texts[slot(i)] = t;
    }

    /** Forgets every kept text (the columns changed). */
    void clearTexts() {
        Arrays.fill(texts, null);
    }

    /** Adds a line at the end, dropping the oldest when full. */
    @Override
    public boolean add(EngineLog.Entry e) {
        append(List.of(e));
        return true;
    }

    /**
     * Adds lines at the end (in at most two array copies, not line by line); returns how many of the
     * oldest were dropped to make room. Of more lines than the capacity, the last ones are kept.
     */
    int append(List<EngineLog.Entry> more) {
        int cap = entries.length;
        int n = more.size();
        int from = Math.max(0, n - cap);
        int count = n - from;
        int dropped = Math.max(0, size + count - cap);
        dropFront(dropped);
        EngineLog.Entry[] add = more.subList(from, n).toArray(new EngineLog.Entry[0]);
        int at = (head + size) % cap;
        int first = Math.min(count, cap - at);
        System.arraycopy(add, 0, entries, at, first);
        Arrays.fill(texts, at, at + first, null);
        if (first < count) {
            System.arraycopy(add, first, entries, 0, count - first);
            Arrays.fill(texts, 0, count - first, null);
        }
        size += count;
        modCount++;
        return dropped + from;
    }

    /** Drops the {@code n} oldest lines. */
    void dropFront(int n) {
        int d = Math.min(n, size);
        if (d == 0) {
            return;
        }
        int cap = entries.length;
        int first = Math.min(d, cap - head);
        Arrays.fill(entries, head, head + first, null);
        Arrays.fill(texts, head, head + first, null);
        if (first < d) {
            Arrays.fill(entries, 0, d - first, null);
            Arrays.fill(texts, 0, d - first, null);
        }
        head = (head + d) % cap;
        size -= d;
        modCount++;
    }

    @Override
    public void clear() {
        Arrays.fill(entries, null);
        Arrays.fill(texts, null);
        head = 0;
        size = 0;
        modCount++;
    }

    /** Replaces every line with the last {@code capacity} of {@code all}. */
    void setAll(List<EngineLog.Entry> all) {
        clear();
        append(all);
    }

    private int slot(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i + " of " + size);
        }
        return (head + i) % entries.length;
    }
}

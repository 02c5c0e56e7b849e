package org.kibitz.core.book;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.AtomicFiles;

/**
 * Collects book moves and writes a Polyglot-style book: 16-byte big-endian records sorted by key
 * (unsigned), and within a key by weight, highest first. The same move added again for the same key
 * is merged: weights add up, and so do learn values (each kept within its field's bits).
 *
 * <p>Weights are kept exact while moves are added; when a position's summed weights exceed 16 bits,
 * that position's weights are scaled down together so the largest is 65535 (a move with any weight
 * keeps at least 1), so their proportions survive. Anything that can count moves per position (game
 * files through {@link BookMaker}, an opening tree) can feed it through {@link #add(long, int, long, long)}.
 */
public final class PolyglotWriter {

    private record Sum(long weight, long learn) {
    }

    private final BookMoves moves;
    /** Per key, per move code, in the order first added. */
    private final Map<Long, Map<Integer, Sum>> byKey = new HashMap<>();

    public PolyglotWriter(BookMoves moves) {
        this.moves = Objects.requireNonNull(moves, "moves");
    }

    /** The writer of a game's Polyglot-style book (Polyglot for chess, Kibitz's for xiangqi). */
    public static PolyglotWriter forGame(String gameId) {
        return new PolyglotWriter(BookMoves.forGame(gameId));
    }

    public BookMoves moves() {
        return moves;
    }

    /** Adds weight to a move legal in {@code before}. */
    public void add(Position before, Move move, long weight) {
        add(moves.key(before), moves.encode(before, move), weight, 0);
    }

    /** Adds a raw record: key, encoded move, weight and learn value (merged with the same key and move). */
    public void add(long key, int move, long weight, long learn) {
        if (move < 0 || move > 0xFFFF || weight < 0 || learn < 0) {
            throw new IllegalArgumentException("bad record: move " + move + " weight " + weight + " learn " + learn);
        }
        byKey.computeIfAbsent(key, k -> new LinkedHashMap<>())
                .merge(move, new Sum(weight, learn), (a, b) -> new Sum(a.weight + b.weight, a.learn + b.learn));
    }

    /** How many positions have moves. */
    public int positions() {
        return byKey.size();
    }

    /** The records as they will be written: sorted, merged, weights scaled into 16 bits. */
    public List<PolyglotEntry> entries() {
        List<Long> keys = new ArrayList<>(byKey.keySet());
        keys.sort(Long::compareUnsigned);
        List<PolyglotEntry> out = new ArrayList<>();
        for (long key : keys) {
            Map<Integer, Sum> ms = byKey.get(key);
            long max = ms.values().stream().mapToLong(Sum::weight).max().orElse(0);
            List<PolyglotEntry> here = new ArrayList<>(ms.size());
            for (Map.Entry<Integer, Sum> e : ms.entrySet()) {
                long w = e.getValue().weight();
                if (max > 0xFFFF) {
                    w = w == 0 ? 0 : Math.max(1, w * 0xFFFF / max);
                }
                here.add(new PolyglotEntry(key, e.getKey(), (int) w, Math.min(e.getValue().learn(), 0xFFFF_FFFFL)));
            }
            here.sort(Comparator.comparingInt(PolyglotEntry::weight).reversed());
            out.addAll(here);
        }
        return out;
    }

    /** The book's bytes. */
    public byte[] toBytes() {
        List<PolyglotEntry> entries = entries();
        ByteBuffer buf = ByteBuffer.allocate(entries.size() * PolyglotEntry.BYTES).order(ByteOrder.BIG_ENDIAN);
        for (PolyglotEntry e : entries) {
            buf.putLong(e.key()).putShort((short) e.move()).putShort((short) e.weight()).putInt((int) e.learn());
        }
        return buf.array();
    }

    /** Writes the book to a file atomically (a failed write leaves the old file as it was); returns the records written. */
    public int write(Path file) throws IOException {
        byte[] data = toBytes();
        AtomicFiles.write(file, data);
        return data.length / PolyglotEntry.BYTES;
    }
}

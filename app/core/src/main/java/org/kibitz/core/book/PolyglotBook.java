package org.kibitz.core.book;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/**
 * A Polyglot-style book read from its bytes: 16-byte big-endian records ({@link PolyglotEntry})
 * sorted by key, looked up by binary search. For chess it is a Polyglot {@code .bin} book; for
 * xiangqi Kibitz's own book of the same layout ({@link BookMoves#KIBITZ_XIANGQI}).
 *
 * <p>A trailing part of a record (a file whose length is not a multiple of 16) is ignored. Records
 * with the key 0 (where some tools keep a header) are never matched by a real position in practice.
 */
public final class PolyglotBook implements Book {

    private final ByteBuffer bytes;
    private final int records;
    private final BookMoves moves;

    private PolyglotBook(ByteBuffer bytes, BookMoves moves) {
        this.bytes = bytes.order(ByteOrder.BIG_ENDIAN);
        this.records = bytes.capacity() / PolyglotEntry.BYTES;
        this.moves = Objects.requireNonNull(moves, "moves");
    }

    /** The book in a file, its moves read as {@code moves} says; the file is mapped, not copied. */
    public static PolyglotBook open(Path file, BookMoves moves) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return new PolyglotBook(ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()), moves);
        }
    }

    /** The book in {@code data}. */
    public static PolyglotBook of(byte[] data, BookMoves moves) {
        return new PolyglotBook(ByteBuffer.wrap(data.clone()), moves);
    }

    @Override
    public String gameId() {
        return moves.gameId();
    }

    /** The codec of the book's moves. */
    public BookMoves moves() {
        return moves;
    }

    /** How many records the book holds. */
    public int size() {
        return records;
    }

    /** The record at an index, 0 to {@link #size()} - 1. */
    public PolyglotEntry entry(int index) {
        int at = index * PolyglotEntry.BYTES;
        return new PolyglotEntry(bytes.getLong(at), Short.toUnsignedInt(bytes.getShort(at + 8)),
                Short.toUnsignedInt(bytes.getShort(at + 10)), Integer.toUnsignedLong(bytes.getInt(at + 12)));
    }

    private long keyAt(int index) {
        return bytes.getLong(index * PolyglotEntry.BYTES);
    }

    /** Every record with this key, in file order. */
    public List<PolyglotEntry> entries(long key) {
        int lo = 0;
        int hi = records; // first index whose key is >= key
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(keyAt(mid), key) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        List<PolyglotEntry> out = new ArrayList<>();
        for (int i = lo; i < records && keyAt(i) == key; i++) {
            out.add(entry(i));
        }
        return out;
    }

    @Override
    public List<BookEntry> probe(Position position) {
        if (!position.gameId().equals(moves.gameId())) {
            return List.of();
        }
        List<BookEntry> out = new ArrayList<>();
        long key = moves.key(position);
        for (PolyglotEntry e : entries(key)) {
            Optional<Move> m = moves.decode(position, e.move());
            m.ifPresent(move -> out.add(new BookEntry(move, e.weight(), e.learn())));
        }
        if (moves.mergesMirrors()) {
            // The book may hold the mirror image instead: its moves, mirrored back. A symmetric
            // position (the start) is its own mirror: each move stored stands for its mirror image
            // too. A move found both ways (a book made elsewhere may hold both) keeps the larger weight.
            Optional<Position> mirror = position.mirrored();
            if (mirror.isPresent()) {
                long mirrorKey = moves.key(mirror.get());
                for (PolyglotEntry e : entries(mirrorKey)) {
                    Optional<Move> m = moves.decode(position, moves.mirror(e.move()));
                    if (m.isPresent()) {
                        Move move = m.get();
                        int already = -1;
                        for (int i = 0; i < out.size(); i++) {
                            if (out.get(i).move().equals(move)) {
                                already = i;
                            }
                        }
                        if (already < 0) {
                            out.add(new BookEntry(move, e.weight(), e.learn()));
                        } else if (out.get(already).weight() < e.weight()) {
                            out.set(already, new BookEntry(move, e.weight(), e.learn()));
                        }
                    }
                }
            }
        }
        out.sort(Comparator.comparingInt(BookEntry::weight).reversed());
        return List.copyOf(out);
    }
}

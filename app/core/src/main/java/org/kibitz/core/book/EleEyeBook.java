package org.kibitz.core.book;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Square;

/**
 * ElephantEye's xiangqi opening book, {@code BOOK.DAT} (format as in xqbase/eleeye's {@code book.h}
 * and {@code book.cpp}): 8-byte little-endian records, sorted by lock (unsigned): a 32-bit lock (the
 * position's {@link EleEyeZobrist} lock 1), a 16-bit move (low byte the from-square, high byte the
 * to-square, on ElephantEye's 16x16 board) and a 16-bit weight.
 *
 * <p>A position and its mirror image (files reversed) share their records: the book holds the one
 * of the two with the lower locks. As ElephantEye does, a position is looked up as it is, and only
 * when it is not there as its mirror image, whose moves are then mirrored back. Moves not legal in
 * the position (a lock that collides) are left out.
 */
public final class EleEyeBook implements Book {

    /** The size of a record. */
    public static final int BYTES = 8;

    private final ByteBuffer bytes;
    private final int records;

    private EleEyeBook(byte[] data) {
        this.bytes = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        this.records = data.length / BYTES;
    }

    public static EleEyeBook open(Path file) throws IOException {
        return new EleEyeBook(Files.readAllBytes(file));
    }

    public static EleEyeBook of(byte[] data) {
        return new EleEyeBook(data.clone());
    }

    @Override
    public String gameId() {
        return "xiangqi";
    }

    public int size() {
        return records;
    }

    private int lockAt(int i) {
        return bytes.getInt(i * BYTES);
    }

    @Override
    public List<BookEntry> probe(Position position) {
        if (!position.gameId().equals("xiangqi")) {
            return List.of();
        }
        for (boolean mirrored : new boolean[] {false, true}) {
            int lock = EleEyeZobrist.lock1(position, mirrored);
            int first = firstAtLeast(lock);
            if (first < records && lockAt(first) == lock) {
                List<BookEntry> out = new ArrayList<>();
                for (int i = first; i < records && lockAt(i) == lock; i++) {
                    int mv = Short.toUnsignedInt(bytes.getShort(i * BYTES + 4));
                    int weight = Short.toUnsignedInt(bytes.getShort(i * BYTES + 6));
                    decode(mv, mirrored).filter(position::isLegal).ifPresent(m -> out.add(new BookEntry(m, weight, 0)));
                }
                out.sort(Comparator.comparingInt(BookEntry::weight).reversed());
                return List.copyOf(out);
            }
        }
        return List.of();
    }

    private int firstAtLeast(int lock) {
        int lo = 0;
        int hi = records;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Integer.compareUnsigned(lockAt(mid), lock) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** ElephantEye's move as ours, its files mirrored back when it was found for the mirror image. */
    static Optional<Move> decode(int mv, boolean mirrored) {
        Square from = point(mv & 0xFF, mirrored);
        Square to = point(mv >>> 8 & 0xFF, mirrored);
        return from == null || to == null ? Optional.empty() : Optional.of(new Move(from, to));
    }

    private static Square point(int sq, boolean mirrored) {
        int file = (sq & 15) - 3;
        int rank = 12 - (sq >> 4);
        if (file < 0 || file > 8 || rank < 0 || rank > 9) {
            return null;
        }
        return Square.of(mirrored ? 8 - file : file, rank);
    }
}

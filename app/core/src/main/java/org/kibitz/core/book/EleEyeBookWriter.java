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
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Square;
import org.kibitz.core.AtomicFiles;

/**
 * Collects xiangqi book moves and writes ElephantEye's {@code BOOK.DAT} (see {@link EleEyeBook}), so
 * that a book made here serves ElephantEye and XQWizard.
 *
 * <p>A position and its mirror image share one set of records: each position is stored in the
 * orientation whose lock 1 is the lower (unsigned), its moves mirrored with it, and the moves of both
 * orientations add up there. Readers look a position up as it is and then as its mirror image, so
 * they find it either way. Records are sorted by lock (unsigned); weights of a position whose largest
 * sum passes 16 bits are scaled down together.
 */
public final class EleEyeBookWriter {

    /** Per lock, per ElephantEye move, the summed weight, in the order first added. */
    private final Map<Integer, Map<Integer, Long>> byLock = new HashMap<>();

    /**
     * ElephantEye's keys and moves as a {@link BookMoves}, for {@link BookMaker}: the key is the lock of
     * the orientation the book stores (as an unsigned number), the code the move in that orientation.
     */
    public static final BookMoves CODEC = new BookMoves() {
        @Override
        public String gameId() {
            return "xiangqi";
        }

        @Override
        public int encode(Position before, Move move) {
            return EleEyeBookWriter.encode(move, mirrored(before));
        }

        @Override
        public java.util.Optional<Move> decode(Position before, int code) {
            return EleEyeBook.decode(code, mirrored(before)).filter(before::isLegal);
        }

        @Override
        public long key(Position position) {
            return Integer.toUnsignedLong(EleEyeZobrist.lock1(position, mirrored(position)));
        }
    };

    /** Whether a position is stored as its mirror image (its mirror's lock is the lower). */
    static boolean mirrored(Position p) {
        return Integer.compareUnsigned(EleEyeZobrist.lock1(p, true), EleEyeZobrist.lock1(p, false)) < 0;
    }

    /** Adds a raw record: a lock, ElephantEye's move and a weight (merged with the same lock and move). */
    public void add(int lock, int move, long weight) {
        if (move < 0 || move > 0xFFFF || weight < 0) {
            throw new IllegalArgumentException("bad record: move " + move + " weight " + weight);
        }
        byLock.computeIfAbsent(lock, k -> new LinkedHashMap<>()).merge(move, weight, Long::sum);
    }

    /** Adds weight to a move legal in {@code before} (a xiangqi position). */
    public void add(Position before, Move move, long weight) {
        if (!before.gameId().equals("xiangqi")) {
            throw new IllegalArgumentException("an ElephantEye book holds xiangqi, not " + before.gameId());
        }
        if (weight < 0 || move.isNull()) {
            throw new IllegalArgumentException("bad book move " + move + " weight " + weight);
        }
        boolean mirrored = mirrored(before);
        add((int) CODEC.key(before), encode(move, mirrored), weight);
    }

    /** ElephantEye's move: low byte the from-square, high byte the to-square, files mirrored when asked. */
    static int encode(Move move, boolean mirrored) {
        return square(move.from(), mirrored) | square(move.to(), mirrored) << 8;
    }

    private static int square(Square s, boolean mirrored) {
        return EleEyeZobrist.square(mirrored ? 8 - s.file() : s.file(), s.rank());
    }

    /** How many positions (a position and its mirror image counted once) have moves. */
    public int positions() {
        return byLock.size();
    }

    /** The book's bytes: 8-byte little-endian records (lock, move, weight), sorted by lock. */
    public byte[] toBytes() {
        List<Integer> locks = new ArrayList<>(byLock.keySet());
        locks.sort(Integer::compareUnsigned);
        int n = byLock.values().stream().mapToInt(Map::size).sum();
        ByteBuffer buf = ByteBuffer.allocate(n * EleEyeBook.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int lock : locks) {
            Map<Integer, Long> moves = byLock.get(lock);
            long max = moves.values().stream().mapToLong(Long::longValue).max().orElse(0);
            List<Map.Entry<Integer, Long>> here = new ArrayList<>(moves.entrySet());
            here.sort(Map.Entry.<Integer, Long>comparingByValue(Comparator.reverseOrder()));
            for (Map.Entry<Integer, Long> e : here) {
                long w = e.getValue();
                if (max > 0xFFFF) {
                    w = w == 0 ? 0 : Math.max(1, w * 0xFFFF / max);
                }
                buf.putInt(lock).putShort((short) (int) e.getKey()).putShort((short) w);
            }
        }
        return buf.array();
    }

    /** Writes the book atomically; returns the records written. */
    public int write(Path file) throws IOException {
        byte[] data = toBytes();
        AtomicFiles.write(file, data);
        return data.length / EleEyeBook.BYTES;
    }
}

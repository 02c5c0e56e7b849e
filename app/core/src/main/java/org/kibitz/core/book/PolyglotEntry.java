package org.kibitz.core.book;

/**
 * One raw 16-byte record of a Polyglot-style book, as the file holds it (all numbers big-endian):
 * {@code key} u64, {@code move} u16, {@code weight} u16, {@code learn} u32. What the key and move
 * mean is the game's: {@link BookMoves}.
 *
 * @param key    the position's key (compared unsigned)
 * @param move   the encoded move, 0..65535
 * @param weight 0..65535
 * @param learn  0..2^32-1
 */
public record PolyglotEntry(long key, int move, int weight, long learn) {

    /** The size of a record in the file. */
    public static final int BYTES = 16;

    public PolyglotEntry {
        if (move < 0 || move > 0xFFFF) {
            throw new IllegalArgumentException("move out of 16 bits: " + move);
        }
        if (weight < 0 || weight > 0xFFFF) {
            throw new IllegalArgumentException("weight out of 16 bits: " + weight);
        }
        if (learn < 0 || learn > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("learn out of 32 bits: " + learn);
        }
    }
}

package org.kibitz.api.game;

/**
 * A point of the board: a square in chess, an intersection in xiangqi.
 *
 * <p>Both numbers count from zero: {@code file} from White's/Red's left ({@code a} = 0), {@code rank}
 * from White's/Red's side. How a square is written (chess {@code e4} = file 4, rank 3; xiangqi
 * {@code e0} = file 4, rank 0) is the business of a game's notations, not of this type.
 */
public record Square(int file, int rank) {

    private static final Square[][] CACHE = new Square[16][16];

    static {
        for (int f = 0; f < 16; f++) {
            for (int r = 0; r < 16; r++) {
                CACHE[f][r] = new Square(f, r);
            }
        }
    }

    public Square {
        if (file < 0 || rank < 0) {
            throw new IllegalArgumentException("negative square " + file + "," + rank);
        }
    }

    /** The square at file and rank; shared instances for boards up to 16x16. */
    public static Square of(int file, int rank) {
        if (file >= 0 && rank >= 0 && file < 16 && rank < 16) {
            return CACHE[file][rank];
        }
        return new Square(file, rank);
    }

    // equals and hashCode written out: a record's generated ones go through an invokedynamic
    // bootstrap whose method-handle tree the JIT inlines into every hot caller (Move.isNull, say).
    @Override
    public boolean equals(Object o) {
        return o instanceof Square s && s.file == file && s.rank == rank;
    }

    @Override
    public int hashCode() {
        return 31 * file + rank;
    }

    /** The file as a letter, {@code a} for 0. */
    public char fileLetter() {
        return (char) ('a' + file);
    }

    /** The square's name with ranks counted from {@code rankBase} ({@code e4} with base 1, {@code e0} with base 0). */
    public String name(int rankBase) {
        return fileLetter() + Integer.toString(rank + rankBase);
    }
}

package org.kibitz.api.game;

/**
 * A piece: its side and its type, the type written as the upper-case letter the game's FEN uses
 * ({@code K Q R B N P} in chess, {@code K A B N R C P} in xiangqi).
 */
public record Piece(Side side, char type) {

    public Piece {
        if (type < 'A' || type > 'Z') {
            throw new IllegalArgumentException("piece type must be an upper-case letter: " + type);
        }
    }

    /** The piece for a FEN letter: upper case is White/Red, lower case Black. */
    public static Piece fromFen(char letter) {
        return Character.isUpperCase(letter)
                ? new Piece(Side.WHITE, letter)
                : new Piece(Side.BLACK, Character.toUpperCase(letter));
    }

    /** The FEN letter: upper case for White/Red, lower case for Black. */
    public char fenLetter() {
        return side == Side.WHITE ? type : Character.toLowerCase(type);
    }
}

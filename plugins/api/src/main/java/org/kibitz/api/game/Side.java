package org.kibitz.api.game;

/**
 * The two sides. {@link #WHITE} moves first: White in chess, Red in xiangqi.
 */
public enum Side {
    WHITE,
    BLACK;

    public Side opposite() {
        return this == WHITE ? BLACK : WHITE;
    }
}

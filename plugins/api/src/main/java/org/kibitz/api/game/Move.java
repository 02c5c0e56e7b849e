package org.kibitz.api.game;

import java.util.Objects;

/**
 * A move in game-neutral form: from, to and an optional promotion piece type.
 *
 * <p>This is what engines write in coordinates, so engine output becomes {@code Move}s without
 * knowing the position. Castling is written as engines write it: the king's two-square move in
 * standard chess ({@code e1g1}), the king taking its own rook in Chess960 ({@code e1h1}); the chess
 * rules accept both. Whether a move is legal is a question for a {@link Position}.
 *
 * @param promotion upper-case piece type promoted to, or {@link #NO_PROMOTION}
 */
public record Move(Square from, Square to, char promotion) {

    public static final char NO_PROMOTION = 0;

    /**
     * The null move: the side to move passes ({@code --} or {@code Z0} in PGN, {@code 0000} for UCI
     * engines). Analysts use it in variations to show a threat; no position plays it, a
     * {@link org.kibitz.api.tree.GameNode} holds it with the position after the pass.
     */
    public static final Move NULL = new Move(Square.of(0, 0), Square.of(0, 0));

    public Move {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (promotion != NO_PROMOTION && (promotion < 'A' || promotion > 'Z')) {
            throw new IllegalArgumentException("promotion must be an upper-case piece type: " + promotion);
        }
    }

    public Move(Square from, Square to) {
        this(from, to, NO_PROMOTION);
    }

    /** Whether this is {@link #NULL}: no real move starts and ends on one point. */
    public boolean isNull() {
        return from.file() == to.file() && from.rank() == to.rank();
    }

    // Written out rather than generated (see Square): moves are compared in hot loops.
    @Override
    public boolean equals(Object o) {
        return o instanceof Move m && m.promotion == promotion && from.equals(m.from) && to.equals(m.to);
    }

    @Override
    public int hashCode() {
        return (from.hashCode() * 31 + to.hashCode()) * 31 + promotion;
    }

    public boolean isPromotion() {
        return promotion != NO_PROMOTION;
    }

    /**
     * Parses coordinate text ({@code e2e4}, {@code e7e8q}, {@code h2e2}, {@code h10h9}) with ranks
     * counted from {@code rankBase}; {@code H2-E2} (ICCS with a dash, any case) is accepted too.
     *
     * @throws IllegalArgumentException when the text is not coordinates or a rank is below the base
     */
    public static Move parseCoordinates(CharSequence text, int rankBase) {
        int n = text.length();
        int i = 0;
        int fromFile = fileAt(text, i++);
        int fromRankEnd = digitsEnd(text, i);
        if (fromFile < 0 || fromRankEnd == i) {
            throw notCoordinates(text);
        }
        int fromRank = parseInt(text, i, fromRankEnd) - rankBase;
        i = fromRankEnd;
        if (i < n && text.charAt(i) == '-') {
            i++;
        }
        int toFile = i < n ? fileAt(text, i++) : -1;
        int toRankEnd = digitsEnd(text, i);
        if (toFile < 0 || toRankEnd == i) {
            throw notCoordinates(text);
        }
        int toRank = parseInt(text, i, toRankEnd) - rankBase;
        i = toRankEnd;
        char promotion = NO_PROMOTION;
        if (i < n && text.charAt(i) == '=') {
            i++;
        }
        if (i < n) {
            char c = text.charAt(i++);
            if (!Character.isLetter(c) || c > 'z') {
                throw notCoordinates(text);
            }
            promotion = Character.toUpperCase(c);
        }
        if (i != n || fromRank < 0 || toRank < 0) {
            throw notCoordinates(text);
        }
        return new Move(Square.of(fromFile, fromRank), Square.of(toFile, toRank), promotion);
    }

    /**
     * Coordinate text with ranks counted from {@code rankBase}: {@code e2e4}, {@code e7e8q}, {@code h2e2};
     * {@code 0000} for the null move.
     */
    public String coordinates(int rankBase) {
        if (isNull()) {
            return "0000";
        }
        String s = from.name(rankBase) + to.name(rankBase);
        return isPromotion() ? s + Character.toLowerCase(promotion) : s;
    }

    private static int fileAt(CharSequence text, int i) {
        if (i >= text.length()) {
            return -1;
        }
        char c = Character.toLowerCase(text.charAt(i));
        return c >= 'a' && c <= 'z' ? c - 'a' : -1;
    }

    private static int digitsEnd(CharSequence text, int i) {
        int j = i;
        while (j < text.length() && j - i < 3 && text.charAt(j) >= '0' && text.charAt(j) <= '9') {
            j++;
        }
        return j;
    }

    private static int parseInt(CharSequence text, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            v = v * 10 + (text.charAt(i) - '0');
        }
        return v;
    }

    private static IllegalArgumentException notCoordinates(CharSequence text) {
        return new IllegalArgumentException("not coordinates: " + text);
    }
}

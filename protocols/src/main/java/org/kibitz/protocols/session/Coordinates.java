package org.kibitz.protocols.session;

import org.kibitz.api.game.Move;
import org.kibitz.api.game.Square;

/**
 * Coordinate moves read straight from a line, without cutting it into strings, and shared: every
 * {@code e2e4} is the same {@link Move} object. What lets the {@code info} parser read a PV of
 * twenty moves without allocating.
 */
public final class Coordinates {

    private static final int SIDE = 16;
    private static final String PROMOTIONS = "QRBNKACPEHSF"; // chess, then letters fairy engines use
    private static final Move[] PLAIN = new Move[SIDE * SIDE * SIDE * SIDE];
    private static final Move[][] PROMOTED = new Move[PROMOTIONS.length()][];

    private Coordinates() {
    }

    /**
     * The move {@code text[from, to)} names with ranks counted from {@code rankBase}
     * ({@code e2e4}, {@code e7e8q}, {@code h10g8}); null when it is no coordinate move on a board of
     * up to 16 x 16.
     */
    public static Move parse(CharSequence text, int from, int to, int rankBase) {
        int i = from;
        if (to - from < 4 || to - from > 7) {
            return null;
        }
        int ff = file(text.charAt(i++));
        if (ff < 0) {
            return null;
        }
        int fr = 0;
        int digits = 0;
        while (i < to && digits < 2 && isDigit(text.charAt(i))) {
            fr = fr * 10 + (text.charAt(i++) - '0');
            digits++;
        }
        if (digits == 0 || i >= to) {
            return null;
        }
        int tf = file(text.charAt(i++));
        if (tf < 0) {
            return null;
        }
        int tr = 0;
        digits = 0;
        while (i < to && digits < 2 && isDigit(text.charAt(i))) {
            tr = tr * 10 + (text.charAt(i++) - '0');
            digits++;
        }
        if (digits == 0) {
            return null;
        }
        fr -= rankBase;
        tr -= rankBase;
        if (fr < 0 || tr < 0 || fr >= SIDE || tr >= SIDE) {
            return null;
        }
        int index = ((ff * SIDE + fr) * SIDE + tf) * SIDE + tr;
        if (i == to) {
            Move m = PLAIN[index];
            if (m == null) {
                m = new Move(Square.of(ff, fr), Square.of(tf, tr));
                PLAIN[index] = m; // a benign race: Move is immutable, any copy is as good
            }
            return m;
        }
        if (i + 1 != to) {
            return null;
        }
        char p = Character.toUpperCase(text.charAt(i));
        int k = PROMOTIONS.indexOf(p);
        if (k < 0) {
            return null;
        }
        Move[] table = PROMOTED[k];
        if (table == null) {
            table = new Move[PLAIN.length];
            PROMOTED[k] = table;
        }
        Move m = table[index];
        if (m == null) {
            m = new Move(Square.of(ff, fr), Square.of(tf, tr), p);
            table[index] = m;
        }
        return m;
    }

    private static int file(char c) {
        return c >= 'a' && c <= 'p' ? c - 'a' : -1;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}

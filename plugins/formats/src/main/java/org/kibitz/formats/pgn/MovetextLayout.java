package org.kibitz.formats.pgn;

/**
 * Lays tokens out in lines of at most 79 columns, as PGN's export format asks; a token longer
 * than a line (a long comment) gets a line of its own rather than being cut. Chinese characters
 * and full-width forms take two columns, as editors and terminals show them, so xiangqi move
 * text in Chinese wraps where it looks right.
 */
final class MovetextLayout {

    static final int WIDTH = 79;

    private final StringBuilder out;
    private int column;

    MovetextLayout(StringBuilder out) {
        this.out = out;
    }

    /** A token without line breaks: a move, a number, a NAG, a parenthesis. */
    void token(CharSequence t) {
        int w = width(t, 0, t.length());
        space(w);
        out.append(t);
        column += w;
    }

    /** A move number: {@code 12.} or {@code 12...}, written without an intermediate string. */
    void number(int n, boolean black) {
        int w = (n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : Integer.toString(n).length()) + (black ? 3 : 1);
        space(w);
        out.append(n).append(black ? "..." : ".");
        column += w;
    }

    /** A NAG: {@code $n}. */
    void nag(int n) {
        int w = n < 10 ? 2 : n < 100 ? 3 : 4;
        space(w);
        out.append('$').append(n);
        column += w;
    }

    /** A comment, which may hold line breaks of its own: the column counts from the last one. */
    void comment(CharSequence t) {
        int lastBreak = -1;
        for (int i = t.length() - 1; i >= 0; i--) {
            if (t.charAt(i) == '\n') {
                lastBreak = i;
                break;
            }
        }
        space(width(t, 0, lastBreak < 0 ? t.length() : lastBreak));
        out.append(t);
        column = lastBreak < 0 ? column + width(t, 0, t.length()) : width(t, lastBreak + 1, t.length());
    }

    void end() {
        out.append('\n');
        column = 0;
    }

    private void space(int width) {
        if (column > 0) {
            if (column + 1 + width > WIDTH) {
                out.append('\n');
                column = 0;
            } else {
                out.append(' ');
                column++;
            }
        }
    }

    /** Display columns of {@code t[from, to)}: two for wide (East Asian) characters. */
    static int width(CharSequence t, int from, int to) {
        int w = 0;
        for (int i = from; i < to; i++) {
            char c = t.charAt(i);
            w += c < 0x1100 ? 1 : isWide(c) ? 2 : 1;
        }
        return w;
    }

    private static boolean isWide(char c) {
        return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3)
                || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60)
                || (c >= 0xFFE0 && c <= 0xFFE6);
    }
}

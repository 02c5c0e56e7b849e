package org.kibitz.formats.pgn;

/**
 * Lays tokens out in lines of at most 79 characters, as PGN's export format asks; a token longer
 * than a line (a long comment) gets a line of its own rather than being cut.
 */
final class MovetextLayout {

    static final int WIDTH = 79;

    private final StringBuilder out;
    private int lineStart;

    MovetextLayout(StringBuilder out) {
        this.out = out;
        this.lineStart = out.length();
    }

    /** A token without line breaks: a move, a number, a NAG, a parenthesis. */
    void token(CharSequence t) {
        space(t.length());
        out.append(t);
    }

    /** A move number: {@code 12.} or {@code 12...}, written without an intermediate string. */
    void number(int n, boolean black) {
        int digits = n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : Integer.toString(n).length();
        space(digits + (black ? 3 : 1));
        out.append(n).append(black ? "..." : ".");
    }

    /** A NAG: {@code $n}. */
    void nag(int n) {
        space(n < 10 ? 2 : n < 100 ? 3 : 4);
        out.append('$').append(n);
    }

    /** A comment, which may hold line breaks of its own: the column counts from the last one. */
    void comment(CharSequence t) {
        space(t.length());
        out.append(t);
        for (int i = t.length() - 1; i >= 0; i--) {
            if (t.charAt(i) == '\n') {
                lineStart = out.length() - (t.length() - 1 - i);
                break;
            }
        }
    }

    private void space(int length) {
        int column = out.length() - lineStart;
        if (column > 0) {
            if (column + 1 + length > WIDTH) {
                out.append('\n');
                lineStart = out.length();
            } else {
                out.append(' ');
            }
        }
    }

    void end() {
        out.append('\n');
        lineStart = out.length();
    }
}

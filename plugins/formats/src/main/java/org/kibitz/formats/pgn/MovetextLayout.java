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

    void token(CharSequence t) {
        int column = out.length() - lineStart;
        if (column > 0) {
            if (column + 1 + t.length() > WIDTH) {
                out.append('\n');
                lineStart = out.length();
            } else {
                out.append(' ');
            }
        }
        out.append(t);
        // A comment may hold line breaks of its own; the column counts from the last one.
        for (int i = t.length() - 1; i >= 0; i--) {
            if (t.charAt(i) == '\n') {
                lineStart = out.length() - (t.length() - 1 - i);
                break;
            }
        }
    }

    void end() {
        out.append('\n');
        lineStart = out.length();
    }
}

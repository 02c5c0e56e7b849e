package org.kibitz.formats.pgn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.kibitz.api.format.FormatProblem;

/**
 * One game as the scanner cut it from a PGN file: its tags and its movetext tokens, each with the
 * line it stands on, before any move has been read. Holding the text apart from the moves lets the
 * scanner run ahead on one thread while games are built on others.
 */
final class PgnGameText {

    /** Token kinds of the movetext. */
    static final byte MOVE = 1;
    static final byte NAG = 2;
    static final byte COMMENT = 3;
    static final byte OPEN = 4;
    static final byte CLOSE = 5;
    static final byte RESULT = 6;

    /** A move's value when the lexer saw only ASCII in it: no full-width forms to fold. */
    static final int ASCII = 1;

    /** A tag as read: name, value and line. */
    record Tag(String name, String value, long line) {
    }

    final int number;
    final long firstLine;
    /** Where the game starts in the file: the byte offset of its first line (-1 when not known), and the column in it. */
    long offset = -1;
    int column;
    /** The file's encoding as decided when the game started, if it was. */
    java.util.Optional<java.nio.charset.Charset> charset = java.util.Optional.empty();
    /** Cut for its header only: the movetext was passed over, counting main-line moves. */
    boolean light;
    /** Moves on the main line, counted in a header-only cut. */
    int plies;
    /** The last result token of a header-only cut, or {@code null}. */
    String lastResult;
    /** The line of the last token of a header-only cut (0 before any). */
    long lightLastLine;
    final List<Tag> tags = new ArrayList<>(16);
    final List<FormatProblem> problems = new ArrayList<>(0);

    /**
     * The most movetext tokens (moves, NAGs, comments, parentheses) one game may have: far above any real
     * game (the longest legal chess game has under 12,000 plies; annotated databases stay under 100,000
     * tokens a game) and low enough that a game's tree stays within some hundreds of MB.
     */
    static final int MAX_TOKENS = 1_000_000;
    /** The most characters of comments and moves one game may have: 32 M. */
    static final long MAX_TEXT = 32L << 20;
    /**
     * The most characters one comment may have: 8 M. A comment is gathered whole before it is
     * kept, so this bounds the memory a single brace can take (a 41.6 M-character comment ran
     * out of a 256 MB heap while it was copied), far above any real annotation.
     */
    static final int MAX_COMMENT = 8 << 20;

    /** Over {@link #MAX_TOKENS} or {@link #MAX_TEXT}: its tokens are dropped and the game is not read. */
    boolean tooLarge;
    private long textChars;

    private byte[] kinds;
    private String[] texts;
    private int[] values;
    private long[] lines;
    private int size;

    PgnGameText(int number, long firstLine) {
        this(number, firstLine, 64);
    }

    /** @param capacity tokens to make room for at first (a header-only cut keeps one) */
    PgnGameText(int number, long firstLine, int capacity) {
        this.number = number;
        this.firstLine = firstLine;
        kinds = new byte[capacity];
        texts = new String[capacity];
        values = new int[capacity];
        lines = new long[capacity];
    }

    void add(byte kind, String text, int value, long line) {
        if (tooLarge) {
            return;
        }
        textChars += text == null ? 0 : text.length();
        if (size >= MAX_TOKENS || textChars > MAX_TEXT) {
            refuse();
            return;
        }
        if (size == kinds.length) {
            int n = Math.max(4, size * 2);
            kinds = Arrays.copyOf(kinds, n);
            texts = Arrays.copyOf(texts, n);
            values = Arrays.copyOf(values, n);
            lines = Arrays.copyOf(lines, n);
        }
        kinds[size] = kind;
        texts[size] = text;
        values[size] = value;
        lines[size] = line;
        size++;
    }

    /** Past a limit: what was kept goes, so memory stays bounded while the game's end is found. */
    void refuse() {
        tooLarge = true;
        kinds = new byte[0];
        texts = new String[0];
        values = new int[0];
        lines = new long[0];
        size = 0;
    }

    int size() {
        return size;
    }

    byte kind(int i) {
        return kinds[i];
    }

    /** The move, comment or result text; {@code null} for other tokens. */
    String text(int i) {
        return texts[i];
    }

    /** The NAG's number; for a move, {@link #ASCII} or 0. */
    int value(int i) {
        return values[i];
    }

    long line(int i) {
        return lines[i];
    }

    /** The value of the last tag with this name, or {@code null}. */
    String tag(String name) {
        String v = null;
        for (Tag t : tags) {
            if (t.name().equals(name)) {
                v = t.value();
            }
        }
        return v;
    }

    /** The first move token, or {@code null}. */
    String firstMove() {
        for (int i = 0; i < size; i++) {
            if (kinds[i] == MOVE) {
                return texts[i];
            }
        }
        return null;
    }

    /** The first {@code max} move tokens of the movetext (fewer when it has fewer). */
    java.util.List<String> firstMoves(int max) {
        java.util.List<String> out = new java.util.ArrayList<>(max);
        for (int i = 0; i < size && out.size() < max; i++) {
            if (kinds[i] == MOVE) {
                out.add(texts[i]);
            }
        }
        return out;
    }

    /** The line of the movetext's end, for problems found after the last token. */
    long lastLine() {
        if (light) {
            return lightLastLine == 0 ? firstLine : lightLastLine;
        }
        return size == 0 ? firstLine : lines[size - 1];
    }
}

package org.kibitz.formats.pgn;

import java.nio.CharBuffer;

import java.io.Closeable;
import java.io.IOException;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.formats.FormatMessages;
import org.kibitz.formats.text.LineReader;

/**
 * Cuts a PGN file into games, one at a time: the tag section and the movetext tokens of each, with
 * their line numbers. It knows PGN's lexical rules and the habits of real files (blank lines inside
 * headers and movetext, {@code %} escape lines, banners and adverts between games, a game with no
 * result running straight into the next one's tags) but nothing about moves.
 */
final class PgnScanner implements Closeable {

    private enum State { SEEK, TAGS, MOVES }

    /** Slots of the table of wide tokens (see {@link #wide}): 8,192. */
    private static final int WIDE_BITS = 13;

    private final LineReader lines;
    /** The four-character tokens past ASCII made so far, and their four characters, by slot ({@link #wide}). */
    private final long[] wideKeys = new long[1 << WIDE_BITS];
    private final String[] wideTokens = new String[1 << WIDE_BITS];
    private final String source;
    private int gameCount;
    /** A line already read that begins the next game. */
    private boolean pending;
    private int pendingFrom;
    private boolean done;

    PgnScanner(LineReader lines, String source) {
        this.lines = lines;
        this.source = source;
    }

    /**
     * Starts on a game a listing pass found: the reader is positioned at its line, whose first
     * {@code column} characters belong to the game before.
     */
    void resumeAt(int gameNumber, int column) throws IOException {
        gameCount = gameNumber - 1;
        if (column > 0 && lines.next()) {
            pending = true;
            pendingFrom = column;
        }
    }

    /** The next game's text, or {@code null} at the end of the file. */
    PgnGameText next() throws IOException {
        return next(false);
    }

    /**
     * The next game's text, or {@code null} at the end of the file.
     *
     * @param light cut the header only: the movetext is passed over at the character level (comments,
     *              variations and the result followed, so games end where a full cut ends them),
     *              counting main-line moves instead of keeping them
     */
    PgnGameText next(boolean light) throws IOException {
        if (done) {
            return null;
        }
        State state = State.SEEK;
        PgnGameText game = null;
        Lexer lexer = null;
        boolean blankBefore = false;
        for (;;) {
            int from = 0;
            if (pending) {
                pending = false;
                from = pendingFrom;
            } else if (!lines.next()) {
                done = true;
                if (game != null) {
                    lexer.finish();
                }
                return game;
            }
            char[] c = lines.chars();
            int n = lines.length();
            long line = lines.lineNumber();
            int i = skipSpace(c, from, n);
            if (game != null) {
                for (LineReader.Redecoded r : lines.takeRedecodedLines()) {
                    game.problems.add(FormatMessages.warning(source, game.number, Location.line(r.line()),
                            "text.redecoded", r.charset().displayName()));
                }
            }
            switch (state) {
                case SEEK -> {
                    if (i == n || (from == 0 && c[0] == '%')) {
                        continue;
                    }
                    if (c[i] == '[' && looksLikeTag(c, i, n)) {
                        game = start(line, from, light);
                        lexer = new Lexer(game);
                        state = State.TAGS;
                        i = readTags(game, c, i, n, line);
                        if (i < n) {
                            state = State.MOVES;
                            if (lexer.lex(c, i, n, line)) {
                                return finishAfterResult(game, lexer);
                            }
                        }
                    } else if (startsMovetext(c, i, n)) {
                        game = start(line, from, light);
                        lexer = new Lexer(game);
                        state = State.MOVES;
                        if (lexer.lex(c, i, n, line)) {
                            return finishAfterResult(game, lexer);
                        }
                    }
                    // Anything else between games (banners, adverts, site names) is not a game.
                }
                case TAGS -> {
                    if (i == n) {
                        blankBefore = true;
                        continue;
                    }
                    if (from == 0 && c[0] == '%') {
                        continue;
                    }
                    if (c[i] == '[' && looksLikeTag(c, i, n)) {
                        if (blankBefore && repeatsTag(game, c, i, n)) {
                            // A game with tags and no movetext at all, then the next game.
                            pending = true;
                            pendingFrom = from;
                            lexer.finish();
                            return game;
                        }
                        blankBefore = false;
                        i = readTags(game, c, i, n, line);
                        if (i == n) {
                            continue;
                        }
                    }
                    state = State.MOVES;
                    if (lexer.lex(c, i, n, line)) {
                        return finishAfterResult(game, lexer);
                    }
                }
                case MOVES -> {
                    if (lexer.inComment()) {
                        if (blankBefore && i < n && c[i] == '[' && looksLikeTagLine(c, i, n)) {
                            // A brace comment left open would swallow the rest of the file: the
                            // next game's tags after a blank line mean it was never closed.
                            game.problems.add(FormatMessages.error(source, game.number,
                                    Location.line(lexer.commentLine()), "pgn.comment.unclosed"));
                            lexer.closeComment();
                            pending = true;
                            pendingFrom = from;
                            lexer.finish();
                            return game;
                        }
                        blankBefore = i == n;
                        if (lexer.lex(c, from, n, line)) {
                            return finishAfterResult(game, lexer);
                        }
                        continue;
                    }
                    blankBefore = i == n;
                    if (i == n || (from == 0 && c[0] == '%')) {
                        continue;
                    }
                    if (c[i] == '[' && looksLikeTag(c, i, n)) {
                        // The next game's tags: this one had no result.
                        pending = true;
                        pendingFrom = from;
                        lexer.finish();
                        return game;
                    }
                    if (lexer.lex(c, i, n, line)) {
                        return finishAfterResult(game, lexer);
                    }
                }
            }
        }
    }

    private PgnGameText start(long line, int from, boolean light) {
        PgnGameText game = new PgnGameText(++gameCount, line, light ? 1 : 64);
        game.light = light;
        if (lines.seekable()) {
            game.offset = lines.lineOffset();
            game.column = from;
            game.charset = lines.charset();
        }
        return game;
    }

    /**
     * After a result at depth 0 the game is over; the rest of the line is dropped unless it starts
     * the next game's tags.
     */
    private PgnGameText finishAfterResult(PgnGameText game, Lexer lexer) {
        lexer.finish();
        char[] c = lines.chars();
        int n = lines.length();
        int i = skipSpace(c, lexer.end(), n);
        if (i < n && c[i] == '[' && looksLikeTag(c, i, n)) {
            pending = true;
            pendingFrom = i;
        }
        return game;
    }

    private int readTags(PgnGameText game, char[] c, int i, int n, long line) {
        while (i < n && c[i] == '[') {
            int j = i + 1;
            int nameStart = skipSpace(c, j, n);
            j = nameStart;
            while (j < n && !isSpace(c[j]) && c[j] != '"' && c[j] != ']') {
                j++;
            }
            String name = new String(c, nameStart, j - nameStart);
            j = skipSpace(c, j, n);
            String value;
            int end = j < n && c[j] == '"' ? plainValueEnd(c, j + 1, n) : -1;
            if (end >= 0) {
                // Nearly every tag: no escapes, the closing quote followed by "]".
                value = new String(c, j + 1, end - j - 1);
                j = skipSpace(c, end + 1, n);
            } else if (j < n && c[j] == '"') {
                StringBuilder sb = new StringBuilder();
                j++;
                boolean closed = false;
                while (j < n) {
                    char ch = c[j];
                    if (ch == '\\' && j + 1 < n && (c[j + 1] == '"' || c[j + 1] == '\\')) {
                        sb.append(c[j + 1]);
                        j += 2;
                        continue;
                    }
                    if (ch == '"') {
                        // A quote inside a value ([Black "a "b" c"]) is taken as text unless "]" follows.
                        int k = skipSpace(c, j + 1, n);
                        if (k >= n || c[k] == ']') {
                            closed = true;
                            j = k;
                            break;
                        }
                    }
                    sb.append(ch);
                    j++;
                }
                value = sb.toString();
                if (!closed) {
                    String v = value;
                    int close = v.lastIndexOf(']');
                    value = close >= 0 ? v.substring(0, close).strip() : v.strip();
                    if (value.endsWith("\"")) {
                        value = value.substring(0, value.length() - 1);
                    }
                    game.problems.add(FormatMessages.warning(source, game.number, Location.line(line),
                            "pgn.tag.unclosed", name));
                    j = n;
                }
            } else {
                // [Name value] without quotes: take up to the bracket.
                int k = j;
                while (k < n && c[k] != ']') {
                    k++;
                }
                value = new String(c, j, k - j).strip();
                j = k;
                game.problems.add(FormatMessages.warning(source, game.number, Location.line(line),
                        "pgn.tag.unquoted", name));
            }
            if (j < n && c[j] == ']') {
                j++;
            }
            if (!name.isEmpty()) {
                game.tags.add(new PgnGameText.Tag(name, value, line));
            }
            i = skipSpace(c, j, n);
        }
        return i;
    }

    /**
     * Where a tag value starting at {@code i} ends (its closing quote) when it holds no backslash and
     * its closing quote is followed by {@code ]} at once: then the general reading below would take
     * exactly the characters between. -1 otherwise (a backslash, blanks or the line's end after the
     * quote), and the general reading decides.
     *
     * <p>A quote followed by anything but {@code ]} or a blank is text ({@code [Event "首屆"嘉豐杯"賽"]}),
     * as the general reading has it, and is passed over here without a branch of its own: whether
     * the quote closes the value is worked out as a number, and the scan goes on as it does past
     * any character. A branch that a file's first such tag took for the first time was compiled as
     * a trap, and sent the whole tag reader back to be compiled again (decision 0010).
     */
    private static int plainValueEnd(char[] c, int i, int n) {
        int j = i;
        int open = 1;
        while (open != 0) {
            if (j == n) {
                return -1;
            }
            char ch = c[j++];
            if (ch == '"') {
                // 1 unless the next character is "]", any character up to ' ' or one of isSpace's
                // wide blanks, or there is none (the quote itself is read again, and the scan then
                // meets the line's end). This takes in every isSpace blank and a few more control
                // characters: a 0 other than before "]" only hands the tag to the general reading.
                int next = c[Math.min(j, n - 1)];
                open = -(next ^ ']') >>> 31 & (' ' - next) >>> 31 & -(next ^ '\u3000') >>> 31
                        & -(next ^ '\u00A0') >>> 31 & -(next ^ '\uFEFF') >>> 31;
            } else if (ch == '\\') {
                return -1;
            }
        }
        return j < n && c[j] == ']' ? j - 1 : -1;
    }

    private static boolean repeatsTag(PgnGameText game, char[] c, int i, int n) {
        int j = skipSpace(c, i + 1, n);
        int start = j;
        while (j < n && !isSpace(c[j]) && c[j] != '"' && c[j] != ']') {
            j++;
        }
        String name = new String(c, start, j - start);
        for (PgnGameText.Tag t : game.tags) {
            if (t.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** {@code [Name} followed by a space or a quote: a tag, not a bracketed remark. */
    static boolean looksLikeTag(char[] c, int i, int n) {
        int j = i + 1;
        if (j >= n || !isLetterOrDigit(c[j])) {
            return false;
        }
        while (j < n && (isLetterOrDigit(c[j]) || c[j] == '_' || c[j] == '-')) {
            j++;
        }
        return j < n && (isSpace(c[j]) || c[j] == '"');
    }

    /** ASCII letters and digits in a few comparisons (every tag name of every game); others as Java has them. */
    private static boolean isLetterOrDigit(char ch) {
        if (ch < 128) {
            return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9';
        }
        return Character.isLetterOrDigit(ch);
    }

    /** A whole line that is one complete tag. */
    private static boolean looksLikeTagLine(char[] c, int i, int n) {
        if (!looksLikeTag(c, i, n)) {
            return false;
        }
        int end = n;
        while (end > i && isSpace(c[end - 1])) {
            end--;
        }
        return end > i + 1 && c[end - 1] == ']' && c[end - 2] == '"';
    }

    /** Whether a line outside any game starts a game without tags. */
    private static boolean startsMovetext(char[] c, int i, int n) {
        char ch = c[i];
        if (ch == '{') {
            return true;
        }
        if (ch >= '0' && ch <= '9') {
            int j = i;
            while (j < n && c[j] >= '0' && c[j] <= '9') {
                j++;
            }
            return j < n && (c[j] == '.' || c[j] == '．');
        }
        int j = i;
        while (j < n && !isSpace(c[j])) {
            j++;
        }
        return PgnTokens.looksLikeMove(new String(c, i, j - i));
    }

    static int skipSpace(char[] c, int i, int n) {
        while (i < n && isSpace(c[i])) {
            i++;
        }
        return i;
    }

    static boolean isSpace(char ch) {
        // Asked of nearly every character: the printable ASCII ones answer in one comparison.
        if (ch <= ' ') {
            return ch == ' ' || ch == '\t' || ch == '\f' || ch == '\u000B';
        }
        return ch >= '\u00A0' && (ch == '\u3000' || ch == '\u00A0' || ch == '\uFEFF');
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }

    /** Turns movetext lines into tokens, keeping comment and variation state across lines. */
    private final class Lexer {
        private final PgnGameText game;
        private final boolean light;
        private int depth;
        private boolean inComment;
        private final StringBuilder comment = new StringBuilder();
        /** The open comment passed {@link PgnGameText#MAX_COMMENT}: its text is no longer gathered. */
        private boolean commentTooLong;
        private long commentLine;
        private int end;

        Lexer(PgnGameText game) {
            this.game = game;
            this.light = game.light;
        }

        boolean inComment() {
            return inComment;
        }

        long commentLine() {
            return commentLine;
        }

        /** Where lexing of the last line stopped. */
        int end() {
            return end;
        }

        void closeComment() {
            if (inComment) {
                inComment = false;
                if (!light) {
                    addComment();
                }
            }
        }

        /** The closed brace comment into the game; one that grew too long refuses the game instead. */
        private void addComment() {
            if (commentTooLong) {
                commentTooLong = false;
                game.refuse();
            } else {
                game.add(PgnGameText.COMMENT, trimComment(comment), 0, commentLine);
            }
        }

        void finish() {
            if (inComment) {
                game.problems.add(FormatMessages.error(source, game.number, Location.line(commentLine), "pgn.comment.unclosed"));
                closeComment();
            }
            if (depth > 0) {
                game.problems.add(FormatMessages.error(source, game.number, Location.line(game.lastLine()),
                        "pgn.variation.unclosed", depth));
                depth = 0;
            }
        }

        /**
         * A header-only cut's quick path over the plainest movetext: spaces, move numbers and moves
         * that start with a letter, outside comments. Stops at anything else (a comment, a
         * variation, a result, a NAG...), where the general lexing below goes on; returns where.
         */
        private int skimMoves(char[] c, int i, int n, long line) {
            if (inComment) {
                return i;
            }
            int moves = 0;
            while (i < n) {
                char ch = c[i];
                if (ch == ' ') {
                    i++;
                    continue;
                }
                if (ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z') {
                    if (moves == 0 && game.size() == 0) {
                        break; // the first move is kept: the general path keeps it
                    }
                    int j = i + 1;
                    while (j < n && !isDelimiter(c[j])) {
                        j++;
                    }
                    moves++;
                    i = j;
                    continue;
                }
                if (ch >= '1' && ch <= '9') {
                    // A move number "12." (not a result, not "1-0"): skipped with its dots.
                    int j = i + 1;
                    while (j < n && c[j] >= '0' && c[j] <= '9') {
                        j++;
                    }
                    if (j < n && c[j] == '.') {
                        while (j < n && c[j] == '.') {
                            j++;
                        }
                        i = j;
                        continue;
                    }
                }
                break;
            }
            if (moves > 0) {
                if (depth == 0) {
                    game.plies += moves;
                }
                game.lightLastLine = line;
            }
            return i;
        }

        /** Lexes {@code c[i, n)}; {@code true} when a result ended the game at depth 0. */
        boolean lex(char[] c, int i, int n, long line) {
            if (light) {
                i = skimMoves(c, i, n, line);
            }
            while (i < n) {
                if (inComment) {
                    int close = i;
                    while (close < n && c[close] != '}') {
                        close++;
                    }
                    if (light) {
                        if (close == n) {
                            end = n;
                            return false;
                        }
                        inComment = false;
                        i = close + 1;
                        continue;
                    }
                    if (!commentTooLong && comment.length() + (close - i) < PgnGameText.MAX_COMMENT) {
                        comment.append(c, i, close - i);
                    } else if (!commentTooLong) {
                        // Too long to be a comment: the game will be refused, so its text is let go now.
                        commentTooLong = true;
                        comment.setLength(0);
                        comment.trimToSize();
                    }
                    if (close == n) {
                        if (!commentTooLong) {
                            comment.append('\n');
                        }
                        end = n;
                        return false;
                    }
                    inComment = false;
                    addComment();
                    i = close + 1;
                    continue;
                }
                char ch = c[i];
                if (isSpace(ch)) {
                    i++;
                    continue;
                }
                if (light) {
                    game.lightLastLine = line;
                }
                switch (ch) {
                    case '{' -> {
                        inComment = true;
                        if (!light) {
                            comment.setLength(0);
                        }
                        commentLine = line;
                        i++;
                    }
                    case ';' -> {
                        if (!light) {
                            if (n - i - 1 > PgnGameText.MAX_COMMENT) {
                                game.refuse();
                            } else {
                                game.add(PgnGameText.COMMENT, trimComment(CharBuffer.wrap(c, i + 1, n - i - 1)), 0, line);
                            }
                        }
                        i = n;
                    }
                    case '(' -> {
                        depth++;
                        if (!light) {
                            game.add(PgnGameText.OPEN, null, 0, line);
                        }
                        i++;
                    }
                    case ')' -> {
                        if (depth > 0) {
                            depth--;
                            if (!light) {
                                game.add(PgnGameText.CLOSE, null, 0, line);
                            }
                        } else {
                            game.problems.add(FormatMessages.error(source, game.number, Location.line(line), "pgn.variation.unopened"));
                        }
                        i++;
                    }
                    case '}' -> {
                        game.problems.add(FormatMessages.warning(source, game.number, Location.line(line), "pgn.comment.unopened"));
                        i++;
                    }
                    case '$' -> {
                        int j = i + 1;
                        int v = 0;
                        while (j < n && c[j] >= '0' && c[j] <= '9' && j - i < 5) {
                            v = v * 10 + (c[j] - '0');
                            j++;
                        }
                        if (j == i + 1) {
                            game.problems.add(FormatMessages.warning(source, game.number, Location.line(line), "pgn.nag.empty"));
                        } else if (!light) {
                            game.add(PgnGameText.NAG, null, v, line);
                        }
                        i = j;
                    }
                    default -> {
                        int j = i;
                        int bits = 0;
                        while (j < n && !isDelimiter(c[j])) {
                            bits |= c[j];
                            j++;
                        }
                        int next = token(c, i, j, line, bits < 0x80);
                        if (next < 0) {
                            end = j;
                            return true;
                        }
                        i = next;
                    }
                }
            }
            end = n;
            return false;
        }

        /**
         * Classifies the token {@code c[i, j)}; returns where to go on, or -1 when it was a result
         * that ends the game.
         */
        private int token(char[] c, int i, int j, long line, boolean ascii) {
            char first = c[i];
            int len = j - i;
            if (light && (first >= 'a' && first <= 'z' || first >= 'A' && first <= 'Z')) {
                // A header-only cut needs no more of a move than that it is one: SAN, coordinates, WXF letters.
                addMove(c, i, len, line, ascii);
                return j;
            }
            if (first == '1' || first == '0' || first == '*' || first == '½') {
                String result = PgnTokens.result(c, i, len);
                if (result != null) {
                    if (light) {
                        game.lastResult = result;
                    } else {
                        game.add(PgnGameText.RESULT, result, 0, line);
                    }
                    return depth == 0 ? -1 : j;
                }
            }
            if (first >= '0' && first <= '9') {
                if (PgnTokens.isZeroCastling(c, i, len)) {
                    addMove(c, i, len, line, ascii);
                    return j;
                }
                int k = i;
                while (k < j && c[k] >= '0' && c[k] <= '9') {
                    k++;
                }
                if (k == j) {
                    return j; // a bare move number ("12 ...")
                }
                if (c[k] == '.' || c[k] == '．' || c[k] == '…') {
                    while (k < j && (c[k] == '.' || c[k] == '．' || c[k] == '…')) {
                        k++;
                    }
                    return k; // the move number is skipped; what follows it is lexed on its own
                }
                // "0000" (a null move in UCI) and other digit-led text go to the move reader.
            }
            int nag = PgnTokens.symbolNag(c, i, len);
            if (nag > 0) {
                if (!light) {
                    game.add(PgnGameText.NAG, null, nag, line);
                }
                return j;
            }
            // Suffix annotations stick to the move: e4!? = e4 $5.
            int end = j;
            while (end > i && (c[end - 1] == '!' || c[end - 1] == '?')) {
                end--;
            }
            if (end < j && end > i) {
                String suffix = new String(c, end, j - end);
                addMove(c, i, end - i, line, ascii);
                int v = PgnTokens.suffixNag(suffix);
                if (v > 0) {
                    if (!light) {
                        game.add(PgnGameText.NAG, null, v, line);
                    }
                } else {
                    game.problems.add(FormatMessages.warning(source, game.number, Location.line(line), "pgn.suffix.unknown", suffix));
                }
                return j;
            }
            addMove(c, i, len, line, ascii);
            return j;
        }

        /** @param ascii whether the lexer saw only ASCII in the token (then a move needs no width folding) */
        private void addMove(char[] c, int i, int len, long line, boolean ascii) {
            if (!light) {
                game.add(PgnGameText.MOVE, ascii || len != 4 ? new String(c, i, len) : wide(c, i),
                        ascii ? PgnGameText.ASCII : 0, line);
                return;
            }
            // A header-only cut keeps the first move (it can tell the game) and counts the main line.
            if (game.size() == 0) {
                game.add(PgnGameText.MOVE, new String(c, i, len), 0, line);
            }
            if (depth == 0) {
                game.plies++;
            }
        }
    }

    /**
     * A four-character token with a character past ASCII, as Chinese moves are ({@code 炮二平五}).
     * A file writes few different ones (a piece, its file, a way, a number: a few thousand) millions
     * of times, so each is made once per file and then looked up: the four characters are the key,
     * one slot per key, and a key that lands on a slot another holds takes it over. Making the
     * string each time was a twentieth of reading a Chinese collection.
     */
    private String wide(char[] c, int i) {
        long key = (long) c[i] << 48 | (long) c[i + 1] << 32 | (long) c[i + 2] << 16 | c[i + 3];
        int slot = (int) (key * 0x9E3779B97F4A7C15L >>> 64 - WIDE_BITS);
        String s = wideTokens[slot];
        if (s == null || wideKeys[slot] != key) {
            s = "" + c[i] + c[i + 1] + c[i + 2] + c[i + 3]; // sized for wide characters at once
            wideKeys[slot] = key;
            wideTokens[slot] = s;
        }
        return s;
    }

    private static boolean isDelimiter(char ch) {
        if (ch > '$' && ch < '{' && ch != '(' && ch != ')' && ch != ';') {
            return false; // letters, digits and most marks: the usual case
        }
        return isSpace(ch) || ch == '{' || ch == '}' || ch == '(' || ch == ')' || ch == ';' || ch == '$';
    }

    /** Comment text without the padding around it; CR LF already split into lines. */
    static String trimComment(CharSequence s) {
        int a = 0;
        int b = s.length();
        while (a < b && isAsciiSpace(s.charAt(a))) {
            a++;
        }
        while (b > a && isAsciiSpace(s.charAt(b - 1))) {
            b--;
        }
        return s.subSequence(a, b).toString();
    }

    private static boolean isAsciiSpace(char ch) {
        return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
    }
}

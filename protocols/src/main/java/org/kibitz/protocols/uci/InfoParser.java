package org.kibitz.protocols.uci;

import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Score.Bound;
import org.kibitz.protocols.session.InfoLine;

/**
 * Reads UCI and UCCI {@code info} lines into an {@link InfoLine}, without regular expressions or
 * {@code split}: one pass over the characters, numbers parsed in place. Unknown keywords and
 * malformed numbers are skipped, never fatal: engines add their own fields ({@code cpuload},
 * {@code ebf}, {@code movesleft}) and some write garbage.
 */
public final class InfoParser {

    /** How a score without {@code cp} or {@code mate} is read. */
    public enum BareScore {
        /** UCI has none: ignore the number. */
        NONE,
        /**
         * UCCI: centipawns, where ElephantEye-style engines write a mate as {@code ±(10000 - plies)};
         * Fairy-Stockfish in UCCI mode writes {@code score 35} too, with mates as {@code score mate N}.
         */
        UCCI
    }

    private static final int MATE_VALUE = 10_000;
    private static final int WIN_VALUE = MATE_VALUE - 200;

    private final BareScore bareScore;
    private final int rankBase;
    private String s;
    private int pos;
    private int end;

    /** A parser that keeps the PV as text ({@link InfoLine#pv}). */
    public InfoParser(BareScore bareScore) {
        this(bareScore, -1);
    }

    /**
     * A parser that reads the PV straight into coordinate moves ({@link InfoLine#pvMoves}) with
     * ranks counted from {@code rankBase}, or keeps it as text when {@code rankBase} is negative.
     */
    public InfoParser(BareScore bareScore, int rankBase) {
        this.bareScore = bareScore;
        this.rankBase = rankBase;
    }

    /** The highest MultiPV rank whose lines a session holds back (see {@link #holdKey}). */
    public static final int MAX_HELD_RANK = 500;

    /**
     * Whether an {@code info} line may be held back until a later line of the same MultiPV rank and
     * depth replaces it, and if so its rank, depth and whether its score is a bound, packed in a
     * {@code long} (read with {@link #heldRank}, {@link #heldDepth}, {@link #heldBound}); -1 when it
     * may not: a line without a PV or a depth, with a {@code string} (a message for the user), a
     * {@code currline} or {@code refutation}, or a rank above {@link #MAX_HELD_RANK}. One pass over
     * the keywords before the PV, no allocation: it runs on every line of a flood.
     */
    public static long holdKey(String line) {
        int n = line.length();
        int p = 0;
        int depth = -1;
        int rank = 1;
        boolean bound = false;
        while (true) {
            while (p < n && line.charAt(p) <= ' ') {
                p++;
            }
            if (p >= n) {
                return -1; // no PV
            }
            int ts = p;
            while (p < n && line.charAt(p) > ' ') {
                p++;
            }
            int len = p - ts;
            if (len == 2 && line.startsWith("pv", ts)) {
                return depth < 0 || rank < 1 || rank > MAX_HELD_RANK ? -1
                        : ((long) rank << 33) | ((long) depth << 1) | (bound ? 1 : 0);
            }
            if (len == 5 && line.startsWith("depth", ts) || len == 7 && line.startsWith("multipv", ts)) {
                while (p < n && line.charAt(p) <= ' ') {
                    p++;
                }
                int v = 0;
                int digits = 0;
                while (p < n && line.charAt(p) >= '0' && line.charAt(p) <= '9' && digits < 9) {
                    v = v * 10 + (line.charAt(p++) - '0');
                    digits++;
                }
                if (digits == 0 || p < n && line.charAt(p) > ' ') {
                    return -1; // not a plain number: leave it to the parser
                }
                if (len == 5) {
                    depth = v;
                } else {
                    rank = v;
                }
            } else if (len == 10 && (line.startsWith("lowerbound", ts) || line.startsWith("upperbound", ts))) {
                bound = true;
            } else if (len == 6 && line.startsWith("string", ts) || len == 8 && line.startsWith("currline", ts)
                    || len == 10 && line.startsWith("refutation", ts)) {
                return -1;
            }
        }
    }

    /** The MultiPV rank of a {@link #holdKey}. */
    public static int heldRank(long key) {
        return (int) (key >>> 33);
    }

    /** The depth of a {@link #holdKey}. */
    public static int heldDepth(long key) {
        return (int) ((key >>> 1) & 0xFFFF_FFFFL);
    }

    /** Whether the score of a {@link #holdKey} is a bound. */
    public static boolean heldBound(long key) {
        return (key & 1) != 0;
    }

    /**
     * Parses {@code line}, which starts with {@code info}; fills {@code out} (reset first).
     *
     * @return false when the line is not an info line
     */
    public boolean parse(String line, InfoLine out) {
        out.reset();
        s = line;
        end = line.length();
        pos = 0;
        skipSpaces();
        if (!line.startsWith("info", pos)) {
            return false;
        }
        pos += 4;
        if (pos < end && line.charAt(pos) > ' ') {
            return false;
        }
        while (true) {
            skipSpaces();
            if (pos >= end) {
                break;
            }
            int ts = pos;
            int te = tokenEnd();
            pos = te;
            switch (keyword(ts, te)) {
                case DEPTH -> out.depth = (int) number(out.depth);
                case SELDEPTH -> out.seldepth = (int) number(out.seldepth);
                case MULTIPV -> out.multipv = (int) number(out.multipv);
                case NODES -> out.nodes = number(out.nodes);
                case NPS -> out.nps = number(out.nps);
                case TIME -> out.timeMs = number(out.timeMs);
                case HASHFULL -> out.hashfull = (int) number(out.hashfull);
                case TBHITS -> out.tbhits = number(out.tbhits);
                case CURRMOVENUMBER -> out.currmoveNumber = (int) number(out.currmoveNumber);
                case CURRMOVE -> {
                    skipSpaces();
                    if (pos < end) {
                        int ms = pos;
                        pos = tokenEnd();
                        out.currmove = s.substring(ms, pos);
                    }
                }
                case SCORE -> score(out);
                case WDL -> {
                    long w = number(-1);
                    long d = number(-1);
                    long l = number(-1);
                    if (w >= 0 && d >= 0 && l >= 0) {
                        out.wdlWin = (int) w;
                        out.wdlDraw = (int) d;
                        out.wdlLoss = (int) l;
                    }
                }
                case PV -> pv(out);
                case STRING, MESSAGE -> {
                    skipSpaces();
                    out.text = s.substring(pos, end).strip();
                    pos = end;
                }
                case BOUND_LOWER, BOUND_UPPER, OTHER -> {
                    // unknown or misplaced: skip the token
                }
            }
        }
        return true;
    }

    private void score(InfoLine out) {
        skipSpaces();
        if (pos >= end) {
            return;
        }
        int ts = pos;
        int te = tokenEnd();
        Keyword k = keyword(ts, te);
        long value;
        boolean mate;
        if (k == Keyword.CP || k == Keyword.MATE) {
            pos = te;
            value = number(Long.MIN_VALUE);
            mate = k == Keyword.MATE;
        } else if (bareScore == BareScore.UCCI) {
            value = number(Long.MIN_VALUE);
            mate = false;
            if (value != Long.MIN_VALUE && Math.abs(value) > WIN_VALUE && Math.abs(value) <= MATE_VALUE) {
                int plies = (int) (MATE_VALUE - Math.abs(value));
                int moves = (plies + 1) / 2;
                value = value > 0 ? moves : -moves;
                mate = true;
            }
        } else {
            return;
        }
        if (value == Long.MIN_VALUE) {
            return;
        }
        Bound bound = Bound.EXACT;
        int save = pos;
        skipSpaces();
        if (pos < end) {
            int bs = pos;
            int be = tokenEnd();
            Keyword b = keyword(bs, be);
            if (b == Keyword.BOUND_LOWER) {
                bound = Bound.LOWER;
                pos = be;
            } else if (b == Keyword.BOUND_UPPER) {
                bound = Bound.UPPER;
                pos = be;
            } else {
                pos = save;
            }
        }
        int v = (int) Math.max(Integer.MIN_VALUE + 1, Math.min(Integer.MAX_VALUE, value));
        out.score = mate ? new Score.Mate(v, bound) : new Score.Centipawns(v, bound);
    }

    private void pv(InfoLine out) {
        while (true) {
            skipSpaces();
            if (pos >= end) {
                return;
            }
            int ts = pos;
            int te = tokenEnd();
            if (keyword(ts, te) != Keyword.OTHER) {
                // A field after the PV (rare, but some engines put string or multipv last).
                return;
            }
            pos = te;
            if (rankBase >= 0) {
                org.kibitz.api.game.Move m = org.kibitz.protocols.session.Coordinates.parse(s, ts, te, rankBase);
                if (m == null) {
                    // The PV ends at the first token that is no move (0000, garbage); skip the rest of it.
                    skipPv();
                    return;
                }
                out.pvMoves.add(m);
            } else {
                out.pv.add(s.substring(ts, te));
            }
        }
    }

    private void skipPv() {
        while (true) {
            skipSpaces();
            if (pos >= end) {
                return;
            }
            int te = tokenEnd();
            if (keyword(pos, te) != Keyword.OTHER) {
                return;
            }
            pos = te;
        }
    }

    /** The next token as a non-negative or negative whole number; {@code absent} when it is none (and then not consumed). */
    private long number(long absent) {
        skipSpaces();
        int i = pos;
        if (i >= end) {
            return absent;
        }
        boolean negative = false;
        char c = s.charAt(i);
        if (c == '-' || c == '+') {
            negative = c == '-';
            i++;
        }
        long v = 0;
        int digits = 0;
        while (i < end) {
            c = s.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            if (digits < 18) {
                v = v * 10 + (c - '0');
            }
            digits++;
            i++;
        }
        if (digits == 0 || (i < end && s.charAt(i) > ' ')) {
            return absent;
        }
        pos = i;
        return negative ? -v : v;
    }

    private void skipSpaces() {
        while (pos < end && s.charAt(pos) <= ' ') {
            pos++;
        }
    }

    private int tokenEnd() {
        int i = pos;
        while (i < end && s.charAt(i) > ' ') {
            i++;
        }
        return i;
    }

    private enum Keyword {
        DEPTH, SELDEPTH, MULTIPV, NODES, NPS, TIME, HASHFULL, TBHITS, CURRMOVE, CURRMOVENUMBER, SCORE, CP, MATE,
        WDL, PV, STRING, MESSAGE, BOUND_LOWER, BOUND_UPPER, OTHER
    }

    private Keyword keyword(int from, int to) {
        int n = to - from;
        char c = s.charAt(from);
        // Dispatch on length and first letter before comparing, so moves (the commonest tokens) cost
        // one or two comparisons.
        switch (n) {
            case 2:
                if (c == 'p' && s.charAt(from + 1) == 'v') {
                    return Keyword.PV;
                }
                if (c == 'c' && s.charAt(from + 1) == 'p') {
                    return Keyword.CP;
                }
                return Keyword.OTHER;
            case 3:
                if (eq(from, "nps")) {
                    return Keyword.NPS;
                }
                if (eq(from, "wdl")) {
                    return Keyword.WDL;
                }
                return Keyword.OTHER;
            case 4:
                if (c == 't' && eq(from, "time")) {
                    return Keyword.TIME;
                }
                if (c == 'm' && eq(from, "mate")) {
                    return Keyword.MATE;
                }
                return Keyword.OTHER;
            case 5:
                if (c == 'd' && eq(from, "depth")) {
                    return Keyword.DEPTH;
                }
                if (c == 'n' && eq(from, "nodes")) {
                    return Keyword.NODES;
                }
                if (c == 's' && eq(from, "score")) {
                    return Keyword.SCORE;
                }
                return Keyword.OTHER;
            case 6:
                if (c == 't' && eq(from, "tbhits")) {
                    return Keyword.TBHITS;
                }
                if (c == 's' && eq(from, "string")) {
                    return Keyword.STRING;
                }
                return Keyword.OTHER;
            case 7:
                if (c == 'm' && eq(from, "multipv")) {
                    return Keyword.MULTIPV;
                }
                if (c == 'm' && eq(from, "message")) {
                    return Keyword.MESSAGE;
                }
                return Keyword.OTHER;
            case 8:
                if (c == 's' && eq(from, "seldepth")) {
                    return Keyword.SELDEPTH;
                }
                if (c == 'h' && eq(from, "hashfull")) {
                    return Keyword.HASHFULL;
                }
                if (c == 'c' && eq(from, "currmove")) {
                    return Keyword.CURRMOVE;
                }
                return Keyword.OTHER;
            case 10:
                if (c == 'l' && eq(from, "lowerbound")) {
                    return Keyword.BOUND_LOWER;
                }
                if (c == 'u' && eq(from, "upperbound")) {
                    return Keyword.BOUND_UPPER;
                }
                return Keyword.OTHER;
            case 14:
                return c == 'c' && eq(from, "currmovenumber") ? Keyword.CURRMOVENUMBER : Keyword.OTHER;
            default:
                return Keyword.OTHER;
        }
    }

    private boolean eq(int from, String word) {
        return s.regionMatches(from, word, 0, word.length());
    }
}

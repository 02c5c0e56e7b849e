package org.kibitz.protocols.xboard;

import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Score.Bound;
import org.kibitz.protocols.session.InfoLine;

/**
 * Reads CECP thinking output: {@code ply score time nodes [seldepth [nps [tbhits]]] <TAB>? pv}, time
 * in centiseconds, the score from the engine's side with mates as {@code ±(100000 + N)}; a PV that
 * ends in {@code ?} failed low, in {@code !} failed high. Lines that start with four or more spaces
 * continue the previous PV. Move numbers inside the PV ({@code 12.}, {@code 12...}) are dropped;
 * a line whose PV starts with a move in parentheses is a ponder line (GNU Chess) about another
 * position and is not reported.
 */
public final class ThinkingParser {

    /** What a line was. */
    public enum Kind {
        /** Not thinking output. */
        NONE,
        /** A new report, in the {@link InfoLine}. */
        THINKING,
        /** More moves of the previous report's PV, appended to its {@link InfoLine}. */
        CONTINUATION
    }

    private static final long MATE_BASE = 100_000;

    private boolean havePrevious;

    /** Forgets the previous line (a new search starts). */
    public void reset() {
        havePrevious = false;
    }

    /**
     * Parses {@code raw}. For {@link Kind#THINKING} {@code out} is reset and filled; for
     * {@link Kind#CONTINUATION} it must still hold the previous line, whose PV is extended.
     */
    public Kind parse(String raw, InfoLine out) {
        int n = raw.length();
        int indent = 0;
        while (indent < n && (raw.charAt(indent) == ' ' || raw.charAt(indent) == '\t')) {
            indent++;
        }
        if (indent == n) {
            return Kind.NONE;
        }
        String body = raw.strip();
        int tab = body.indexOf('\t');
        // With a tab, the numbers are before it and the PV after it; without, the PV starts at
        // the first token that is not a whole number.
        String[] head = (tab >= 0 ? body.substring(0, tab) : body).split("\\s+");
        String[] tail = tab >= 0 ? body.substring(tab + 1).strip().split("\\s+") : null;
        long[] nums = new long[7];
        int count = 0;
        int i = 0;
        for (; i < head.length && count < 7; i++) {
            String t = head[i];
            if (i == 0 && (t.endsWith(".") || t.endsWith("&")) && t.length() > 1 && !t.endsWith("..")) {
                t = t.substring(0, t.length() - 1); // Crafty marks the depth
            }
            if (!isInteger(t)) {
                break;
            }
            nums[count++] = Long.parseLong(t.charAt(0) == '+' ? t.substring(1) : t);
        }
        String[] tokens;
        if (tail != null) {
            tokens = (tail.length == 1 && tail[0].isEmpty()) ? new String[0] : tail;
            i = 0;
        } else {
            tokens = head;
        }
        if (count < 4) {
            if (indent >= 4 && havePrevious && count == 0) {
                appendPv(body.split("\\s+"), 0, out);
                return Kind.CONTINUATION;
            }
            return Kind.NONE;
        }
        out.reset();
        out.depth = (int) nums[0];
        long score = nums[1];
        out.timeMs = nums[2] * 10;
        out.nodes = nums[3];
        if (count > 4) {
            out.seldepth = (int) nums[4];
        }
        if (count > 5) {
            out.nps = nums[5];
        }
        if (count > 6) {
            out.tbhits = nums[6];
        }
        if (i < tokens.length && tokens[i].startsWith("(")) {
            return Kind.NONE; // pondering on the opponent's expected move: another root
        }
        Bound bound = appendPv(tokens, i, out);
        if (Math.abs(score) >= MATE_BASE && Math.abs(score) < MATE_BASE + 10_000) {
            int moves = (int) (Math.abs(score) - MATE_BASE);
            out.score = new Score.Mate(score > 0 ? moves : -moves, bound);
        } else {
            out.score = new Score.Centipawns((int) Math.max(-1_000_000, Math.min(1_000_000, score)), bound);
        }
        havePrevious = true;
        return Kind.THINKING;
    }

    /** Appends PV tokens from {@code from}; returns the bound a trailing {@code ?}/{@code !} gives. */
    private static Bound appendPv(String[] tokens, int from, InfoLine out) {
        Bound bound = Bound.EXACT;
        for (int k = from; k < tokens.length; k++) {
            String t = tokens[k];
            if (t.equals("?") || t.equals("!")) {
                bound = t.equals("?") ? Bound.UPPER : Bound.LOWER;
                continue;
            }
            if (isMoveNumber(t) || t.startsWith("(") || t.startsWith("{") || t.startsWith("<")) {
                continue;
            }
            if (k == tokens.length - 1 && t.length() > 1 && (t.endsWith("?") || t.endsWith("!"))
                    && !t.endsWith("??") && !t.endsWith("!!")) {
                bound = t.endsWith("?") ? Bound.UPPER : Bound.LOWER;
                t = t.substring(0, t.length() - 1);
            }
            out.pv.add(t);
        }
        return bound;
    }

    private static boolean isMoveNumber(String t) {
        int i = 0;
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            i++;
        }
        if (i == t.length()) {
            return false;
        }
        while (i < t.length() && t.charAt(i) == '.') {
            i++;
        }
        return i == t.length();
    }

    private static boolean isInteger(String t) {
        int i = 0;
        if (t.isEmpty()) {
            return false;
        }
        if (t.charAt(0) == '-' || t.charAt(0) == '+') {
            i = 1;
        }
        if (i == t.length() || t.length() - i > 18) {
            return false;
        }
        for (; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}

package org.kibitz.protocols.session;

import java.util.ArrayList;
import java.util.List;
import org.kibitz.api.analysis.Score;

/**
 * One search report as an engine wrote it, typed but not yet tied to a position: what the UCI/UCCI
 * {@code info} parser and the xboard thinking-output parser produce. Absent numbers are {@code -1}
 * (or {@link Integer#MIN_VALUE} for depth, which xboard engines may report below zero). Mutable and
 * reused by the parsers, which is what lets them read a million lines a second.
 */
public final class InfoLine {

    public static final int ABSENT_DEPTH = Integer.MIN_VALUE;

    public int depth = ABSENT_DEPTH;
    public int seldepth = -1;
    public int multipv = -1;
    public Score score;
    public int wdlWin = -1;
    public int wdlDraw = -1;
    public int wdlLoss = -1;
    public long nodes = -1;
    public long nps = -1;
    /** Milliseconds. */
    public long timeMs = -1;
    public int hashfull = -1;
    public long tbhits = -1;
    public String currmove;
    public int currmoveNumber = -1;
    /** The principal variation as the engine wrote it, one token per move (when the parser keeps text). */
    public final List<String> pv = new ArrayList<>(32);
    /**
     * The principal variation as coordinate moves (when the parser knows the rank base), up to the
     * first token that is no coordinate move; not yet checked against any position.
     */
    public final List<org.kibitz.api.game.Move> pvMoves = new ArrayList<>(32);
    /** {@code info string}, UCCI {@code message}: text for a person. */
    public String text;

    public void reset() {
        depth = ABSENT_DEPTH;
        seldepth = -1;
        multipv = -1;
        score = null;
        wdlWin = wdlDraw = wdlLoss = -1;
        nodes = -1;
        nps = -1;
        timeMs = -1;
        hashfull = -1;
        tbhits = -1;
        currmove = null;
        currmoveNumber = -1;
        pv.clear();
        pvMoves.clear();
        text = null;
    }

    /** Whether the line reports anything about the search (a line that is only a text does not). */
    public boolean hasSearchData() {
        return depth != ABSENT_DEPTH || seldepth >= 0 || score != null || nodes >= 0 || nps >= 0 || timeMs >= 0
                || hashfull >= 0 || tbhits >= 0 || currmove != null || !pv.isEmpty() || !pvMoves.isEmpty() || wdlWin >= 0;
    }
}

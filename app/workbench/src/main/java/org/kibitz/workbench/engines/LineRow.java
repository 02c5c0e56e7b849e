package org.kibitz.workbench.engines;

import java.util.List;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.core.analysis.AnalysisText;

/**
 * One line of an analysis panel's table. Rows are updated in place, so a table cell repaints only
 * when its text changes, and the PV is written out again only when the moves or the notation change.
 */
final class LineRow {

    /** Moves of a PV written out; a column shows fewer, the tooltip all of these. */
    static final int PV_PLIES = 40;

    final ReadOnlyStringWrapper rank = new ReadOnlyStringWrapper();
    final ReadOnlyStringWrapper score = new ReadOnlyStringWrapper();
    final ReadOnlyStringWrapper white = new ReadOnlyStringWrapper();
    final ReadOnlyStringWrapper depth = new ReadOnlyStringWrapper();
    final ReadOnlyStringWrapper wdl = new ReadOnlyStringWrapper();
    final ReadOnlyStringWrapper nodes = new ReadOnlyStringWrapper();
    final ReadOnlyStringWrapper nps = new ReadOnlyStringWrapper();
    final ReadOnlyStringWrapper time = new ReadOnlyStringWrapper();
    final ReadOnlyStringWrapper pv = new ReadOnlyStringWrapper();
    /** Sign of the score for White/Red: 1, 0 or -1 (for colouring). */
    int whiteSign;
    AnalysisUpdate update;

    private List<Move> pvMoves;
    private Position pvRoot;
    private String pvNotation;

    void set(AnalysisUpdate u, AnalysisText.Unit unit, Notation notation) {
        update = u;
        rank.set(Integer.toString(u.multipv()));
        score.set(u.score().map(s -> AnalysisText.score(s, unit)).orElse(""));
        Score w = u.score().map(s -> s.forWhite(u.pov())).orElse(null);
        white.set(w == null ? "" : AnalysisText.score(w, unit));
        whiteSign = w == null ? 0 : Integer.signum(w.order());
        String d = u.depth().isPresent() ? Integer.toString(u.depth().getAsInt()) : "";
        if (u.seldepth().isPresent()) {
            d = d + "/" + u.seldepth().getAsInt();
        }
        depth.set(d);
        wdl.set(u.wdl().map(AnalysisText::wdl).orElse(""));
        nodes.set(u.nodes().isPresent() ? AnalysisText.count(u.nodes().getAsLong()) : "");
        nps.set(u.nps().isPresent() ? AnalysisText.count(u.nps().getAsLong()) : "");
        time.set(u.time().map(AnalysisText::time).orElse(""));
        if (pvRoot != u.position() || !u.pv().equals(pvMoves) || !notation.id().equals(pvNotation)) {
            pvRoot = u.position();
            pvMoves = u.pv();
            pvNotation = notation.id();
            pv.set(AnalysisText.pv(u.position(), u.pv(), notation, PV_PLIES));
        }
    }

    ReadOnlyStringProperty pvProperty() {
        return pv.getReadOnlyProperty();
    }
}

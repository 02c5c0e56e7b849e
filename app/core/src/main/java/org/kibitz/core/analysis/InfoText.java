package org.kibitz.core.analysis;

import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;

/**
 * An {@link AnalysisUpdate} written as a UCI {@code info} line would read, with the PV in one of our
 * notations ({@code pv 炮二平五 马８进７}, {@code pv e4 e5 Nf3}): the form the CLI prints and a log
 * can show next to what the engine wrote. The score is the side to move's, as engines give it.
 */
public final class InfoText {

    private InfoText() {
    }

    public static String format(AnalysisUpdate u, Notation notation) {
        StringBuilder b = new StringBuilder("info");
        u.depth().ifPresent(d -> b.append(" depth ").append(d));
        u.seldepth().ifPresent(d -> b.append(" seldepth ").append(d));
        b.append(" multipv ").append(u.multipv());
        u.score().ifPresent(s -> {
            b.append(" score ");
            switch (s) {
                case Score.Centipawns cp -> b.append("cp ").append(cp.cp());
                case Score.Mate m -> b.append("mate ").append(m.moves());
            }
            switch (s.bound()) {
                case LOWER -> b.append(" lowerbound");
                case UPPER -> b.append(" upperbound");
                case EXACT -> {
                    // nothing to say
                }
            }
        });
        u.wdl().ifPresent(w -> b.append(" wdl ").append(w.win()).append(' ').append(w.draw()).append(' ').append(w.loss()));
        u.nodes().ifPresent(n -> b.append(" nodes ").append(n));
        u.nps().ifPresent(n -> b.append(" nps ").append(n));
        u.hashfull().ifPresent(h -> b.append(" hashfull ").append(h));
        u.tbhits().ifPresent(t -> b.append(" tbhits ").append(t));
        u.time().ifPresent(t -> b.append(" time ").append(t.toMillis()));
        if (!u.pv().isEmpty()) {
            b.append(" pv");
            Position p = u.position();
            for (Move m : u.pv()) {
                b.append(' ').append(notation.format(p, m));
                p = p.play(m);
            }
        }
        return b.toString();
    }
}

package org.kibitz.core.analysis;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Wdl;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;

/**
 * Engine results as text, the one place for it: scores, counts and times as the workbench shows
 * them ({@code +0.35}, {@code #-3}, {@code 12.3k}, {@code 1:05}), principal variations in one of the
 * game's notations (numbered for people, {@code 12. Nf3 Nc6}; plain for an {@code info} line), and a
 * whole report as a UCI {@code info} line with our notation, as {@code kibitz analyse} prints it.
 */
public final class AnalysisText {

    /** How centipawn scores are shown. */
    public enum Unit { PAWNS, CENTIPAWNS }

    private AnalysisText() {
    }

    // ------------------------------------------------------------------ scores

    /** A score as its holder sees it, with its bound: {@code +0.35}, {@code ≥+35}, {@code #-3}. */
    public static String score(Score s, Unit unit) {
        String bound = switch (s.bound()) {
            case LOWER -> "≥";
            case UPPER -> "≤";
            case EXACT -> "";
        };
        return bound + scoreValue(s, unit);
    }

    private static String scoreValue(Score s, Unit unit) {
        return switch (s) {
            case Score.Mate m -> "#" + m.moves();
            case Score.Centipawns c -> unit == Unit.CENTIPAWNS ? signed(c.cp())
                    : (c.cp() > 0 ? "+" : c.cp() < 0 ? "-" : "") + String.format(Locale.ROOT, "%.2f", Math.abs(c.cp()) / 100.0);
        };
    }

    /** A score as UCI writes it: {@code cp 35}, {@code mate -3}, {@code cp 20 lowerbound}. */
    public static String uciScore(Score s) {
        String value = switch (s) {
            case Score.Centipawns cp -> "cp " + cp.cp();
            case Score.Mate m -> "mate " + m.moves();
        };
        return switch (s.bound()) {
            case LOWER -> value + " lowerbound";
            case UPPER -> value + " upperbound";
            case EXACT -> value;
        };
    }

    private static String signed(int v) {
        return v > 0 ? "+" + v : Integer.toString(v);
    }

    /** Win/draw/loss in percent, {@code 42/51/7}. */
    public static String wdl(Wdl w) {
        int total = w.win() + w.draw() + w.loss();
        if (total == 0) {
            return "-";
        }
        long win = Math.round(w.win() * 100.0 / total);
        long loss = Math.round(w.loss() * 100.0 / total);
        return win + "/" + (100 - win - loss) + "/" + loss;
    }

    /**
     * The score as a number of pawns for plotting, clipped to {@code ±clip}; a mate is at the edge of
     * the band (the side giving mate's).
     */
    public static double plotValue(Score s, double clip) {
        return switch (s) {
            case Score.Mate m -> m.moves() > 0 ? clip : -clip;
            case Score.Centipawns c -> Math.max(-clip, Math.min(clip, c.cp() / 100.0));
        };
    }

    // ------------------------------------------------------------------ counts and times

    /** A count: {@code 850}, {@code 12.3k}, {@code 4.56M}, {@code 1.23G}. */
    public static String count(long n) {
        if (n < 1_000) {
            return Long.toString(n);
        }
        if (n < 1_000_000) {
            return short3(n / 1e3) + "k";
        }
        if (n < 1_000_000_000) {
            return short3(n / 1e6) + "M";
        }
        if (n < 1_000_000_000_000L) {
            return short3(n / 1e9) + "G";
        }
        return short3(n / 1e12) + "T";
    }

    /** Three significant digits. */
    private static String short3(double v) {
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** A search time: {@code 0.8s}, {@code 12.3s}, {@code 1:05}, {@code 1:02:03}. */
    public static String time(Duration d) {
        long ms = d.toMillis();
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1fs", ms / 1000.0);
        }
        long s = ms / 1000;
        if (s < 3600) {
            return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    // ------------------------------------------------------------------ principal variations

    /**
     * A principal variation with move numbers, as players read it: {@code 12. Nf3 Nc6 13. Bb5},
     * {@code 12... Nc6 13. Bb5}, {@code 1. 炮二平五 马８进７}.
     *
     * @param root     the position the line starts from
     * @param maxPlies how many moves to write at most (the rest is dropped: a column shows a few)
     */
    public static String pv(Position root, List<Move> pv, Notation notation, int maxPlies) {
        return moves(root, pv, notation, maxPlies, true);
    }

    /** The moves of a line one after the other, without numbers ({@code e4 e5 Nf3}), as an {@code info} line has them. */
    public static String pvMoves(Position root, List<Move> pv, Notation notation) {
        return moves(root, pv, notation, Integer.MAX_VALUE, false);
    }

    /** Writes the line up to its first illegal move; a move the notation cannot write is in coordinates. */
    private static String moves(Position root, List<Move> pv, Notation notation, int maxPlies, boolean numbered) {
        StringBuilder b = new StringBuilder();
        Position p = root;
        int number = Math.max(1, root.fullmoveNumber());
        int n = 0;
        for (Move m : pv) {
            if (n >= maxPlies || !p.isLegal(m)) {
                break;
            }
            if (!b.isEmpty()) {
                b.append(' ');
            }
            if (numbered) {
                if (p.sideToMove() == Side.WHITE) {
                    b.append(number).append(". ");
                } else if (n == 0) {
                    b.append(number).append("... ");
                }
            }
            String text;
            try {
                text = notation.format(p, m);
            } catch (RuntimeException e) {
                text = m.coordinates(0);
            }
            b.append(text);
            if (p.sideToMove() != Side.WHITE) {
                number++;
            }
            p = p.play(m);
            n++;
        }
        return b.toString();
    }

    // ------------------------------------------------------------------ info lines

    /**
     * A report written as a UCI {@code info} line would read, with the PV in one of our notations
     * ({@code pv 炮二平五 马８进７}, {@code pv e4 e5 Nf3}): the form the CLI prints and a log can show
     * next to what the engine wrote. The score is the side to move's, as engines give it.
     */
    public static String infoLine(AnalysisUpdate u, Notation notation) {
        StringBuilder b = new StringBuilder("info");
        u.depth().ifPresent(d -> b.append(" depth ").append(d));
        u.seldepth().ifPresent(d -> b.append(" seldepth ").append(d));
        b.append(" multipv ").append(u.multipv());
        u.score().ifPresent(s -> b.append(" score ").append(uciScore(s)));
        u.wdl().ifPresent(w -> b.append(" wdl ").append(w.win()).append(' ').append(w.draw()).append(' ').append(w.loss()));
        u.nodes().ifPresent(n -> b.append(" nodes ").append(n));
        u.nps().ifPresent(n -> b.append(" nps ").append(n));
        u.hashfull().ifPresent(h -> b.append(" hashfull ").append(h));
        u.tbhits().ifPresent(t -> b.append(" tbhits ").append(t));
        u.time().ifPresent(t -> b.append(" time ").append(t.toMillis()));
        if (!u.pv().isEmpty()) {
            b.append(" pv ").append(pvMoves(u.position(), u.pv(), notation));
        }
        return b.toString();
    }
}

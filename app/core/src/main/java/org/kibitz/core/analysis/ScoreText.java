package org.kibitz.core.analysis;

import java.time.Duration;
import java.util.Locale;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Wdl;

/**
 * How engine numbers are written in the workbench: scores as pawns ({@code +0.35}) or centipawns
 * ({@code +35}), mates as {@code #5} / {@code #-3}, bounds marked {@code ≥} / {@code ≤}; node
 * counts, speeds and times short enough for a column.
 */
public final class ScoreText {

    /** How centipawn scores are shown. */
    public enum Unit { PAWNS, CENTIPAWNS }

    private ScoreText() {
    }

    /** A score as its holder sees it, with its bound. */
    public static String format(Score s, Unit unit) {
        String bound = switch (s.bound()) {
            case LOWER -> "≥";
            case UPPER -> "≤";
            case EXACT -> "";
        };
        return bound + value(s, unit);
    }

    private static String value(Score s, Unit unit) {
        return switch (s) {
            case Score.Mate m -> "#" + m.moves();
            case Score.Centipawns c -> unit == Unit.CENTIPAWNS ? signed(c.cp())
                    : (c.cp() > 0 ? "+" : c.cp() < 0 ? "-" : "") + String.format(Locale.ROOT, "%.2f", Math.abs(c.cp()) / 100.0);
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
}

package org.kibitz.core.evaluate.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Side;
import org.kibitz.api.i18n.Text;
import org.kibitz.core.evaluate.ScoreCodec;

/**
 * How the outputs write numbers and scores: fixed, locale-free forms, so that the same results give the
 * same bytes on every machine.
 */
public final class ReportFormat {

    private ReportFormat() {
    }

    /** A score in {@code [%eval]} syntax ({@code 0.35}, {@code #-3}, {@code #0} for checkmate on the board); empty for none. */
    public static String eval(Optional<Score> forWhite) {
        return forWhite.map(ScoreCodec::evalText).orElse("");
    }

    /** A number with two decimals, rounded half up, in the root locale ({@code 12.50}). */
    public static String fixed2(double v) {
        return fixed(v, 2);
    }

    /** A number with {@code decimals} decimals, rounded half up, without exponent or grouping. */
    public static String fixed(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        BigDecimal b = BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP);
        // No "-0.00": a tiny negative rounds to zero.
        return b.signum() == 0 ? b.abs().toPlainString() : b.toPlainString();
    }

    /**
     * A score for a move comment, from White's/Red's view with its sign: {@code +0.36}, {@code −0.40}
     * (a true minus sign), {@code 0.00}, {@code #3}, {@code #−3}, {@code #0}.
     */
    public static String commentEval(Score forWhite) {
        return switch (forWhite) {
            case Score.Mate m -> "#" + (m.moves() < 0 ? "\u2212" + -m.moves() : Integer.toString(m.moves()));
            case Score.Centipawns c -> {
                String t = BigDecimal.valueOf(Math.abs(c.cp()), 2).toPlainString();
                yield c.cp() > 0 ? "+" + t : c.cp() < 0 ? "\u2212" + t : t;
            }
        };
    }

    /** The side's name in the CSV: {@code white} or {@code black}, {@code red} for xiangqi's first player. */
    public static String side(Side side, String gameId) {
        if (side == Side.BLACK) {
            return "black";
        }
        return "xiangqi".equals(gameId) ? "red" : "white";
    }

    /** The prefix of a side's PGN tags: {@code White}, {@code Red} in xiangqi, {@code Black}. */
    public static String tagPrefix(Side side, String gameId) {
        if (side == Side.BLACK) {
            return "Black";
        }
        return "xiangqi".equals(gameId) ? "Red" : "White";
    }

    /** A message of this package's bundle in {@code locale}. */
    public static String text(Locale locale, String key, Object... args) {
        return Text.of(ReportFormat.class, key, args).render(locale);
    }
}

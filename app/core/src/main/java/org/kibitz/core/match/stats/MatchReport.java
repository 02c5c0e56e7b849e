package org.kibitz.core.match.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;

/**
 * The lines cutechess-cli and fastchess print about a match, character for character, so that
 * tools (and eyes) that read theirs read ours. Numbers use {@link Locale#ROOT}; an infinite or
 * undefined number prints as {@code inf}, {@code -inf} or {@code nan}, as the C and Qt formatting
 * of those programs does.
 */
public final class MatchReport {

    private MatchReport() {}

    /** {@code Score of A vs B: 12 - 8 - 20  [0.550] 40} (cutechess and fastchess's cutechess output). */
    public static String scoreLine(String first, String second, MatchScore score) {
        return "Score of " + first + " vs " + second + ": " + score.wins() + " - " + score.losses() + " - "
                + score.draws() + "  [" + fixed(score.score(), 3) + "] " + score.games();
    }

    /**
     * {@code Elo difference: 34.9 +/- 97.4, LOS: 81.4 %, DrawRatio: 50.0 %} (cutechess): the trinomial
     * Elo and error, cutechess's LOS from wins and losses, the draw ratio.
     */
    public static String eloLine(MatchScore score) {
        EloDifference elo = EloDifference.trinomial(score);
        return "Elo difference: " + fixed(elo.elo(), 1) + " +/- " + fixed(elo.error(), 1)
                + ", LOS: " + fixed(100 * Elo.los(score), 1) + " %, DrawRatio: " + fixed(100 * score.drawRatio(), 1) + " %";
    }

    /**
     * {@code Elo: 3.45 +/- 5.67, nElo: 4.56 +/- 7.89} (fastchess's summary): pentanomial when the
     * match has pairs, trinomial otherwise, and fastchess's nElo.
     */
    public static String fastchessEloLine(MatchScore score) {
        EloDifference elo = EloDifference.of(score);
        return "Elo: " + fixed(elo.elo(), 2) + " +/- " + fixed(elo.error(), 2) + ", " + neloLine(score);
    }

    /** {@code Ptnml(0-2): [5, 30, 80, 40, 10]} (fastchess). */
    public static String ptnmlLine(MatchScore score) {
        StringBuilder b = new StringBuilder("Ptnml(0-2): [");
        for (int k = 0; k < 5; k++) {
            b.append(k == 0 ? "" : ", ").append(score.pentanomial(k));
        }
        return b.append(']').toString();
    }

    /**
     * {@code nElo: 33.87 +/- 37.49} (fastchess's line and figures, {@link NormalizedElo#fastchess}). The
     * name belongs to fastchess's computation, so a reader comparing with fastchess finds the same
     * numbers; fishtest's shape-aware interval is {@link #fishtestNeloLine}.
     */
    public static String neloLine(MatchScore score) {
        NormalizedElo nelo = NormalizedElo.fastchess(score);
        return "nElo: " + fixed(nelo.nElo(), 2) + " +/- " + fixed(nelo.error(), 2);
    }

    /** {@code nElo (fishtest): 33.87 +/- 37.59}: fishtest's nElo with its interval, under its own name. */
    public static String fishtestNeloLine(MatchScore score) {
        NormalizedElo nelo = NormalizedElo.of(score);
        return "nElo (fishtest): " + fixed(nelo.nElo(), 2) + " +/- " + fixed(nelo.error(), 2);
    }

    /**
     * {@code LLR: 1.23 (41.8%) (-2.94, 2.94) [0.00, 2.00]} (fastchess): the LLR, its fraction of the
     * bound it heads for (negative towards H0, as fastchess prints it), the bounds, elo0 and elo1.
     */
    public static String llrLine(Sprt sprt, MatchScore score) {
        double llr = sprt.llr(score);
        double fraction = llr >= 0 ? llr / sprt.upperBound() : -llr / sprt.lowerBound();
        return "LLR: " + fixed(llr, 2) + " (" + fixed(100 * fraction, 1) + "%) (" + fixed(sprt.lowerBound(), 2)
                + ", " + fixed(sprt.upperBound(), 2) + ") [" + fixed(sprt.elo0(), 2) + ", " + fixed(sprt.elo1(), 2) + "]";
    }

    /**
     * {@code SPRT: llr 2.95 (100.2%), lbound -2.94, ubound 2.94 - H1 was accepted} (cutechess: three
     * significant digits, the fraction of the upper bound).
     */
    public static String sprtLine(Sprt sprt, MatchScore score) {
        Sprt.Status s = sprt.status(score);
        String line = "SPRT: llr " + general3(s.llr()) + " (" + fixed(100 * s.llr() / s.upperBound(), 1) + "%), lbound "
                + general3(s.lowerBound()) + ", ubound " + general3(s.upperBound());
        return switch (s.decision()) {
            case H0_ACCEPTED -> line + " - H0 was accepted";
            case H1_ACCEPTED -> line + " - H1 was accepted";
            case CONTINUE -> line;
        };
    }

    /**
     * A standings table in the layout of fastchess's (ranks, names padded to at least 25, numbers
     * right-aligned in 10 columns):
     * <pre>
     * Rank Name                             Elo        +/-      Games      Score
     *    1 A                             128.65     117.95         20      75.0%
     * </pre>
     */
    public static String standings(List<TournamentRatings.Rating> ratings) {
        int width = 25;
        for (TournamentRatings.Rating r : ratings) {
            width = Math.max(width, r.name().length());
        }
        StringBuilder b = new StringBuilder();
        b.append(padRight("Rank", 4)).append(' ').append(padRight("Name", width))
                .append(' ').append(padLeft("Elo", 10)).append(' ').append(padLeft("+/-", 10))
                .append(' ').append(padLeft("Games", 10)).append(' ').append(padLeft("Score", 10)).append('\n');
        int rank = 0;
        for (TournamentRatings.Rating r : ratings) {
            b.append(padLeft(Integer.toString(++rank), 4)).append(' ').append(padRight(r.name(), width))
                    .append(' ').append(padLeft(fixed(r.elo(), 2), 10)).append(' ').append(padLeft(fixed(r.error(), 2), 10))
                    .append(' ').append(padLeft(Long.toString(r.games()), 10))
                    .append(' ').append(padLeft(fixed(100 * r.score(), 1), 9)).append("%\n");
        }
        return b.toString();
    }

    /** {@code %.{decimals}f} in Locale.ROOT, with C's spelling of infinities and NaN. */
    static String fixed(double x, int decimals) {
        if (Double.isNaN(x)) {
            return "nan";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        String s = String.format(Locale.ROOT, "%." + decimals + "f", x);
        return s;
    }

    /** C's {@code %.3g} (Qt's {@code arg(x, 0, 'g', 3)}): three significant digits, no trailing zeros. */
    static String general3(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return fixed(x, 0);
        }
        if (x == 0) {
            return "0";
        }
        BigDecimal rounded = new BigDecimal(x).round(new MathContext(3, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < -4 || exponent >= 3) {
            BigDecimal mantissa = rounded.movePointLeft(exponent).stripTrailingZeros();
            String m = mantissa.scale() <= 0 ? mantissa.toBigInteger().toString() : mantissa.toPlainString();
            return m + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
        }
        BigDecimal plain = rounded.stripTrailingZeros();
        return plain.scale() <= 0 ? plain.toBigInteger().toString() : plain.toPlainString();
    }

    private static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    private static String padRight(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}

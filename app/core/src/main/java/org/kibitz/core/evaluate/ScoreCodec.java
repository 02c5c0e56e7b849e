package org.kibitz.core.evaluate;

import java.math.BigDecimal;
import java.util.Locale;
import org.kibitz.api.analysis.Score;

/**
 * Scores as batch results keep them in journals and manifests ({@code cp 35}, {@code mate -3},
 * {@code cp 35 lower}) and as PGN's {@code [%eval]} writes them ({@code 0.35}, {@code #-3}).
 */
public final class ScoreCodec {

    private ScoreCodec() {
    }

    /** {@code cp N} or {@code mate N}, then {@code lower}/{@code upper} for a bound. */
    public static String encode(Score s) {
        String base = switch (s) {
            case Score.Centipawns c -> "cp " + c.cp();
            case Score.Mate m -> "mate " + m.moves();
        };
        return s.bound() == Score.Bound.EXACT ? base : base + " " + s.bound().name().toLowerCase(Locale.ROOT);
    }

    /** The inverse of {@link #encode}. */
    public static Score decode(String text) {
        String[] f = text.strip().split(" ");
        if (f.length < 2) {
            throw new IllegalArgumentException("not a score: " + text);
        }
        Score.Bound b = f.length > 2 ? Score.Bound.valueOf(f[2].toUpperCase(Locale.ROOT)) : Score.Bound.EXACT;
        int v = Integer.parseInt(f[1]);
        return switch (f[0]) {
            case "cp" -> new Score.Centipawns(v, b);
            case "mate" -> new Score.Mate(v, b);
            default -> throw new IllegalArgumentException("not a score: " + text);
        };
    }

    /** PGN's {@code [%eval]} value: pawns with two decimals, or {@code #N}. */
    public static String evalText(Score s) {
        return switch (s) {
            case Score.Mate m -> "#" + m.moves();
            case Score.Centipawns c -> BigDecimal.valueOf(c.cp(), 2).toPlainString();
        };
    }
}

package org.kibitz.core.analysis;

import java.util.Locale;
import org.kibitz.api.analysis.Score;
import org.kibitz.core.evaluate.judge.WinModel;

/**
 * What an evaluation bar beside the board shows for a score in White's (Red's) view, as lichess,
 * En Croissant and Nibbler show it: White's share of the bar is White's win probability under the
 * game's win model (the one the judgements and the curve use), a forced mate fills the bar to the
 * mating side's end, and a short label fits the bar's width.
 */
public final class EvalBarFill {

    private EvalBarFill() {
    }

    /** White's (Red's) share of the bar, 0..1, for {@code whiteView}; a mate is 1 or 0, never in between. */
    public static double whiteShare(Score whiteView, WinModel model) {
        return switch (whiteView) {
            // Mate(0) is White mated on the board: the bar is all Black's.
            case Score.Mate m -> m.moves() > 0 ? 1.0 : 0.0;
            case Score.Centipawns c -> model.winPercent(c) / 100;
        };
    }

    /**
     * The bar's label, without a sign (the end it is printed at tells whose it is): pawns with one
     * decimal ({@code 0.4}, {@code 12.1}), {@code M3} for a mate in 3 either way.
     */
    public static String label(Score whiteView) {
        return switch (whiteView) {
            case Score.Mate m -> "M" + Math.abs(m.moves());
            case Score.Centipawns c -> String.format(Locale.ROOT, "%.1f", Math.abs(c.cp()) / 100.0);
        };
    }

    /** Whether the label belongs at White's end: White is ahead, or level. */
    public static boolean whiteAhead(Score whiteView) {
        return switch (whiteView) {
            case Score.Mate m -> m.moves() > 0;
            case Score.Centipawns c -> c.cp() >= 0;
        };
    }
}

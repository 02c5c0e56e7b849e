package org.kibitz.core.evaluate.judge;

import java.util.Objects;
import org.kibitz.api.analysis.Score;

/**
 * Logistic win-probability model: how likely the holder of an engine score is to win.
 *
 * <p>{@code winningChances = 2 / (1 + e^(-k·cp)) - 1} in -1..1 and {@code winPercent = 50 + 50·winningChances}
 * in 0..100, with centipawns clamped to ±{@code clampCp} and a forced mate counted as ±{@code mateCp}
 * (the holder mates: +, the holder is mated: −). The bound of a score is ignored: a fail-high +80 counts as 80.
 *
 * @param name    a short name shown with the numbers
 * @param k       the logistic's slope per centipawn (&gt; 0)
 * @param clampCp centipawn scores beyond ± this count as ± this (&gt; 0)
 * @param mateCp  a mate counts as ± this many centipawns (&gt; 0)
 */
public record WinModel(String name, double k, int clampCp, int mateCp) {

    /**
     * Lichess's model: k from lichess's fit of game results against Stockfish scores
     * (lila pull request 11148, scalachess {@code WinPercent.winningChances}), scores ceiled at ±1000 cp
     * and a mate counted as the ceiling ({@code Cp.CEILING}, {@code WinPercent.fromMate}).
     */
    public static final WinModel LICHESS = new WinModel("lichess", 0.00368208, 1000, 1000);

    /**
     * Kibitz's xiangqi model: k fitted by maximum likelihood on 6,973 positions of 29,870 Big5 master games
     * with Fairy-Stockfish 11.1 at 10,000 nodes (95% interval 0.00450-0.00504); see docs/calibration.md.
     * Change it there and here, nowhere else.
     */
    public static final double XIANGQI_K = 0.00474;

    /** Kibitz's xiangqi model: lichess's shape with xiangqi's own slope {@link #XIANGQI_K}. */
    public static final WinModel XIANGQI = new WinModel("kibitz-xiangqi", XIANGQI_K, 1000, 1000);

    public WinModel {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("a win model's name is one word: '" + name + "'");
        }
        if (!(k > 0) || Double.isInfinite(k)) {
            throw new IllegalArgumentException("k must be a positive number: " + k);
        }
        if (clampCp <= 0 || mateCp <= 0) {
            throw new IllegalArgumentException("clamp and mate must be positive centipawns: " + clampCp + ", " + mateCp);
        }
    }

    /** Win% 0..100 for the holder of {@code s}. */
    public double winPercent(Score s) {
        return 50 + 50 * winningChances(s);
    }

    /** Winning chances -1..1 for the holder of {@code s}. */
    public double winningChances(Score s) {
        return logistic(centipawns(s));
    }

    /** Win% 0..100 of a centipawn score, clamped first. */
    public double winPercentOfCp(int cp) {
        return 50 + 50 * winningChancesOfCp(cp);
    }

    /** Winning chances -1..1 of a centipawn score, clamped first. */
    public double winningChancesOfCp(int cp) {
        return logistic(Math.max(-clampCp, Math.min(clampCp, cp)));
    }

    private double logistic(int cp) {
        return 2 / (1 + Math.exp(-k * cp)) - 1;
    }

    /**
     * The centipawns the model counts for {@code s}: clamped to ±clampCp, a mate as ±mateCp
     * ({@code Mate(0)}, the holder mated on the board, as −mateCp).
     */
    public int centipawns(Score s) {
        return switch (s) {
            case Score.Centipawns c -> Math.max(-clampCp, Math.min(clampCp, c.cp()));
            case Score.Mate m -> m.moves() > 0 ? mateCp : -mateCp;
        };
    }
}

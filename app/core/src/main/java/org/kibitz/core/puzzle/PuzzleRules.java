package org.kibitz.core.puzzle;

import java.util.Objects;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.evaluate.judge.WinModel;

/**
 * What makes a line a puzzle (decision 0033).
 *
 * @param solve    the limit each search of the solution gets (deeper than the evaluation's); MultiPV is set to 2
 *                 for the solver's moves and 1 for the replies
 * @param win      the engine's win model: winning chances -1..1 of a score (a mate counts as ±1)
 * @param margin   how much lower, in winning chances, the second-best move must be for the best to be the
 *                 only move (lichess-puzzler's scale; default {@link #DEFAULT_MARGIN})
 * @param decisive the winning chances the solver must have at the end of an advantage line
 *                 ({@link #DEFAULT_DECISIVE})
 * @param maxPlies the longest solution, in plies after the mistake
 * @param ruleSet  the rule set repetitions are judged by (xiangqi: {@code axf}, ...); empty for the game's default
 */
public record PuzzleRules(SearchLimits solve, WinModel win, double margin, double decisive, int maxPlies, String ruleSet) {

    /** The default margin of winning chances between the best and the second-best move. */
    public static final double DEFAULT_MARGIN = 0.42;
    /** The default winning chances of a decided advantage (about +300 cp in lichess's model). */
    public static final double DEFAULT_DECISIVE = 0.5;
    /** The default longest solution in plies. */
    public static final int DEFAULT_MAX_PLIES = 15;

    public PuzzleRules {
        Objects.requireNonNull(solve, "solve");
        Objects.requireNonNull(win, "win");
        Objects.requireNonNull(ruleSet, "ruleSet");
        if (!(margin > 0 && margin <= 2)) {
            throw new IllegalArgumentException("margin must be in (0, 2]: " + margin);
        }
        if (!(decisive > 0 && decisive < 1)) {
            throw new IllegalArgumentException("decisive must be in (0, 1): " + decisive);
        }
        if (maxPlies < 1) {
            throw new IllegalArgumentException("maxPlies must be 1 or more: " + maxPlies);
        }
    }

    /**
     * The solving limit from the evaluation's when none is given: four times its nodes or its time, four
     * plies more than its depth.
     */
    public static SearchLimits deeper(SearchLimits evaluation) {
        if (evaluation.nodes().isPresent()) {
            return SearchLimits.nodes(evaluation.nodes().getAsLong() * 4);
        }
        if (evaluation.depth().isPresent()) {
            return SearchLimits.depth(evaluation.depth().getAsInt() + 4);
        }
        if (evaluation.moveTime().isPresent()) {
            return SearchLimits.moveTime(evaluation.moveTime().get().multipliedBy(4));
        }
        return SearchLimits.nodes(400_000);
    }

    /** Winning chances -1..1 of a score for the side it is given for: a mate for is 1, against is -1. */
    public double chances(org.kibitz.api.analysis.Score s) {
        if (s instanceof org.kibitz.api.analysis.Score.Mate m) {
            return m.moves() > 0 ? 1 : -1;
        }
        return win.winningChances(s);
    }

    /** The same rules with another longest solution. */
    public PuzzleRules withMaxPlies(int plies) {
        return new PuzzleRules(solve, win, margin, decisive, plies, ruleSet);
    }

    /** The limit as text for a run's parameters. */
    public String describe() {
        return "solve=" + solve.nodes().stream().mapToObj(n -> "nodes " + n).findFirst()
                .orElse(solve.depth().stream().mapToObj(d -> "depth " + d).findFirst()
                        .orElse(solve.moveTime().map(t -> "movetime " + t.toMillis()).orElse("?")))
                + ";win=" + win.name() + " " + win.k() + ";margin=" + margin + ";decisive=" + decisive
                + ";maxPlies=" + maxPlies + ";rules=" + ruleSet;
    }
}

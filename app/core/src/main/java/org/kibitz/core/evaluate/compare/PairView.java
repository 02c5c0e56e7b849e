package org.kibitz.core.evaluate.compare;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Two engines on one position.
 *
 * @param a         the first engine's place in the command
 * @param b         the second's
 * @param sameBest  whether their first moves are the same
 * @param aInBTop   whether A's move is among B's first {@link Comparison#TOP_K} lines
 * @param dWin      |A's win% − B's win%|, in win% points (0..100)
 * @param aOnB      how much A thinks B's move loses against A's own, in win% points: exact when A searched a line
 *                  starting with it, a lower bound ({@link Loss#atLeast}) when A's lines leave it out, empty when A
 *                  searched one line only and B's move is not it
 * @param bOnA      the same, B on A's move
 * @param kinds     which kinds of disagreement this position shows at the comparison's threshold
 * @param verdictsDiffer whether the engines judge the move played differently (none, ?!, ?, ??)
 */
public record PairView(int a, int b, boolean sameBest, boolean aInBTop, double dWin, Optional<Loss> aOnB, Optional<Loss> bOnA,
                       Set<Kind> kinds, boolean verdictsDiffer) {

    /** A move's loss in win% points, by one engine's lines. */
    public record Loss(double points, boolean atLeast) {
        /** {@code 12.3} or {@code >=12.3}, for files (CSV and text tables stay ASCII). */
        public String text() {
            return (atLeast ? ">=" : "") + String.format(java.util.Locale.ROOT, "%.1f", points);
        }

        /** {@code 12.3} or {@code ≥12.3}, as the window writes a bound (as scores are: {@code ≥+35}). */
        public String shown() {
            return (atLeast ? "≥" : "") + String.format(java.util.Locale.ROOT, "%.1f", points);
        }
    }

    /** What the engines disagree about. */
    public enum Kind {
        /** Their evaluations differ by the threshold or more. */
        EVALUATION,
        /** A's lines say B's choice loses the threshold or more. */
        A_REJECTS_B,
        /** B's lines say A's choice loses the threshold or more. */
        B_REJECTS_A;

        public String key() {
            return switch (this) {
                case EVALUATION -> "eval";
                case A_REJECTS_B -> "a_rejects_b";
                case B_REJECTS_A -> "b_rejects_a";
            };
        }
    }

    public PairView {
        Objects.requireNonNull(aOnB, "aOnB");
        Objects.requireNonNull(bOnA, "bOnA");
        kinds = kinds.isEmpty() ? EnumSet.noneOf(Kind.class) : EnumSet.copyOf(kinds);
    }

    public boolean disagrees() {
        return !kinds.isEmpty();
    }

    /** How strongly they disagree: the largest of the evaluation gap and the two losses, in win% points. */
    public double magnitude() {
        double m = dWin;
        if (aOnB.isPresent()) {
            m = Math.max(m, aOnB.get().points());
        }
        if (bOnA.isPresent()) {
            m = Math.max(m, bOnA.get().points());
        }
        return m;
    }

    /** The kinds as the CSV writes them: {@code eval;a_rejects_b}, or empty. */
    public String kindsText() {
        return String.join(";", kinds.stream().map(Kind::key).toList());
    }
}

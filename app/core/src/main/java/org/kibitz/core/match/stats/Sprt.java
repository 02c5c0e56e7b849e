package org.kibitz.core.match.stats;

/**
 * A sequential probability ratio test of H0 "the Elo difference is elo0" against H1 "it is elo1",
 * with the generalized log-likelihood ratio of fishtest (see {@code Gsprt}), computed from the
 * pentanomial counts when the match has game pairs and from wins, draws and losses otherwise.
 *
 * <p>The test stops when the LLR reaches {@code upper = ln((1 - beta) / alpha)} (H1 accepted) or
 * {@code lower = ln(beta / (1 - alpha))} (H0 accepted); {@code alpha} is the probability of
 * accepting H1 when H0 holds, {@code beta} that of accepting H0 when H1 holds. A bound reached
 * exactly counts as crossed, as in fastchess. fishtest's overshoot correction is not applied.
 *
 * @param alpha the type I error, in (0, 1)
 * @param beta the type II error, in (0, 1)
 * @param elo0 the Elo difference of H0, in the model's unit
 * @param elo1 the Elo difference of H1, larger than {@code elo0}
 * @param model how {@code elo0} and {@code elo1} are to be read
 */
public record Sprt(double alpha, double beta, double elo0, double elo1, Model model) {

    /** The unit of the bounds. */
    public enum Model {
        /**
         * Normalized Elo (fishtest's default): the bounds are t-values of the score times 800/ln 10,
         * so the test needs about the same number of games whatever the draw rate.
         */
        NORMALIZED,
        /** Logistic Elo, the Elo of the expected score (cutechess's and fastchess's "logistic"). */
        LOGISTIC
    }

    /** Where a test stands. */
    public enum Decision {
        CONTINUE, H0_ACCEPTED, H1_ACCEPTED
    }

    /** The LLR with the test's bounds and decision. */
    public record Status(double llr, double lowerBound, double upperBound, Decision decision) {}

    public Sprt {
        if (!(alpha > 0 && alpha < 1) || !(beta > 0 && beta < 1) || alpha + beta >= 1) {
            throw new IllegalArgumentException("alpha and beta must be in (0, 1) with alpha + beta < 1");
        }
        if (!(elo0 < elo1)) {
            throw new IllegalArgumentException("elo0 must be less than elo1: " + elo0 + ", " + elo1);
        }
        if (model == null) {
            throw new IllegalArgumentException("model needed");
        }
    }

    /** The usual test: alpha = beta = 0.05, normalized Elo bounds. */
    public static Sprt normalized(double nelo0, double nelo1) {
        return new Sprt(0.05, 0.05, nelo0, nelo1, Model.NORMALIZED);
    }

    /** alpha = beta = 0.05, logistic Elo bounds. */
    public static Sprt logistic(double elo0, double elo1) {
        return new Sprt(0.05, 0.05, elo0, elo1, Model.LOGISTIC);
    }

    /** {@code ln(beta / (1 - alpha))}: at or below it H0 is accepted. */
    public double lowerBound() {
        return Math.log(beta / (1 - alpha));
    }

    /** {@code ln((1 - beta) / alpha)}: at or above it H1 is accepted. */
    public double upperBound() {
        return Math.log((1 - beta) / alpha);
    }

    /** The LLR of the match: from the pentanomial when it has pairs, else from W/D/L. 0 without games. */
    public double llr(MatchScore score) {
        return score.pairs() > 0 ? llrOfCounts(score.pentanomial()) : llrOfCounts(score.trinomial());
    }

    /** The LLR from the trinomial counts, ignoring any pairs. */
    public double llrTrinomial(MatchScore score) {
        return llrOfCounts(score.trinomial());
    }

    /**
     * The LLR from counts ordered from the first engine's worst to best outcome: 3 (losses, draws,
     * wins) or 5 (pentanomial pair scores 0 to 2), fishtest's order.
     */
    public double llrOfCounts(long... counts) {
        if (counts.length != 3 && counts.length != 5) {
            throw new IllegalArgumentException("3 or 5 counts expected, got " + counts.length);
        }
        return switch (model) {
            case NORMALIZED -> Gsprt.llrNormalized(elo0, elo1, counts);
            case LOGISTIC -> Gsprt.llrLogistic(elo0, elo1, counts);
        };
    }

    /** The decision at this LLR. */
    public Decision decide(double llr) {
        if (llr >= upperBound()) {
            return Decision.H1_ACCEPTED;
        }
        if (llr <= lowerBound()) {
            return Decision.H0_ACCEPTED;
        }
        return Decision.CONTINUE;
    }

    /** The LLR of the match, the bounds and the decision. */
    public Status status(MatchScore score) {
        double llr = llr(score);
        return new Status(llr, lowerBound(), upperBound(), decide(llr));
    }
}

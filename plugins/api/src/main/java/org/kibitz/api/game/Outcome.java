package org.kibitz.api.game;

import java.util.Objects;
import java.util.Optional;

/** How a game ended: the result and the rule that decided it. */
public record Outcome(GameResult result, Termination termination) {

    public Outcome {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(termination, "termination");
    }

    public static Outcome win(Side winner, Termination termination) {
        return new Outcome(GameResult.win(winner), termination);
    }

    public static Outcome draw(Termination termination) {
        return new Outcome(GameResult.DRAW, termination);
    }

    public Optional<Side> winner() {
        return result.winner();
    }
}

package org.kibitz.api.analysis;

/** Win/draw/loss expectation in per mille, from the point of view of whoever holds it. */
public record Wdl(int win, int draw, int loss) {

    public Wdl {
        if (win < 0 || draw < 0 || loss < 0) {
            throw new IllegalArgumentException("negative WDL " + win + "/" + draw + "/" + loss);
        }
    }

    public Wdl negate() {
        return new Wdl(loss, draw, win);
    }

    /** Expected score in [0, 1]: (win + draw / 2) / total. */
    public double expectedScore() {
        int total = win + draw + loss;
        return total == 0 ? 0.5 : (win + draw / 2.0) / total;
    }
}

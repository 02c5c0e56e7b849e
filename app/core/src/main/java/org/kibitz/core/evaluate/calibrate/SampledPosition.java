package org.kibitz.core.evaluate.calibrate;

import java.util.List;
import java.util.Objects;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/**
 * A position drawn from a game with a result: the game's start and the moves up to it (so an engine
 * sees the history, repetitions included), and what the result was worth to the side to move there.
 *
 * @param source     the file's name
 * @param gameNumber the game's 1-based number in the file
 * @param ply        moves played before the position (0 is the game's start)
 * @param start      the game's start position
 * @param moves      the {@code ply} moves from {@code start}
 * @param score      the game's result for the side to move: 1 won, 0.5 drawn, 0 lost
 */
public record SampledPosition(String source, int gameNumber, int ply, Position start, List<Move> moves, double score) {

    public SampledPosition {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(start, "start");
        moves = List.copyOf(moves);
        if (moves.size() != ply) {
            throw new IllegalArgumentException("ply " + ply + " but " + moves.size() + " moves");
        }
        if (score != 0 && score != 0.5 && score != 1) {
            throw new IllegalArgumentException("score must be 0, 0.5 or 1: " + score);
        }
    }
}

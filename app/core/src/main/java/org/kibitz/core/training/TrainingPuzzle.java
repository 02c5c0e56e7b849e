package org.kibitz.core.training;

import java.util.List;
import java.util.Objects;

/**
 * A puzzle as the training pane solves it, whatever file it came from: lichess's layout, the position
 * before the opponent's move and the moves from it, the first the opponent's, then the solver's and
 * the replies in turn, each in the game's own coordinates ({@code e2e4}, {@code h2e2}).
 *
 * @param id     the puzzle's id in its file (may be empty)
 * @param gameId {@code chess} or {@code xiangqi}
 * @param fen    the position before the opponent's move
 * @param moves  the opponent's move, then the solution with its replies; at least two
 * @param rating the puzzle's rating, 0 when unknown
 * @param themes its themes as the file names them
 */
public record TrainingPuzzle(String id, String gameId, String fen, List<String> moves, int rating, List<String> themes) {

    public TrainingPuzzle {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(gameId, "gameId");
        Objects.requireNonNull(fen, "fen");
        moves = List.copyOf(moves);
        themes = List.copyOf(themes);
        if (moves.size() < 2) {
            throw new IllegalArgumentException("a puzzle needs the opponent's move and at least one answer: " + moves);
        }
    }

    /**
     * What the progress file keeps the puzzle under: its game, position and moves, so the same puzzle
     * read from another file (or the file regenerated) keeps its history, and two files' ids never collide.
     */
    public String key() {
        return gameId + "|" + fen.strip() + "|" + String.join(" ", moves);
    }
}

package org.kibitz.engine.search;

/**
 * The end of a search.
 *
 * @param bestMove the move to play, 0 when the side to move has none
 * @param ponder   the expected reply, 0 when unknown
 * @param score    the best move's score from the side to move, {@link Scores#NONE} when nothing was searched
 * @param depth    the last finished iteration
 * @param nodes    nodes searched
 * @param timeMs   milliseconds searched
 */
public record SearchResult(int bestMove, int ponder, int score, int depth, long nodes, long timeMs) {

    public boolean hasMove() {
        return bestMove != 0;
    }
}

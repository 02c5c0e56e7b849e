package org.kibitz.engine.search;

import java.util.List;

/** Receives a search's progress on the search thread; the protocols turn it into their info lines. */
public interface SearchObserver {

    /** One principal variation of a finished iteration (or of the unfinished one when the search stops). */
    void line(Line line);

    /** The root move now being searched; sent only once a search has run a while. */
    default void currentMove(int depth, String move, int number) {
    }

    /** An observer that reports nothing. */
    SearchObserver NONE = line -> { };

    /**
     * A reported line.
     *
     * @param depth    the iteration
     * @param seldepth the deepest ply reached
     * @param multipv  the line's rank from 1
     * @param score    centipawns or mate ({@link Scores}) from the side to move
     * @param bound    {@link TranspositionTable#BOUND_EXACT}, {@code _LOWER} or {@code _UPPER}
     * @param nodes    nodes searched so far
     * @param timeMs   milliseconds since the search started
     * @param hashfull the table's use per thousand
     * @param pv       the moves in coordinates
     */
    record Line(int depth, int seldepth, int multipv, int score, int bound, long nodes, long timeMs, int hashfull,
                List<String> pv) {
        public Line {
            pv = List.copyOf(pv);
        }

        public long nps() {
            return timeMs <= 0 ? nodes * 1000 : nodes * 1000 / timeMs;
        }
    }
}

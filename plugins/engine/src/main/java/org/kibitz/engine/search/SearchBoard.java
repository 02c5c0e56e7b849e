package org.kibitz.engine.search;

/**
 * What the game-neutral {@link Searcher} needs from a game: a mutable board with make/unmake, legal
 * move generation into int arrays, an evaluation and the game's own rulings (mate, stalemate,
 * repetition, move limits). One implementation per game wraps that game's fast internal board.
 *
 * <p>Moves are the internal board's ints; 0 is never a move, and every move fits in 16 bits so the
 * transposition table can keep it. Every move the search makes comes from {@link #generateMoves} or
 * {@link #generateNoisy}, both of which return legal moves only, so the search can never play an
 * illegal one. Scores are centipawns from the side to move's point of view.
 */
public interface SearchBoard {

    /** Which side is to move: 0 White/Red, 1 Black. */
    int side();

    /** The position's hash key (pieces and side to move, and what else the game's rules count). */
    long key();

    boolean inCheck();

    /** Writes the legal moves from {@code start}; returns the index after the last one. */
    int generateMoves(int[] moves, int start);

    /** Writes the legal captures and promotions (quiescence moves) from {@code start}; returns the end. */
    int generateNoisy(int[] moves, int start);

    /** Plays a legal move. */
    void make(int move);

    /** Takes back the last {@link #make}. */
    void unmake();

    /** Passes (null-move pruning); never while in check. */
    void makeNull();

    void unmakeNull();

    /** Whether a move captures or promotes. */
    boolean isNoisy(int move);

    /** The value of what the move takes (and gains by promoting), for MVV-LVA ordering and delta pruning. */
    int gain(int move);

    /** The value of the moving piece, for MVV-LVA ordering. */
    int moverValue(int move);

    /** Static exchange evaluation: what the move wins on its target square when both sides keep recapturing. */
    int see(int move);

    /** The static evaluation from the side to move's point of view. */
    int evaluate();

    /**
     * The score of the current position by the game's rules on repetitions and move limits, from the
     * side to move's point of view, or {@link Scores#NONE} when no rule applies. Called at every node
     * below the root.
     *
     * @param ply distance from the root, for scores that depend on it
     */
    int ruleScore(int ply);

    /** The score when the side to move has no legal move: checkmate, and stalemate as the game rules it. */
    int noMovesScore(int ply);

    /** Whether passing is unlikely to be the best move here (the side has pieces besides pawns and guards). */
    boolean nullMoveAllowed();

    /** An index below {@link Searcher#HISTORY_SIZE} identifying a move by its squares, for history tables. */
    int historyIndex(int move);

    /** The move as the protocols write it (coordinates). */
    String moveText(int move);

    /** The legal move written {@code text} in coordinates, or 0. */
    int parseMove(String text);

    /** The position as FEN. */
    String fen();

    /** An independent copy with the same position and history (a search runs on its own copy). */
    SearchBoard copy();
}

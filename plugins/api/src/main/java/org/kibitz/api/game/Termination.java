package org.kibitz.api.game;

/** Why a game ended by rule. */
public enum Termination {
    CHECKMATE,
    /** No legal move without being in check: a draw in chess, a loss in xiangqi. */
    STALEMATE,
    INSUFFICIENT_MATERIAL,
    FIFTY_MOVE_RULE,
    SEVENTY_FIVE_MOVE_RULE,
    THREEFOLD_REPETITION,
    FIVEFOLD_REPETITION,
    /** Xiangqi: a repetition in which neither side breaks a rule, a draw. */
    REPETITION,
    /** Xiangqi: the side that keeps checking in a repeated cycle loses. */
    PERPETUAL_CHECK,
    /** Xiangqi: the side that keeps chasing an unprotected piece in a repeated cycle loses. */
    PERPETUAL_CHASE,
    /** Xiangqi: the natural-move limit (no capture for many moves) reached. */
    MOVE_LIMIT
}

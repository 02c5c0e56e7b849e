package org.kibitz.api.game;

import java.util.List;
import java.util.Objects;

/**
 * A ruling with its reasons: who wins (or a draw), under which rule set, and, for a repetition, the
 * repeated cycle move by move (what each move was: a check, a chase of which pieces, or idle).
 *
 * @param outcome    the result and its termination
 * @param ruleSet    the rule set that ruled ({@code axf}, {@code computer}, {@code chinese}, {@code none};
 *                   empty for a game without rule sets)
 * @param rule       what decided, as a key: {@code perpetual-check}, {@code mutual-perpetual-check},
 *                   {@code perpetual-chase}, {@code mutual-perpetual-chase}, {@code check-breaks-chase}
 *                   (computer: a check in a cycle of chases makes it a draw), {@code no-violation},
 *                   {@code repetition-draws} (rule set none), {@code move-limit}, {@code position}
 *                   (mate, stalemate: the last position alone)
 * @param cycleStart the ply of the first occurrence of the repeated position (-1 when no repetition)
 * @param cycleEnd   the ply of its last occurrence, the position ruled on (-1 when no repetition)
 * @param cycle      the moves from {@code cycleStart} to {@code cycleEnd}, in order (empty when no repetition)
 */
public record Ruling(Outcome outcome, String ruleSet, String rule, int cycleStart, int cycleEnd, List<Step> cycle) {

    /** What one move of a repeated cycle was. */
    public enum Kind { CHECK, CHASE, IDLE }

    /**
     * One move of the cycle.
     *
     * @param ply    the ply the move led to (the line's index of the position after it)
     * @param mover  who played it
     * @param from   where the piece came from
     * @param to     where it went
     * @param kind   check, chase or idle
     * @param chased the points of the pieces the move newly chased, on the board after it (empty unless a chase;
     *               a check may chase too)
     * @param held   whether this move's chase continues the one its side keeps up over the whole cycle (the
     *               pieces in {@code chased} that every chasing move of its side chased)
     */
    public record Step(int ply, Side mover, Square from, Square to, Kind kind, List<Square> chased, List<Square> held) {
        public Step {
            Objects.requireNonNull(kind, "kind");
            chased = List.copyOf(chased);
            held = List.copyOf(held);
        }
    }

    public Ruling {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(ruleSet, "ruleSet");
        Objects.requireNonNull(rule, "rule");
        cycle = List.copyOf(cycle);
    }

    /** A ruling without a cycle (the last position alone, a move limit, a game without repetition rules). */
    public static Ruling of(Outcome outcome, String ruleSet, String rule) {
        return new Ruling(outcome, ruleSet, rule, -1, -1, List.of());
    }

    /** Whether a repeated cycle was ruled on. */
    public boolean isRepetition() {
        return cycleStart >= 0;
    }
}

package org.kibitz.xiangqi;

import java.util.List;
import java.util.Optional;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Termination;
import org.kibitz.xiangqi.board.Repetition;

/**
 * The rulings on a game so far: the last position's own (checkmate, stalemate), then repetition with
 * perpetual check, then the natural-move limit.
 *
 * <ul>
 *   <li>Repetition: when the last position (pieces and side to move) has occurred {@value #OCCURRENCES}
 *       times, the moves from its first occurrence on are judged by {@link Repetition#judge}: the side
 *       that gave check with every one of its moves loses by perpetual check; both, or neither: a draw.
 *       The rule bits of each move come from a {@link RuleBits}; the default marks checks only. The AXF
 *       chase rulings plug in here by also marking {@link Repetition#CHASE}.</li>
 *   <li>Natural-move limit: {@value #MOVE_LIMIT_PLIES} plies (60 moves by each side) without a capture is a
 *       draw, as in the Chinese Xiangqi Association rules and the engines that follow them (Pikafish's
 *       rule60); the clock is the FEN's no-capture half-move counter.</li>
 * </ul>
 */
final class Adjudicator {

    /** How often the position must have occurred (this time included) for a repetition ruling. */
    static final int OCCURRENCES = 3;
    /** The natural-move limit, in plies without a capture. */
    static final int MOVE_LIMIT_PLIES = 120;

    /** The rule bits ({@link Repetition#CHECK}, {@link Repetition#CHASE}) of the move from one position to the next. */
    @FunctionalInterface
    interface RuleBits {
        int of(XiangqiPosition before, XiangqiPosition after);
    }

    /** Marks checks only; what this module knows without the chase rules. */
    static final RuleBits CHECKS = (before, after) -> after.inCheck() ? Repetition.CHECK : 0;

    private final RuleBits ruleBits;

    Adjudicator() {
        this(CHECKS);
    }

    Adjudicator(RuleBits ruleBits) {
        this.ruleBits = ruleBits;
    }

    Optional<Outcome> adjudicate(List<XiangqiPosition> line) {
        if (line.isEmpty()) {
            return Optional.empty();
        }
        int last = line.size() - 1;
        XiangqiPosition now = line.get(last);
        Optional<Outcome> own = now.outcome();
        if (own.isPresent()) {
            return own;
        }
        int seen = 1;
        int first = -1;
        for (int j = last - 2; j >= 0; j -= 2) {
            if (line.get(j).samePlacement(now) && ++seen == OCCURRENCES) {
                first = j;
                break;
            }
        }
        if (first >= 0) {
            byte[] bits = new byte[last + 1];
            for (int j = first + 1; j <= last; j++) {
                bits[j] = (byte) ruleBits.of(line.get(j - 1), line.get(j));
            }
            Side us = now.sideToMove();
            return Optional.of(switch (Repetition.judge(bits, first, last)) {
                case Repetition.WIN_PERPETUAL_CHECK -> Outcome.win(us, Termination.PERPETUAL_CHECK);
                case Repetition.LOSS_PERPETUAL_CHECK -> Outcome.win(us.opposite(), Termination.PERPETUAL_CHECK);
                case Repetition.WIN_PERPETUAL_CHASE -> Outcome.win(us, Termination.PERPETUAL_CHASE);
                case Repetition.LOSS_PERPETUAL_CHASE -> Outcome.win(us.opposite(), Termination.PERPETUAL_CHASE);
                default -> Outcome.draw(Termination.REPETITION);
            });
        }
        if (now.halfmoveClock() >= MOVE_LIMIT_PLIES) {
            return Optional.of(Outcome.draw(Termination.MOVE_LIMIT));
        }
        return Optional.empty();
    }
}

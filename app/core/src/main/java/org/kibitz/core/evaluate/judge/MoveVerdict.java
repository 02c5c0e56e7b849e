package org.kibitz.core.evaluate.judge;

import java.util.Objects;
import java.util.Optional;

/**
 * One move judged.
 *
 * @param winBefore  win% 0..100 of the position before the move (its best line), from the mover's view
 * @param winAfter   win% 0..100 of the position after the move, from the mover's view
 * @param winLoss    {@code max(0, winBefore - winAfter)}, in win% points
 * @param accuracy   the move's accuracy 0..100 ({@link Accuracy#ofMove})
 * @param judgement  the judgement ({@link Judgement#NONE} for an ordinary move)
 * @param mate       what the move did to a forced mate, when the model's mate rules apply and it did something
 */
public record MoveVerdict(double winBefore, double winAfter, double winLoss, double accuracy, Judgement judgement,
                          Optional<MateNote> mate) {

    public MoveVerdict {
        Objects.requireNonNull(judgement, "judgement");
        Objects.requireNonNull(mate, "mate");
    }
}

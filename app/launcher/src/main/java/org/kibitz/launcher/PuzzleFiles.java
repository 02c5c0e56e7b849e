package org.kibitz.launcher;

import java.io.IOException;
import org.kibitz.api.game.Games;
import org.kibitz.workbench.training.TrainingUi;

/** Puzzle files for the training pane, read by the core's puzzle reader (issue 40's puzzles command writes them). */
final class PuzzleFiles {

    private PuzzleFiles() {
    }

    static TrainingUi.PuzzleReader reader(Games games) {
        return file -> {
            throw new IOException("puzzle files cannot be read yet");
        };
    }
}

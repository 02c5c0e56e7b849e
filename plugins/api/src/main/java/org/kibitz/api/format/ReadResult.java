package org.kibitz.api.format;

import java.util.List;
import java.util.Optional;
import org.kibitz.api.tree.GameTree;

/**
 * One game read from a file.
 *
 * @param gameNumber the game's number in the file, from 1
 * @param game       the game, or as much of it as was good; empty when nothing could be kept
 *                   (a variant Kibitz does not play, say)
 * @param problems   what was wrong, in file order; empty for a clean game
 */
public record ReadResult(int gameNumber, Optional<GameTree> game, List<FormatProblem> problems) {

    public ReadResult {
        problems = List.copyOf(problems);
    }

    /** Whether the game was read with no error (warnings allowed). */
    public boolean clean() {
        return problems.stream().noneMatch(p -> p.severity() == FormatProblem.Severity.ERROR);
    }
}

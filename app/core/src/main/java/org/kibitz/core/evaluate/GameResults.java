package org.kibitz.core.evaluate;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.kibitz.core.GameFiles;

/**
 * Everything a batch found for one game, handed to the outputs in game order.
 *
 * @param ordinal  the game's place among all games of the input files, from 0
 * @param file     the input file
 * @param fileIndex the file's place in the command, from 0
 * @param entry    the game's list entry (header tags)
 * @param byEngine each engine's evaluation, in the command's order; empty when the game is broken
 * @param broken   why the game was skipped, when it was
 */
public record GameResults(int ordinal, Path file, int fileIndex, GameFiles.Entry entry, List<GameEvaluation> byEngine,
                          Optional<String> broken) {

    public GameResults {
        byEngine = List.copyOf(byEngine);
    }

    /** The first engine's evaluation, which the game's annotations follow. */
    public Optional<GameEvaluation> first() {
        return byEngine.isEmpty() ? Optional.empty() : Optional.of(byEngine.get(0));
    }
}

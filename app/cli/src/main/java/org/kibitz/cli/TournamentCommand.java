package org.kibitz.cli;

import jakarta.inject.Inject;
import org.kibitz.api.game.Games;
import org.kibitz.core.Formats;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.jobs.JobRunner;
import picocli.CommandLine.Command;

/**
 * {@code kibitz tournament}: the same runner and options as {@link MatchCommand}, under its own name so
 * that its {@code --help} says what a tournament is and how it is rated, rather than a match's usage.
 */
@Command(name = "tournament", resourceBundle = "org.kibitz.cli.match", sortOptions = false)
final class TournamentCommand extends MatchCommand {

    @Inject
    TournamentCommand(Games games, Formats formats, EngineRegistry registry, JobRunner runner, KibitzPaths paths) {
        super(games, formats, registry, runner, paths);
    }
}

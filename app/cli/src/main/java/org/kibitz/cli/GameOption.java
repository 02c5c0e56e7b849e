package org.kibitz.cli;

import java.util.Optional;
import java.util.stream.Collectors;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Position;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Finding the game and the position that {@code --game} and {@code --fen} name, with errors a user can act on. */
final class GameOption {

    private GameOption() {
    }

    /** The game by id or variant name; a usage error naming the games there are when none fits. */
    static GamePlugin game(Games games, String name, CommandSpec spec) {
        Optional<GamePlugin> g = games.byId(name).or(() -> games.byVariant(name));
        if (g.isEmpty()) {
            String known = games.all().stream().map(GamePlugin::id).collect(Collectors.joining(", "));
            throw new CommandLine.ParameterException(spec.commandLine(), Messages.get("game.unknown", name, known));
        }
        return g.get();
    }

    /**
     * The FEN's position, or the start position when there is none, under the rules of the variant
     * the user named ({@code --game chess960} reads castling the Chess960 way even for a standard-looking
     * FEN); a usage error saying what is wrong.
     */
    static Position position(GamePlugin game, String variant, String fen, CommandSpec spec) {
        if (fen == null) {
            return game.startPosition(variant);
        }
        try {
            return game.parseFen(fen, variant);
        } catch (FenException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), Messages.get("fen.invalid", e.text().render()));
        }
    }
}

package org.kibitz.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
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

    /**
     * The game that a command's {@code --fen} and {@code --moves} say, for when {@code --game} is
     * not given: the games whose FEN reads (when there is one) and in which every move is legal
     * from it. Of several, the first that {@code prefer} accepts (a book that knows the position,
     * say), else {@code fallback}'s game when it is among them, else the first. {@code h2e2} is a
     * xiangqi move and no chess move, so {@code tree deep --moves h2e2} needs no {@code --game}.
     * When no game fits, {@code fallback}'s game, so that its own errors name what is wrong.
     */
    static GamePlugin inferred(Games games, String fen, List<String> moves, Predicate<GamePlugin> prefer,
            String fallback, CommandSpec spec) {
        List<GamePlugin> fits = new ArrayList<>();
        for (GamePlugin g : games.all()) {
            if (fits(g, fen, moves)) {
                fits.add(g);
            }
        }
        if (fits.size() > 1) {
            for (GamePlugin g : fits) {
                if (prefer.test(g)) {
                    return g;
                }
            }
        }
        for (GamePlugin g : fits) {
            if (g.id().equals(fallback)) {
                return g;
            }
        }
        return fits.isEmpty() ? game(games, fallback, spec) : fits.get(0);
    }

    private static boolean fits(GamePlugin g, String fen, List<String> moves) {
        Position p;
        try {
            p = fen == null ? g.startPosition() : g.parseFen(fen);
        } catch (FenException | RuntimeException e) {
            return false;
        }
        for (String text : moves) {
            org.kibitz.api.game.Move m = TreeQueryCommand.parse(g, p, text);
            if (m == null) {
                return false;
            }
            p = p.play(m);
        }
        return true;
    }
}

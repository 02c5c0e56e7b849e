package org.kibitz.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kibitz.api.PluginKind;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.plugins.PluginDiscovery;
import org.kibitz.core.plugins.PluginSet;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code --moves} of {@code tree query} and {@code tree deep}: read one after the other, the first bad one refused. */
class TreeMovesTest {

    @Command(name = "moves")
    static final class Holder {
    }

    private static PluginSet plugins;
    private static GamePlugin chess;
    private static Locale saved;

    @BeforeAll
    static void plugins() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
        plugins = PluginDiscovery.discover(TreeMovesTest.class.getClassLoader(), Optional.empty());
        chess = Games.of(plugins.ofKind(PluginKind.GAME, GamePlugin.class)).byId("chess").orElseThrow();
    }

    @AfterAll
    static void close() {
        plugins.close();
        Locale.setDefault(saved);
    }

    @Test
    void coordinatesAndNotationMixFreely() {
        Position start = chess.startPosition();
        List<Move> line = TreeQueryCommand.moves(chess, start, List.of("e4", "e7e5", "Nf3"),
                new CommandLine(new Holder()).getCommandSpec());
        assertEquals(List.of("e2e4", "e7e5", "g1f3"),
                line.stream().map(m -> m.coordinates(chess.coordinateRankBase())).toList());
    }

    @Test
    void theFirstIllegalMoveIsNamedWithItsPosition() {
        Position start = chess.startPosition();
        Position afterE4 = start.play(TreeQueryCommand.parse(chess, start, "e4"));
        CommandLine cl = new CommandLine(new Holder());
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> TreeQueryCommand.moves(chess, start, List.of("e4", "e4", "zz"), cl.getCommandSpec()));
        assertEquals("not a legal move: e4 (in " + afterE4.fen() + ")", e.getMessage());
        assertEquals(cl, e.getCommandLine());
    }
}

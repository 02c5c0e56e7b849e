package org.kibitz.protocols.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/** The real game plugins (rules-chess, rules-xiangqi) as tests use them. */
public final class TestGames {

    private static final Games GAMES;

    static {
        List<GamePlugin> found = new ArrayList<>();
        ServiceLoader.load(GamePlugin.class).forEach(found::add);
        GAMES = Games.of(found);
    }

    private TestGames() {
    }

    public static Games games() {
        return GAMES;
    }

    public static GamePlugin chess() {
        return GAMES.byId("chess").orElseThrow();
    }

    public static GamePlugin xiangqi() {
        return GAMES.byId("xiangqi").orElseThrow();
    }

    public static Position fen(GamePlugin game, String fen) {
        try {
            return game.parseFen(fen);
        } catch (FenException e) {
            throw new AssertionError(e);
        }
    }

    /** Moves in the game's own coordinates ({@code e2e4}; {@code h2e2} for xiangqi), checked legal. */
    public static List<Move> moves(GamePlugin game, Position from, String... coordinates) {
        List<Move> out = new ArrayList<>();
        Position p = from;
        for (String c : coordinates) {
            Move m = Move.parseCoordinates(c, game.coordinateRankBase());
            if (!p.isLegal(m)) {
                throw new AssertionError(c + " is not legal in " + p.fen());
            }
            out.add(m);
            p = p.play(m);
        }
        return out;
    }
}

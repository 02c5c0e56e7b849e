package org.kibitz.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Position;
import org.kibitz.api.i18n.Text;

/** Reads a FEN typed or pasted by the user, for a chosen game or for whichever game reads it. */
public final class FenSetup {

    /** A FEN read: the game it belongs to and its position. */
    public record Setup(GamePlugin game, Position position) {
    }

    private FenSetup() {
    }

    /**
     * Reads {@code fen} as a position of {@code game}, or, when no game is given, of the game whose
     * board has as many ranks as the FEN (then of any game that reads it).
     *
     * @throws FenException with the reason of the most likely game when none reads it
     */
    public static Setup read(Games games, Optional<GamePlugin> game, String fen) throws FenException {
        String text = fen.strip();
        if (text.isEmpty()) {
            throw new FenException(fen, Text.of(FenSetup.class, "fen.empty"));
        }
        if (game.isPresent()) {
            return new Setup(game.get(), game.get().parseFen(text));
        }
        List<GamePlugin> candidates = new ArrayList<>(games.all());
        int ranks = ranksOf(text);
        candidates.sort(Comparator.comparing(g -> g.geometry().ranks() == ranks ? 0 : 1));
        FenException first = null;
        for (GamePlugin g : candidates) {
            try {
                return new Setup(g, g.parseFen(text));
            } catch (FenException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        throw first != null ? first : new FenException(fen, Text.of(FenSetup.class, "fen.noGame"));
    }

    /** The number of ranks the FEN's board field describes. */
    static int ranksOf(String fen) {
        int space = fen.indexOf(' ');
        String board = space < 0 ? fen : fen.substring(0, space);
        return (int) board.chars().filter(c -> c == '/').count() + 1;
    }
}

package org.kibitz.formats.pgn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;

/**
 * Tells which game a PGN game is: from its tags ({@code [Variant]}, {@code [Game "Chinese Chess"]}),
 * else its FEN's rank count, else what the user said ({@code --game}), else the shape of its first
 * move, with the other games to try after it; a variant no installed game plays is refused by name.
 */
final class GameDetector {

    /** The outcome: games to try in order, or the name of a variant nobody plays. */
    sealed interface Verdict {
        /**
         * @param decided whether the file said which game it is (only then are the others not tried)
         * @param variant the variant the file names, when the game answers to it ({@code chess960}...)
         */
        record Candidates(List<GamePlugin> games, boolean decided, Optional<String> variant) implements Verdict {
            Candidates(List<GamePlugin> games, boolean decided) {
                this(games, decided, Optional.empty());
            }
        }

        record Refused(String variant) implements Verdict {
        }
    }

    /**
     * Names files use for standard chess beyond those the chess rules answer to. Chess960 names are
     * not here on purpose: read as standard chess, their castling would go wrong.
     */
    private static final List<String> STANDARD_ALIASES = List.of("from position", "from pos", "normal", "standard chess");

    private final Games games;
    private final Optional<String> hint;

    GameDetector(Games games, Optional<String> hint) {
        this.games = games;
        this.hint = hint;
    }

    Verdict detect(PgnGameText text) {
        String variant = text.tag("Variant");
        if (variant != null && !variant.isBlank()) {
            Optional<GamePlugin> g = byName(variant);
            if (g.isEmpty()) {
                return new Verdict.Refused(variant.strip());
            }
            return new Verdict.Candidates(List.of(g.get()), true,
                    g.get().playsVariant(variant) ? Optional.of(variant.strip()) : Optional.empty());
        }
        String game = text.tag("Game");
        if (game != null && !game.isBlank()) {
            Optional<GamePlugin> g = byName(game);
            if (g.isEmpty()) {
                return new Verdict.Refused(game.strip());
            }
            return new Verdict.Candidates(List.of(g.get()), true);
        }
        String fen = text.tag("FEN");
        if (fen != null && !fen.isBlank()) {
            // Xiangqi boards have ten ranks, chess boards eight: the FEN says which without parsing.
            String board = fen.strip().split("\\s+")[0];
            long ranks = board.chars().filter(ch -> ch == '/').count() + 1;
            for (GamePlugin g : games.all()) {
                if (g.geometry().ranks() == ranks) {
                    return new Verdict.Candidates(List.of(g), true);
                }
            }
        }
        List<GamePlugin> order = new ArrayList<>();
        hint.flatMap(games::byId).ifPresent(order::add);
        if (!order.isEmpty()) {
            return new Verdict.Candidates(order, true);
        }
        String first = text.firstMove();
        Optional<GamePlugin> chess = games.byId("chess");
        Optional<GamePlugin> xiangqi = games.byId("xiangqi");
        if (first != null) {
            String t = PgnTokens.normalizeWidth(first);
            if (PgnTokens.isChineseMove(first) || PgnTokens.isWxf(t)
                    || (PgnTokens.isCoordinates(t) && xiangqiCoordinatesSoon(text))) {
                xiangqi.ifPresent(order::add);
            } else if (PgnTokens.isCoordinates(t)) {
                chess.ifPresent(order::add);
                xiangqi.ifPresent(order::add);
            }
        }
        chess.ifPresent(g -> {
            if (!order.contains(g)) {
                order.add(g);
            }
        });
        for (GamePlugin g : games.all()) {
            if (!order.contains(g)) {
                order.add(g);
            }
        }
        return new Verdict.Candidates(order, false);
    }

    /**
     * Whether one of the first moves, in coordinates, can only be xiangqi's (file i, rank 0 or 9).
     * Red's first move often fits a chess board too ({@code h2e2}); read as chess first, such a game
     * failed a few moves in and was read again from the start, a third of reading an ICCS file.
     */
    private static boolean xiangqiCoordinatesSoon(PgnGameText text) {
        for (String m : text.firstMoves(8)) {
            String t = PgnTokens.normalizeWidth(m);
            if (!PgnTokens.isCoordinates(t)) {
                return false;
            }
            if (PgnTokens.isXiangqiOnlyCoordinates(t)) {
                return true;
            }
        }
        return false;
    }

    /** The last name asked of byName and its answer: a file names the same game in every game's tags. */
    private record Named(String name, Optional<GamePlugin> game) {
    }

    private Named lastNamed;

    private Optional<GamePlugin> byName(String name) {
        Named last = lastNamed; // the reader's threads share this detector: a record is seen whole
        if (last != null && last.name.equals(name)) {
            return last.game;
        }
        Optional<GamePlugin> g = lookUp(name);
        lastNamed = new Named(name, g);
        return g;
    }

    private Optional<GamePlugin> lookUp(String name) {
        Optional<GamePlugin> g = games.byVariant(name);
        if (g.isPresent()) {
            return g;
        }
        String v = name.strip().toLowerCase(Locale.ROOT);
        if (STANDARD_ALIASES.contains(v)) {
            return games.byId("chess");
        }
        if (v.equals("chinese chess") || v.equals("xiangqi") || v.equals("象棋") || v.equals("中国象棋")) {
            return games.byId("xiangqi");
        }
        return Optional.empty();
    }
}

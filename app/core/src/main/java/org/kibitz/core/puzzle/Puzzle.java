package org.kibitz.core.puzzle;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Objects;

/**
 * A puzzle taken from a game, in the shape of lichess's puzzle database: the position before the
 * opponent's mistake, the mistake, then the line the solver must find with the opponent's best replies
 * between its moves.
 *
 * @param id              a deterministic id: {@link #idFor(String, List)} of the FEN and the moves
 * @param fen             the position BEFORE the opponent's mistake (full FEN of the game)
 * @param moves           the mistake, then the solution (solver, reply, solver, ...), in the game's
 *                        coordinates as engines speak them: UCI for chess ({@code e2e4}, {@code e7e8q}),
 *                        ICCS-like lower case for xiangqi ({@code h2e2})
 * @param rating          an estimate of the rating a solver needs (Glicko-like scale)
 * @param ratingDeviation how unsure that rating is
 * @param popularity      lichess's popularity (-100..100); 0 for a puzzle nobody played
 * @param nbPlays         how often it was played; 0 for a new puzzle
 * @param themes          lichess-style theme names ({@code mateIn2}, {@code winRook}, {@code endgame}...)
 * @param gameUrl         where the game comes from: a URL, or {@code file:game-number}
 * @param openingTags     opening names, lichess style ({@code Sicilian_Defense}), or ECO/ECCO codes; may be empty
 * @param game            the game plugin's id: {@code chess} or {@code xiangqi}
 * @param variant         the variant within the game ({@code chess960}), or empty for the standard game
 */
public record Puzzle(String id, String fen, List<String> moves, int rating, int ratingDeviation, int popularity,
                     int nbPlays, List<String> themes, String gameUrl, List<String> openingTags, String game,
                     String variant) {

    public Puzzle {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(fen, "fen");
        moves = List.copyOf(moves);
        themes = List.copyOf(themes);
        Objects.requireNonNull(gameUrl, "gameUrl");
        openingTags = List.copyOf(openingTags);
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(variant, "variant");
        if (moves.size() < 2) {
            throw new IllegalArgumentException("a puzzle has the mistake and at least one solving move: " + moves);
        }
    }

    /** A new puzzle (never played) with its id computed from {@code fen} and {@code moves}. */
    public static Puzzle of(String fen, List<String> moves, int rating, int ratingDeviation, List<String> themes,
                            String gameUrl, List<String> openingTags, String game, String variant) {
        return new Puzzle(idFor(fen, moves), fen, moves, rating, ratingDeviation, 0, 0, themes, gameUrl, openingTags,
                game, variant);
    }

    /** The opponent's mistake: the first move, played from {@link #fen()}. */
    public String mistake() {
        return moves.get(0);
    }

    /** The line after the mistake: the solver's moves at even indexes, the replies at odd ones. */
    public List<String> solution() {
        return moves.subList(1, moves.size());
    }

    /** How many moves the solver has to find. */
    public int solverMoves() {
        return (moves.size()) / 2;
    }

    /**
     * The id of a puzzle: eight letters and digits from a SHA-256 of the FEN and the moves, so the same
     * puzzle gets the same id in every run and on every machine.
     */
    public static String idFor(String fen, List<String> moves) {
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-256")
                    .digest((fen.strip() + "|" + String.join(" ", moves)).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java", e);
        }
        String alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        long v = 0;
        for (int i = 0; i < 7; i++) {
            v = (v << 8) | (digest[i] & 0xff);
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            s.append(alphabet.charAt((int) (v % 62)));
            v /= 62;
        }
        return s.toString();
    }

    /**
     * The game a FEN belongs to by the shape of its board: ten ranks are xiangqi, eight are chess (a
     * lichess CSV names no game).
     */
    public static String gameOfFen(String fen) {
        String board = fen.strip().split("\\s+", 2)[0];
        long ranks = board.chars().filter(c -> c == '/').count() + 1;
        return ranks == 10 ? "xiangqi" : "chess";
    }
}

package org.kibitz.api.game;

import java.util.Optional;

/** A game's result as PGN writes it. */
public enum GameResult {
    WHITE_WINS("1-0"),
    BLACK_WINS("0-1"),
    DRAW("1/2-1/2"),
    UNDECIDED("*");

    private final String pgn;

    GameResult(String pgn) {
        this.pgn = pgn;
    }

    /** The PGN token: {@code 1-0}, {@code 0-1}, {@code 1/2-1/2} or {@code *}. */
    public String pgn() {
        return pgn;
    }

    /** The winner, if any. */
    public Optional<Side> winner() {
        return switch (this) {
            case WHITE_WINS -> Optional.of(Side.WHITE);
            case BLACK_WINS -> Optional.of(Side.BLACK);
            default -> Optional.empty();
        };
    }

    /** The result in which {@code side} wins. */
    public static GameResult win(Side side) {
        return side == Side.WHITE ? WHITE_WINS : BLACK_WINS;
    }

    /** The result for a PGN token; also {@code 1/2} and {@code ½-½}. Empty when it is none. */
    public static Optional<GameResult> fromPgn(String token) {
        return switch (token.trim()) {
            case "1-0" -> Optional.of(WHITE_WINS);
            case "0-1" -> Optional.of(BLACK_WINS);
            case "1/2-1/2", "1/2", "½-½" -> Optional.of(DRAW);
            case "*" -> Optional.of(UNDECIDED);
            default -> Optional.empty();
        };
    }
}

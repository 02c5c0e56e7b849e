package org.kibitz.core.store;

import java.util.Objects;
import org.kibitz.api.game.Position;

/**
 * A position as the analysis store knows it: the game, the FEN without its move counters (the same
 * position reached at move 12 or at move 40 is the same position to an engine), and the position's
 * 64-bit hash. The FEN makes the key exact; the hash makes lookups fast.
 *
 * @param game the game's id ({@code chess}, {@code xiangqi})
 * @param fen  the FEN without the halfmove and fullmove counters
 * @param hash {@link Position#hash()}
 */
public record PositionKey(String game, String fen, long hash) {

    public PositionKey {
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(fen, "fen");
    }

    public static PositionKey of(Position p) {
        return new PositionKey(p.gameId(), normalFen(p.fen()), p.hash());
    }

    /**
     * The FEN without its trailing move counters: the last two fields when both are numbers (chess and
     * xiangqi FENs end in {@code halfmove fullmove}); a FEN without them is returned as it is.
     */
    public static String normalFen(String fen) {
        String[] f = fen.strip().split("\\s+");
        int n = f.length;
        while (n > 2 && n > f.length - 2 && isNumber(f[n - 1])) {
            n--;
        }
        return String.join(" ", java.util.Arrays.copyOf(f, n));
    }

    private static boolean isNumber(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}

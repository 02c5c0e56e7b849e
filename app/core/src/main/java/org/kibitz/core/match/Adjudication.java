package org.kibitz.core.match;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * When a match game is ended before the rules end it, as cutechess-cli's options say:
 * {@code --resign movecount=N score=S [twosided=true]} (a side whose engine scores itself S
 * centipawns or more behind for N moves in a row loses; with twosided, only if the other engine
 * agrees by as much), {@code --draw movenumber=M movecount=N score=S} (from move M on, both engines'
 * scores within S of zero for N moves each: a draw), {@code --maxmoves N} (a draw after N moves).
 */
public record Adjudication(Optional<Resign> resign, Optional<Draw> draw, OptionalInt maxMoves) {

    public static final Adjudication NONE = new Adjudication(Optional.empty(), Optional.empty(), OptionalInt.empty());

    public record Resign(int moveCount, int score, boolean twoSided) {
        public Resign {
            if (moveCount < 1 || score < 1) {
                throw new IllegalArgumentException("resign movecount and score must be 1 or more");
            }
        }

        /** From {@code movecount=}, {@code score=}, {@code twosided=}. */
        public static Resign parse(Map<String, String> s) {
            return new Resign(number(s, "movecount"), number(s, "score"),
                    Boolean.parseBoolean(s.getOrDefault("twosided", "false")));
        }
    }

    public record Draw(int moveNumber, int moveCount, int score) {
        public Draw {
            if (moveNumber < 0 || moveCount < 1 || score < 0) {
                throw new IllegalArgumentException("draw movenumber, movecount and score must be 0, 1 and 0 or more");
            }
        }

        /** From {@code movenumber=}, {@code movecount=}, {@code score=}. */
        public static Draw parse(Map<String, String> s) {
            return new Draw(number(s, "movenumber"), number(s, "movecount"), number(s, "score"));
        }
    }

    public Adjudication {
        maxMoves.ifPresent(n -> {
            if (n < 1) {
                throw new IllegalArgumentException("maxmoves must be 1 or more");
            }
        });
    }

    private static int number(Map<String, String> s, String key) {
        String v = s.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing " + key + "=");
        }
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number: " + v);
        }
    }
}

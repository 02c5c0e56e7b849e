package org.kibitz.core.opening;

import java.util.Objects;

/**
 * A game's opening by the standard classification of its game: ECO for chess, ECCO for xiangqi.
 *
 * @param system    {@link #ECO} or {@link #ECCO}: the tag a PGN writes the code under
 * @param code      {@code C20}, {@code B45}, ...
 * @param name      the opening's name (the PGN {@code Opening} tag): English for ECO (lichess's names),
 *                  Chinese for ECCO (the standard's)
 * @param variation the variation (the PGN {@code Variation} tag), {@code ""} when the code has none
 * @param plies     how many moves of the game the classification used: for ECO the ply of the deepest
 *                  position the table knows, for ECCO the plies the rules read (at most 20)
 */
public record Opening(String system, String code, String name, String variation, int plies) {

    public static final String ECO = "ECO";
    public static final String ECCO = "ECCO";

    public Opening {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(variation, "variation");
    }

    /** The name with its variation: {@code "Sicilian Defense: Najdorf Variation"}, {@code "中炮过河车对屏风马 红左马盘河"}. */
    public String fullName() {
        if (variation.isEmpty()) {
            return name;
        }
        return system.equals(ECO) ? name + ": " + variation : name + " " + variation;
    }

    /** {@code "C20 中炮过河车七路马对屏风马两头蛇"}: code and full name, as a list or a report shows it. */
    public String label() {
        String n = fullName();
        return n.isEmpty() ? code : code + " " + n;
    }

    /** The same opening found after {@code plies} moves. */
    Opening atPly(int plies) {
        return new Opening(system, code, name, variation, plies);
    }
}

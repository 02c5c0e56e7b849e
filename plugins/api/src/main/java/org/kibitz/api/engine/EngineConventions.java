package org.kibitz.api.engine;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How one engine writes what the protocol leaves open, detected or configured once per engine and
 * never guessed move by move. An empty field means "detect" in a configuration.
 *
 * @param rankBase      first rank's number in coordinates: 0 (UCCI, xboard, Pikafish) or 1 (Fairy-Stockfish
 *                      xiangqi in plain UCI; chess always 1)
 * @param pieceLetters  which letters the engine's FEN uses for xiangqi horse and elephant
 * @param redSideLetter the FEN side letter for Red/White: {@code w} or {@code r}
 * @param uciVariant    the {@code UCI_Variant} value to set, if the engine needs one
 * @param useMillisec   whether UCCI times are sent in milliseconds ({@code usemillisec})
 */
public record EngineConventions(OptionalInt rankBase, Optional<PieceLetters> pieceLetters,
                                Optional<Character> redSideLetter, Optional<String> uciVariant,
                                Optional<Boolean> useMillisec) {

    /** FEN letters for the xiangqi horse and elephant. */
    public enum PieceLetters {
        /** N and B, as our FEN and Pikafish write them. */
        NB,
        /** H and E, as XBoard and older UCCI engines write them. */
        HE
    }

    /** Everything to be detected. */
    public static final EngineConventions DETECT = new EngineConventions(OptionalInt.empty(), Optional.empty(),
            Optional.empty(), Optional.empty(), Optional.empty());

    public EngineConventions {
        Objects.requireNonNull(rankBase, "rankBase");
        Objects.requireNonNull(pieceLetters, "pieceLetters");
        Objects.requireNonNull(redSideLetter, "redSideLetter");
        Objects.requireNonNull(uciVariant, "uciVariant");
        Objects.requireNonNull(useMillisec, "useMillisec");
    }

    /** These conventions, with each empty field taken from {@code detected}. */
    public EngineConventions orElse(EngineConventions detected) {
        return new EngineConventions(
                rankBase.isPresent() ? rankBase : detected.rankBase,
                pieceLetters.or(() -> detected.pieceLetters),
                redSideLetter.or(() -> detected.redSideLetter),
                uciVariant.or(() -> detected.uciVariant),
                useMillisec.or(() -> detected.useMillisec));
    }

    public EngineConventions withRankBase(int base) {
        return new EngineConventions(OptionalInt.of(base), pieceLetters, redSideLetter, uciVariant, useMillisec);
    }
}

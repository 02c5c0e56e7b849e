package org.kibitz.protocols.session;

import java.util.Optional;
import java.util.OptionalInt;
import org.kibitz.api.engine.EngineConventions;
import org.kibitz.api.engine.EngineConventions.PieceLetters;

/**
 * Conventions with every field decided, for one game: what the codecs use.
 *
 * @param rankBase     first rank's number in the engine's coordinates
 * @param pieceLetters xiangqi horse and elephant letters in the engine's FEN
 * @param redSide      the side letter for White/Red in the engine's FEN
 * @param uciVariant   the {@code UCI_Variant} to set, if any
 * @param useMillisec  UCCI times in milliseconds
 */
public record Conventions(int rankBase, PieceLetters pieceLetters, char redSide, Optional<String> uciVariant,
                          boolean useMillisec) {

    /** The conventions of a game as our own rules write it. */
    public static Conventions standard(String gameId) {
        return new Conventions(GameIds.XIANGQI.equals(gameId) ? 0 : 1, PieceLetters.NB, 'w', Optional.empty(), false);
    }

    /**
     * Written out rather than the record's generated one, which goes through method handles: a batch
     * compares the session's conventions at every new game, before every position, and the generated
     * form was a tenth of its job thread.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Conventions c && rankBase == c.rankBase && redSide == c.redSide
                && useMillisec == c.useMillisec && pieceLetters == c.pieceLetters && java.util.Objects.equals(uciVariant, c.uciVariant);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(rankBase, pieceLetters, redSide, uciVariant, useMillisec);
    }

    /** The API form, every field present. */
    public EngineConventions toApi() {
        return new EngineConventions(OptionalInt.of(rankBase), Optional.of(pieceLetters), Optional.of(redSide),
                uciVariant, Optional.of(useMillisec));
    }

    /** {@code configured} where it says something, else these. */
    public Conventions overriddenBy(EngineConventions configured) {
        return new Conventions(configured.rankBase().orElse(rankBase),
                configured.pieceLetters().orElse(pieceLetters),
                configured.redSideLetter().orElse(redSide),
                configured.uciVariant().or(() -> uciVariant),
                configured.useMillisec().orElse(useMillisec));
    }

    public Conventions withRankBase(int base) {
        return new Conventions(base, pieceLetters, redSide, uciVariant, useMillisec);
    }

    public Conventions withUciVariant(Optional<String> variant) {
        return new Conventions(rankBase, pieceLetters, redSide, variant, useMillisec);
    }

    public Conventions withUseMillisec(boolean on) {
        return new Conventions(rankBase, pieceLetters, redSide, uciVariant, on);
    }
}

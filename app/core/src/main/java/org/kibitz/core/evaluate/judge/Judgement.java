package org.kibitz.core.evaluate.judge;

import java.util.Optional;
import org.kibitz.api.i18n.Text;

/**
 * What a move is judged to be, with its glyph and numeric annotation glyph (NAG) as PGN writes them.
 * {@link #NONE} is the ordinary move: no glyph, NAG 0 (never written). {@link #BOOK} is a move of the
 * opening database or book the evaluation was given: written {@code book}, no NAG, never ?!, ? or ??
 * (see docs/judgements.md).
 */
public enum Judgement {
    BRILLIANT("!!", 3),
    GOOD("!", 1),
    NONE("", 0),
    INACCURACY("?!", 6),
    MISTAKE("?", 2),
    BLUNDER("??", 4),
    BOOK("book", 0);

    private final String glyph;
    private final int nag;

    Judgement(String glyph, int nag) {
        this.glyph = glyph;
        this.nag = nag;
    }

    /** The glyph after the move: {@code ??}, {@code ?}, {@code ?!}, {@code !}, {@code !!}; empty for {@link #NONE}. */
    public String glyph() {
        return glyph;
    }

    /** The PGN NAG ({@code $4} for ??); 0 for {@link #NONE}. */
    public int nag() {
        return nag;
    }

    /** Whether this is one of ?!, ? and ??. */
    public boolean isError() {
        return this == INACCURACY || this == MISTAKE || this == BLUNDER;
    }

    /** The judgement a glyph stands for; the empty glyph is {@link #NONE}; any other text, none. */
    public static Optional<Judgement> ofGlyph(String glyph) {
        for (Judgement j : values()) {
            if (j.glyph.equals(glyph)) {
                return Optional.of(j);
            }
        }
        return Optional.empty();
    }

    /** Its name for people ("Blunder", "败着"). */
    public Text text() {
        return Text.of(Judgement.class, "judgement." + name().toLowerCase(java.util.Locale.ROOT));
    }
}

package org.kibitz.core.evaluate.judge;

import java.util.Locale;
import org.kibitz.api.i18n.Text;

/**
 * What a move did to a forced mate, under lichess's mate rules (lila {@code Advice.scala}: {@code MateCreated},
 * {@code MateLost}, {@code MateDelayed}); seen from the mover.
 */
public enum MateNote {
    /** The mover was not being mated and now is ("Checkmate is now unavoidable"). */
    MATE_CREATED,
    /** The mover had a forced mate and has none now ("Lost forced checkmate sequence"). */
    MATE_LOST,
    /** The mover still mates, but not sooner than before the move ("Not the best checkmate sequence"); no judgement. */
    MATE_DELAYED;

    /** The resource key of its text, e.g. {@code mate.created}. */
    public String key() {
        return "mate." + name().substring("MATE_".length()).toLowerCase(Locale.ROOT);
    }

    /** Its sentence for a move comment. */
    public Text text() {
        return Text.of(MateNote.class, key());
    }
}

package org.kibitz.workbench.files;

import org.kibitz.api.format.FormatProblem;
import org.kibitz.workbench.I18n;

/** A reader's problem as the user reads it: file, game, line or byte offset, then what is wrong, in the UI's language. */
final class Problems {

    private Problems() {
    }

    static String render(I18n i18n, FormatProblem p) {
        String key = p.location().unit() == FormatProblem.Location.Unit.LINE ? "problem.line" : "problem.offset";
        // Plain strings: MessageFormat would group the digits of line 1,234.
        return i18n.get(key, p.source(), String.valueOf(p.gameNumber()), String.valueOf(p.location().value()),
                i18n.render(p.message()));
    }
}

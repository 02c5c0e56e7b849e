package org.kibitz.core.evaluate.merge;

/**
 * The outputs of {@code kibitz evaluate} a merge joins, by the key a manifest names them with (in
 * {@code outputs}, {@code sha256} and each game's byte slice).
 */
public enum OutputKind {
    /** The annotated PGN ({@code --out}). */
    OUT("out"),
    /** One row per evaluated move ({@code --csv}); its header line starts every part. */
    CSV("csv"),
    /** One JSON object per evaluated move ({@code --jsonl}). */
    JSONL("jsonl");

    private final String key;

    OutputKind(String key) {
        this.key = key;
    }

    /** The manifest's key for this output, also its option without the dashes. */
    public String key() {
        return key;
    }
}

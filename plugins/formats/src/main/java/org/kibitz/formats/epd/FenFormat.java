package org.kibitz.formats.epd;

/** A list of positions, one FEN per line, for chess and xiangqi. */
public final class FenFormat extends PositionListFormat {

    public FenFormat() {
        super("fen", false);
    }
}

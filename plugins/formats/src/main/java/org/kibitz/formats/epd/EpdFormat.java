package org.kibitz.formats.epd;

/** EPD: positions with their operations ({@code bm}, {@code id}, {@code D1}...), one per line, for chess and xiangqi. */
public final class EpdFormat extends PositionListFormat {

    public EpdFormat() {
        super("epd", true);
    }
}

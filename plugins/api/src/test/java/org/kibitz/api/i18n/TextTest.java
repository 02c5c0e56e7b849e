package org.kibitz.api.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.kibitz.api.i18n.fixture.Anchor;

class TextTest {

    @Test
    void aTextArgumentIsShownInTheSameLanguage() {
        Text t = Text.of(Anchor.class, "outer", "e4", Text.of(Anchor.class, "inner"));
        assertEquals("expected e4: no such move", t.render(Locale.ROOT));
        assertEquals("应为 e4：没有这样的着法", t.render(Locale.SIMPLIFIED_CHINESE));
    }

    /** One bad FEN line of 10 MB once gave 10 MB of stderr: what a message quotes is cut to a readable length. */
    @Test
    void aLongQuoteIsCutWithItsLength() {
        String line = "x".repeat(200_000);
        Text t = Text.of(Anchor.class, "outer", line, Text.of(Anchor.class, "inner"));
        String en = t.render(Locale.ROOT);
        assertTrue(en.length() < 200, en);
        assertEquals("expected " + "x".repeat(100) + "… (200,000 characters): no such move", en);
        assertTrue(t.render(Locale.SIMPLIFIED_CHINESE).contains("…（共 200,000 个字符）"), t.render(Locale.SIMPLIFIED_CHINESE));
        String shortQuote = "y".repeat(Text.MAX_QUOTE);
        assertEquals("expected " + shortQuote + ": no such move",
                Text.of(Anchor.class, "outer", shortQuote, Text.of(Anchor.class, "inner")).render(Locale.ROOT), "a quote up to the limit stays whole");
    }

    @Test
    void aBlockOfLinesKeepsItsLinesEachCut() {
        String block = "    uciok\n    " + "z".repeat(1000) + "\n    readyok";
        Text t = Text.of(Anchor.class, "outer", block, Text.of(Anchor.class, "inner"));
        String en = t.render(Locale.ROOT);
        assertTrue(en.contains("    uciok\n    " + "z".repeat(196) + " …\n    readyok"), en);
    }
}

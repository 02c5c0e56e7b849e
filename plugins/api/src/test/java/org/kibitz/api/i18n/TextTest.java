package org.kibitz.api.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class TextTest {

    @Test
    void aTextArgumentIsShownInTheSameLanguage() {
        Text t = Text.of(TextTest.class, "outer", "e4", Text.of(TextTest.class, "inner"));
        assertEquals("expected e4: no such move", t.render(Locale.ROOT));
        assertEquals("应为 e4：没有这样的着法", t.render(Locale.SIMPLIFIED_CHINESE));
    }
}

package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The window's text face: one with Chinese glyphs when the machine has one, whatever it is called there. */
class UiFontTest {

    @Test
    void theFirstInstalledFaceWithChineseIsChosen() {
        assertEquals("WenQuanYi Zen Hei", UiFont.choose(Set.of("DejaVu Sans", "WenQuanYi Zen Hei", "Droid Sans Fallback"), "System"));
        assertEquals("Noto Sans CJK SC", UiFont.choose(Set.of("Noto Sans CJK JP", "Noto Sans CJK SC"), "System"));
        assertEquals("Microsoft YaHei", UiFont.choose(Set.of("Segoe UI", "Microsoft YaHei"), "System"));
        assertEquals("System", UiFont.choose(Set.of("DejaVu Sans"), "System"), "none installed: JavaFX's default");
    }

    @Test
    void theRootStyleNamesOneFamily() {
        String style = UiFont.rootStyle();
        assertTrue(style.startsWith("-fx-font-family: \"") && style.endsWith("\";"), style);
        assertEquals(1, style.chars().filter(c -> c == ',').count() + 1, "JavaFX reads one family only: " + style);
    }
}

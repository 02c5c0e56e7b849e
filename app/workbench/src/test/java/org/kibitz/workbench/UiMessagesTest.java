package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The UI's strings: both languages have every key, and every pattern formats. */
class UiMessagesTest {

    private static Properties load(String name) throws Exception {
        Properties p = new Properties();
        try (InputStream in = UiMessagesTest.class.getResourceAsStream("/org/kibitz/workbench/" + name)) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    @Test
    void everyKeyHasBothLanguagesAndEveryPatternFormats() throws Exception {
        Properties en = load("messages.properties");
        Properties zh = load("messages_zh_CN.properties");
        Set<String> onlyEn = new TreeSet<>(en.stringPropertyNames());
        onlyEn.removeAll(zh.stringPropertyNames());
        Set<String> onlyZh = new TreeSet<>(zh.stringPropertyNames());
        onlyZh.removeAll(en.stringPropertyNames());
        assertEquals(Set.of(), onlyEn, "keys without Chinese");
        assertEquals(Set.of(), onlyZh, "keys without English");
        for (String key : en.stringPropertyNames()) {
            for (Properties p : new Properties[] {en, zh}) {
                // Throws on a broken pattern (an unbalanced brace, a bad choice format).
                new MessageFormat(p.getProperty(key), Locale.ROOT).format(new Object[] {"x", 2, 3, 4, 5});
            }
        }
    }

    @Test
    void countsReadAsEnglish() {
        I18n i18n = new I18n(Locale.ENGLISH);
        assertEquals("a.pgn: 1 game", i18n.get("games.title", "a.pgn", 1));
        assertEquals("a.pgn: 1,125 games", i18n.get("games.title", "a.pgn", 1125));
        assertEquals("Opened a.pgn: 3 games, 1 problem", i18n.get("file.opened", "a.pgn", 3, 1, 0));
        assertEquals("Opened a.pgn: 3 games, no problems, 2 unreadable", i18n.get("file.opened", "a.pgn", 3, 0, 2));
        I18n zh = new I18n(Locale.SIMPLIFIED_CHINESE);
        assertNotEquals(i18n.get("file.opened", "a.pgn", 3, 1, 0), zh.get("file.opened", "a.pgn", 3, 1, 0));
    }
}

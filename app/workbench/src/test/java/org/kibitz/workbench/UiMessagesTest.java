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
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    static java.util.List<String> bundles() {
        return BUNDLES;
    }

    /** Every bundle the UI reads (I18n's list): the shell's and one per feature area. */
    static final java.util.List<String> BUNDLES = java.util.List.of("messages", "engines", "jobs", "evaluate", "compare", "views",
            "board", "editor", "enginedefaults", "training");

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("bundles")
    void everyKeyHasBothLanguagesAndEveryPatternFormats(String bundle) throws Exception {
        Properties en = load(bundle + ".properties");
        Properties zh = load(bundle + "_zh_CN.properties");
        Set<String> onlyEn = new TreeSet<>(en.stringPropertyNames());
        onlyEn.removeAll(zh.stringPropertyNames());
        Set<String> onlyZh = new TreeSet<>(zh.stringPropertyNames());
        onlyZh.removeAll(en.stringPropertyNames());
        assertEquals(Set.of(), onlyEn, bundle + ": keys without Chinese");
        assertEquals(Set.of(), onlyZh, bundle + ": keys without English");
        for (String key : en.stringPropertyNames()) {
            for (Properties p : new Properties[] {en, zh}) {
                // Throws on a broken pattern (an unbalanced brace, a bad choice format).
                MessageFormat f = new MessageFormat(p.getProperty(key), Locale.ROOT);
                java.text.Format[] kinds = f.getFormatsByArgumentIndex();
                Object[] args = new Object[kinds.length];
                for (int i = 0; i < kinds.length; i++) {
                    // A number where the pattern formats one (number, choice), else text.
                    args[i] = kinds[i] instanceof java.text.NumberFormat || kinds[i] instanceof java.text.ChoiceFormat ? (Object) (i + 1)
                            : "x";
                }
                f.format(args); // throws on an argument the pattern cannot take
            }
        }
    }

    @Test
    void theListedBundlesAreTheOnesTheUiReads() throws Exception {
        java.lang.reflect.Field f = I18n.class.getDeclaredField("BUNDLES");
        f.setAccessible(true);
        assertEquals(BUNDLES.stream().map(b -> "org.kibitz.workbench." + b).toList(), f.get(null));
    }

    @Test
    void aComparisonsFiguresReadAsEnglish() {
        I18n i18n = new I18n(Locale.ENGLISH);
        String one = i18n.get("compare.figures", "A", "B", 1, 59, "50.0%", "80.0%", "2.6", "5.1", "0.98", 0);
        assertTrue(one.startsWith("A vs B: 1 game, 59 positions"), one);
        assertTrue(one.contains("A's move in B's top 3 80.0%"), one);
        assertTrue(i18n.get("compare.figures", "A", "B", 12, 1234, "", "", "", "", "", 3).startsWith("A vs B: 12 games, 1,234 positions"));
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

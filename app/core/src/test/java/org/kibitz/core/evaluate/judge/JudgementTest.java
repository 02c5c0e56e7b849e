package org.kibitz.core.evaluate.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Glyphs, NAGs and the names of judgements and mate notes in both languages. */
class JudgementTest {

    @ParameterizedTest
    @CsvSource(value = {"!!, 3, BRILLIANT, 妙着, Brilliant move", "!, 1, GOOD, 好着, Good move", "?!, 6, INACCURACY, 缓着, Inaccuracy",
            "?, 2, MISTAKE, 错着, Mistake", "??, 4, BLUNDER, 败着, Blunder"})
    void eachJudgementHasItsGlyphNagAndNames(String glyph, int nag, Judgement j, String chinese, String english) {
        assertEquals(glyph, j.glyph());
        assertEquals(nag, j.nag());
        assertEquals(Optional.of(j), Judgement.ofGlyph(glyph));
        assertEquals(chinese, j.text().render(Locale.SIMPLIFIED_CHINESE));
        assertEquals(english, j.text().render(Locale.ROOT));
    }

    @Test
    void noneIsTheEmptyGlyphAndOtherGlyphsAreNoJudgement() {
        assertEquals(Optional.of(Judgement.NONE), Judgement.ofGlyph(""));
        assertEquals(0, Judgement.NONE.nag());
        assertEquals(Optional.empty(), Judgement.ofGlyph("!?"));
        assertEquals(Optional.empty(), Judgement.ofGlyph("$4"));
    }

    @Test
    void mateNotesHaveLichessSentences() {
        assertEquals("Checkmate is now unavoidable", MateNote.MATE_CREATED.text().render(Locale.ROOT));
        assertEquals("Lost forced checkmate sequence", MateNote.MATE_LOST.text().render(Locale.ROOT));
        assertEquals("Not the best checkmate sequence", MateNote.MATE_DELAYED.text().render(Locale.ROOT));
        assertEquals("错失了连杀", MateNote.MATE_LOST.text().render(Locale.SIMPLIFIED_CHINESE));
        assertEquals("mate.delayed", MateNote.MATE_DELAYED.key());
    }

    @Test
    void bothLanguagesHaveTheSameKeys() throws Exception {
        Properties english = load("messages.properties");
        Properties chinese = load("messages_zh_CN.properties");
        assertFalse(english.isEmpty());
        assertEquals(english.keySet(), chinese.keySet());
        for (Judgement j : Judgement.values()) {
            assertNotNull(english.getProperty("judgement." + j.name().toLowerCase(Locale.ROOT)), j.name());
        }
        for (MateNote n : MateNote.values()) {
            assertNotNull(english.getProperty(n.key()), n.name());
        }
    }

    private static Properties load(String name) throws Exception {
        Properties p = new Properties();
        try (InputStream in = JudgementTest.class.getResourceAsStream(name)) {
            assertNotNull(in, name);
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }
}

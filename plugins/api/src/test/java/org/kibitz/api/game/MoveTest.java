package org.kibitz.api.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MoveTest {

    @ParameterizedTest
    @CsvSource({
            "e2e4, 1, 4, 1, 4, 3, '', e2e4",
            "e7e8q, 1, 4, 6, 4, 7, Q, e7e8q",
            "h2e2, 0, 7, 2, 4, 2, '', h2e2",
            "H2-E2, 0, 7, 2, 4, 2, '', h2e2",
            "h10h9, 1, 7, 9, 7, 8, '', h10h9",
            "a0a9, 0, 0, 0, 0, 9, '', a0a9",
    })
    void parsesAndWritesCoordinates(String text, int base, int ff, int fr, int tf, int tr, String promo, String written) {
        Move m = Move.parseCoordinates(text, base);
        assertEquals(Square.of(ff, fr), m.from());
        assertEquals(Square.of(tf, tr), m.to());
        assertEquals(promo.isEmpty() ? Move.NO_PROMOTION : promo.charAt(0), m.promotion());
        assertEquals(written, m.coordinates(base));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "e2", "e2e", "22e4", "e2e4qq", "e0e1", "e2-", "炮二平五", "e2e4+"})
    void rejectsWhatIsNotCoordinates(String text) {
        assertThrows(IllegalArgumentException.class, () -> Move.parseCoordinates(text, 1));
    }

    @Test
    void theNullMoveIsWrittenAsEnginesWriteIt() {
        assertTrue(Move.NULL.isNull());
        assertFalse(Move.parseCoordinates("e2e4", 1).isNull());
        assertEquals("0000", Move.NULL.coordinates(1));
    }
}

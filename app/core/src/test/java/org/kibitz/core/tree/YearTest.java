package org.kibitz.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The year the opening tree files a game under, for each way of writing a date found in the
 * repository's real collections (the shapes counted over every {@code Date} tag of the chess and
 * xiangqi files, plus the six-digit dates that made the tree show "909-9905").
 */
class YearTest {

    @ParameterizedTest(name = "[{index}] \"{0}\" -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "1921.??.??|1921",
        "1921.3.15|1921",
        "19860502|1986",
        "1999-05-16 14:3|1999",
        "1986/5/2 |1986",
        "2/5/1986|1986",
        "12-11-1997|1997",
        "990516|1999",
        "198652|1986",
        "97-11-19|1997",
        "'96-12-18  '|1996",
        "'91-1-4    '|1991",
        "'05-1-3'|2005",
        "'19-11-97'|1997",
        "????.??.??|0",
        "'          '|0",
        "''|0",
        "1-2|0",
        "9905|0",
    })
    void readsTheYearOfEveryDateShapeInTheCollections(String date, int year) {
        assertEquals(year, TreeImporter.year(date));
    }

    @org.junit.jupiter.api.Test
    void noDateHasNoYear() {
        assertEquals(0, TreeImporter.year(null));
    }
}

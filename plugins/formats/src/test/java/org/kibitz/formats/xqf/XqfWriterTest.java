package org.kibitz.formats.xqf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.Fixtures;
import org.kibitz.formats.TestFiles;

class XqfWriterTest {

    @ParameterizedTest
    @ValueSource(strings = {"eleeye-SAMPLE.XQF", "eleeye-XQFEXAMA.XQF", "cchess-test1.xqf", "cchess-ucci_test1.xqf",
            "cchess-game_varations.xqf", "cchess-test_5_variations.xqf", "cchess-UnitTest.xqf", "cchess-BadMoveTest1.xqf",
            "cchess-BadMoveTest2.xqf", "cchess-EmptyTest.xqf", "cchess-NoMove.xqf", "cchess-test2.xqf"})
    void xqfToXqfKeepsEverything(String name) {
        GameTree original = Fixtures.readClean("xqf", TestFiles.resource("xqf/" + name), name);
        byte[] written = Fixtures.write("xqf", List.of(original), Optional.empty());
        GameTree again = Fixtures.readClean("xqf", written, "again.xqf");
        assertEquals(Fixtures.dump(original), Fixtures.dump(again));
        // XQStudio's checks: the magic, version 18, and key bytes 12..15 summing to 0 mod 256.
        assertEquals('X', written[0]);
        assertEquals('Q', written[1]);
        assertEquals(18, written[2]);
        assertEquals(0, (written[12] + written[13] + written[14] + written[15]) & 0xFF);
    }

    @Test
    void xqfToXqfToPgnKeepsMovesCommentsAndVariations() {
        GameTree original = Fixtures.readClean("xqf", TestFiles.resource("xqf/cchess-UnitTest.xqf"), "u.xqf");
        GameTree viaXqf = Fixtures.readClean("xqf", Fixtures.write("xqf", List.of(original), Optional.empty()), "u2.xqf");
        byte[] pgn = Fixtures.write("pgn", List.of(viaXqf), Optional.empty());
        GameTree fromPgn = Fixtures.readClean("pgn", pgn, "u.pgn");
        assertEquals(Fixtures.dump(original), Fixtures.dump(fromPgn));
    }

    /**
     * A real GBK PGN of the computer championship through XQF and back to PGN: every tag XQF has a
     * field for comes back as it was, and the ones it has none for (Round, ECCO, Opening,
     * Variation, the teams) are the ones the format says it does not keep.
     */
    @Test
    void pgnToXqfToPgnKeepsTheTagsXqfHasFieldsForAndNamesTheOthers() throws IOException {
        java.nio.file.Path file;
        try (var files = java.nio.file.Files.list(TestFiles.shared("xiangqi/pgn"))) {
            file = files.filter(f -> f.getFileName().toString().startsWith("ccgc-01.")).findFirst().orElseThrow();
        }
        GameTree original = Fixtures.readClean("pgn", java.nio.file.Files.readAllBytes(file), file.getFileName().toString());
        original.tags().put("RedTeam", "台湾");
        original.tags().put("BlackTeam", "北京");
        original.tags().put("Annotator", "某人");
        GameTree viaXqf = Fixtures.readClean("xqf", Fixtures.write("xqf", List.of(original), Optional.empty()), "c.xqf");
        GameTree back = Fixtures.readClean("pgn", Fixtures.write("pgn", List.of(viaXqf), Optional.empty()), "c.pgn");
        for (String tag : List.of("Event", "Site", "Date", "Red", "Black", "Result", "Annotator")) {
            assertEquals(original.tags().get(tag), back.tags().get(tag), tag);
        }
        assertEquals(Fixtures.mainline(original, "iccs"), Fixtures.mainline(back, "iccs"));
        assertEquals(java.util.Set.of("Round", "RedTeam", "BlackTeam", "ECCO", "Opening", "Variation"),
                java.util.Set.copyOf(Fixtures.format("xqf").tagsNotKept(original)));
        for (String lost : Fixtures.format("xqf").tagsNotKept(original)) {
            assertEquals(Optional.empty(), back.tags().get(lost), lost + " is named as not kept, and is not");
        }
        assertEquals(List.of(), Fixtures.format("pgn").tagsNotKept(original), "PGN keeps every tag");
    }

    @Test
    void aValueLongerThanItsFieldIsNamedAsNotKept() {
        GameTree g = new GameTree(Fixtures.GAMES.byId("xiangqi").orElseThrow().startPosition());
        g.tags().put("Red", "许银川");
        g.tags().put("Black", "中国象棋协会第一届全国象棋大师");
        assertEquals(List.of("Black"), Fixtures.format("xqf").tagsNotKept(g), "16 bytes hold 7 Chinese characters");
    }

    @Test
    void aChessGameIsRefused() throws IOException {
        GameTree chess = new GameTree(Fixtures.GAMES.byId("chess").orElseThrow().startPosition());
        try (GameWriter w = Fixtures.format("xqf").writer(new ByteArrayOutputStream(), WriteContext.of(Fixtures.GAMES))) {
            assertThrows(IOException.class, () -> w.write(chess));
        }
    }
}

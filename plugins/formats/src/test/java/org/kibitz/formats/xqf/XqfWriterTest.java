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

    @Test
    void aChessGameIsRefused() throws IOException {
        GameTree chess = new GameTree(Fixtures.GAMES.byId("chess").orElseThrow().startPosition());
        try (GameWriter w = Fixtures.format("xqf").writer(new ByteArrayOutputStream(), WriteContext.of(Fixtures.GAMES))) {
            assertThrows(IOException.class, () -> w.write(chess));
        }
    }
}

package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.CliHarness.Run;

/** {@code kibitz check}: the reading path alone, on real files, with every core it may use. */
class CliCheckTest {

    private static final Path SHARED = Path.of(System.getProperty("kibitz.testdata"));
    private static final Path CAPABLANCA = SHARED.resolve("chess/pgn/Capablanca.pgn");

    private static CliHarness cli;

    @TempDir
    Path dir;

    @BeforeAll
    static void wire(@TempDir Path home) {
        cli = CliHarness.open(home);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    @Test
    void aCleanCollectionIsCountedAndWritesNothing() throws IOException {
        Path copy = Files.copy(CAPABLANCA, dir.resolve("cap.pgn"));
        Run r = cli.run("check", copy.toString());
        assertEquals(0, r.exit(), r.err());
        // The same counts convert gives for this file (ConvertCommandTest, bench/convert-vs-pgn-extract.sh).
        assertEquals("games 597 plies 46577 errors 0", r.last());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(copy), files.toList(), "nothing written beside the input");
        }
    }

    @Test
    void aBrokenGameIsReportedWithItsPlaceAndTheOthersStillCount() throws IOException {
        // Game 3's first move made illegal: that game keeps the moves before it, the rest read.
        String text = Files.readString(CAPABLANCA, StandardCharsets.ISO_8859_1);
        int third = nthGame(text, 3);
        int moves = text.indexOf("\n1.", third) + 1;
        String broken = text.substring(0, moves) + "1.Ke5" + text.substring(moves + 2);
        Path f = dir.resolve("broken.pgn");
        Files.writeString(f, broken, StandardCharsets.ISO_8859_1);
        Run r = cli.run("check", f.toString(), xiangqi().toString());
        assertEquals(1, r.exit(), r.err());
        long line = broken.substring(0, moves).lines().count() + 1;
        assertTrue(r.err().contains(f + ":game 3:line " + line + ":"), r.err());
        String[] last = r.last().split(" ");
        assertEquals("games", last[0]);
        assertEquals(597 + 1125, Integer.parseInt(last[1]), "every game of both files read, the broken one in part");
        assertEquals("1", last[5], r.last());
    }

    @Test
    void aMissingFileIsAnIoErrorAndTheOthersAreStillChecked() {
        Run r = cli.run("check", dir.resolve("none.pgn").toString(), CAPABLANCA.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("none.pgn"), r.err());
        assertEquals("games 597 plies 46577 errors 0", r.last());
    }

    private static Path xiangqi() {
        return SHARED.resolve("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
    }

    private static int nthGame(String text, int n) {
        int at = -1;
        for (int i = 0; i < n; i++) {
            at = text.indexOf("[Event ", at + 1);
        }
        return at;
    }
}

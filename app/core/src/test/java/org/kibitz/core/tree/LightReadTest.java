package org.kibitz.core.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.core.Formats;
import org.kibitz.core.TestGames;
import org.kibitz.formats.pgn.PgnImportCuts;

/**
 * The import's light path (decision 0038) against the full reader, game by game on the real files:
 * the same games in the same order, with the same problems, the same (position, move, rating)
 * triples, identity, tags and result, for every PGN file of {@code testdata/} and for files with
 * broken games planted in them.
 */
class LightReadTest {

    private static final Formats FORMATS = TestGames.formats();

    /** Games with errors and games with warnings the last {@link #compare} saw. */
    private static int errors;
    private static int warned;

    /** Both paths over {@code bytes}; how many games took the light one. */
    private static long compare(String name, byte[] bytes, Optional<String> hint, int maxPly) throws IOException {
        List<ImportGame> full = new ArrayList<>();
        ImportGame.Maker fullMaker = new ImportGame.Maker(maxPly, true);
        try (GameReader reader = FORMATS.forName(name).orElseThrow().reader(new ByteArrayInputStream(bytes),
                new ReadContext(name, TestGames.GAMES, hint, Optional.empty()))) {
            for (ReadResult r; (r = reader.next()) != null; ) {
                full.add(fullMaker.make(r));
            }
        }
        List<ImportGame> light = new ArrayList<>();
        ImportGame.Maker lightMaker = new ImportGame.Maker(maxPly, true);
        try (PgnImportCuts cuts = new PgnImportCuts(new ByteArrayInputStream(bytes),
                new ReadContext(name, TestGames.GAMES, hint, Optional.empty()))) {
            for (PgnImportCuts.Cut c; (c = cuts.next()) != null; ) {
                light.add(lightMaker.make(c));
            }
        }
        assertEquals(full.size(), light.size(), name + ": games");
        errors = (int) full.stream().filter(ImportGame::errors).count();
        warned = (int) full.stream().filter(g -> !g.errors() && !g.problems().isEmpty()).count();
        for (int i = 0; i < full.size(); i++) {
            assertSameGame(name, full.get(i), light.get(i));
        }
        return lightMaker.light;
    }

    private static void assertSameGame(String name, ImportGame want, ImportGame got) {
        String at = name + " game " + want.gameNumber();
        assertEquals(want.gameNumber(), got.gameNumber(), at);
        assertEquals(rendered(want.problems()), rendered(got.problems()), at + ": problems");
        assertEquals(want.errors(), got.errors(), at + ": errors");
        assertEquals(want.gameId(), got.gameId(), at + ": game");
        assertEquals(want.identity(), got.identity(), at + ": identity");
        assertEquals(want.white(), got.white(), at + ": white");
        assertEquals(want.black(), got.black(), at + ": black");
        assertEquals(want.event(), got.event(), at + ": event");
        assertEquals(want.year(), got.year(), at + ": year");
        assertEquals(want.whiteElo(), got.whiteElo(), at + ": white elo");
        assertEquals(want.blackElo(), got.blackElo(), at + ": black elo");
        assertEquals(want.result(), got.result(), at + ": result");
        assertEquals(want.pairs(), got.pairs(), at + ": pairs");
        if (want.hashes() != null) {
            assertArrayEquals(Arrays.copyOf(want.hashes(), want.pairs()), Arrays.copyOf(got.hashes(), got.pairs()), at + ": positions");
            assertArrayEquals(Arrays.copyOf(want.moves(), want.pairs()), Arrays.copyOf(got.moves(), got.pairs()), at + ": moves");
            assertArrayEquals(Arrays.copyOf(want.ratings(), want.pairs()), Arrays.copyOf(got.ratings(), got.pairs()), at + ": ratings");
        }
        assertEquals(want.endHash(), got.endHash(), at + ": end position");
    }

    private static List<String> rendered(List<FormatProblem> problems) {
        return problems.stream().map(p -> p.severity() + " " + p.gameNumber() + " " + p.location() + " "
                + p.render(Locale.ROOT)).toList();
    }

    private static List<Path> pgnFiles(String folder) throws IOException {
        try (Stream<Path> s = Files.list(TestGames.shared(folder))) {
            return s.filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".pgn"))
                    .filter(p -> {
                        try {
                            return Files.size(p) < 2_000_000; // the 37 MB archive would take minutes here
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .sorted().toList();
        }
    }

    @Test
    void everyChessFileGivesTheFullReadersGames() throws IOException {
        long light = 0;
        for (Path f : pgnFiles("chess/pgn")) {
            light += compare(f.getFileName().toString(), Files.readAllBytes(f), Optional.empty(), 0);
        }
        // Not a vacuous comparison: most games of these files are plain and took the light path.
        assertTrue(light > 600, "games read on the light path: " + light);
    }

    @Test
    void everyXiangqiFileGivesTheFullReadersGames() throws IOException {
        long light = 0;
        for (Path f : pgnFiles("xiangqi/pgn")) {
            light += compare(f.getFileName().toString(), Files.readAllBytes(f), Optional.empty(), 0);
        }
        assertTrue(light > 1000, "games read on the light path: " + light);
    }

    /** Xiangqi games in ICCS with broken ones planted: an illegal move, a move of the other side, a word. */
    @Test
    void brokenXiangqiGamesAreTheFullReadersAndTheRestStillReads() throws IOException {
        String liu = Files.readString(TestGames.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn"), StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>(Arrays.asList(liu.split("(?=\\[Event )")));
        assertTrue(out.size() > 1000);
        plant(out, 2, "\\b1\\. (\\S+) ", "1. $1 a0a5 ");                   // a chariot through its own pawn
        plant(out, 5, "\\b2\\. (\\S+) ", "2. h9g7 ");                      // Black's move on Red's turn
        plant(out, 8, "\\b3\\. (\\S+) ", "3. xyz ");                       // no move
        plant(out, 9, "\\b3\\. (\\S+) ", "3. $1 (3. a3a4) ");              // a variation
        plant(out, 11, "\\b1\\. (\\S+) ", "1. $1 {a comment} ");           // a comment
        long light = compare("planted-xiangqi.pgn", String.join("", out).getBytes(StandardCharsets.UTF_8), Optional.empty(), 0);
        assertTrue(light > 1000, "light " + light);
        assertTrue(errors >= 3, "games with errors: " + errors);
    }

    @Test
    void countingFewerPliesGivesTheFullReadersPairs() throws IOException {
        Path f = TestGames.shared("chess/pgn/Capablanca.pgn");
        assertTrue(compare("Capablanca.pgn", Files.readAllBytes(f), Optional.empty(), 12) > 500);
    }

    /**
     * Broken games planted in a real file: an illegal move, an ambiguous one, a move that is no move,
     * a broken variation, a null move, a result that disagrees with its tag, a long-algebraic game.
     * Each is what the full reader makes of it (errors with file, game and line), and the games around
     * them still read.
     */
    @Test
    void brokenGamesAreTheFullReadersAndTheRestStillReads() throws IOException {
        String capa = Files.readString(TestGames.shared("chess/pgn/Capablanca.pgn"), StandardCharsets.UTF_8);
        String[] games = capa.split("(?=\\[Event )");
        List<String> out = new ArrayList<>(Arrays.asList(games));
        int n = out.size();
        assertTrue(n > 500);
        plant(out, 3, "\\b1\\.\\S+ ", "1.Ke2 ");                 // illegal
        plant(out, 7, "\\b5\\.", "5.Qz9 ");                       // not a move
        plant(out, 11, "\\b1\\.(\\S+) ", "1.$1 (1.Ke2) ");        // a variation with an illegal move
        plant(out, 13, "\\b1\\.(\\S+) ", "1.$1 (1.a3) ");         // a good variation
        plant(out, 17, "\\[Result \"[^\"]*\"\\]", "[Result \"*\"]"); // the movetext's result wins
        plant(out, 18, "\\[Result \"[^\"]*\"\\]", "[Result \"1-0\"]"); // result mismatch
        plant(out, 19, "\\b3\\.\\S+ ", "3.-- ");                  // a null move
        plant(out, 23, "\\b1\\.\\S+ ", "1.e2e4 ");                // coordinates
        plant(out, 29, "\\b2\\.(\\S+) ", "2.$1 \\$1 ");           // a NAG
        plant(out, 30, "\\b1\\.", "\\$3 1.");                     // a NAG before the first move
        plant(out, 31, "\\[Event ", "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[Event ");
        String text = String.join("", out) + "\n[Event \"cut\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 "
                + "7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 "
                + "17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5 Be7 21. Nf5 gxf5 *\n"
                + "\n[Event \"ambiguous\"]\n[Result \"*\"]\n\n1. d3 d5 2. Nf3 e5 3. Nd2 Nc6 *\n"
                + "\n[Event \"promotion\"]\n[Result \"1-0\"]\n\n1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Rg8 5. hxg8=Q e6 6. Qxf8+ Kxf8 1-0\n"
                + "\n[Event \"promotion without sign\"]\n[Result \"1-0\"]\n\n1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Rg8 5. hxg8N e6 1-0\n"
                + "\n[Event \"en passant and castling long\"]\n[Result \"*\"]\n\n1. d4 Nf6 2. d5 e5 3. dxe6 d5 4. Bg5 Bd6 5. Nc3 O-O 6. Qd2 c5 7. O-O-O+ Kh8 *\n"
                + "\n[Event \"a check mark on a move that gives none\"]\n[Result \"*\"]\n\n1. e4+ e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *\n";
        long light = compare("planted.pgn", text.getBytes(StandardCharsets.UTF_8), Optional.empty(), 0);
        assertTrue(light > 500, "light " + light);
        // The illegal move, the word that is no move, the broken variation, the ambiguous move.
        assertTrue(errors >= 4, "games with errors: " + errors);
        assertTrue(warned >= 2, "games with warnings: " + warned);
    }

    /** Replaces the first match in game {@code i}: the game must change. */
    private static void plant(List<String> games, int i, String regex, String replacement) {
        String before = games.get(i);
        String after = before.replaceFirst(regex, replacement);
        assertTrue(!after.equals(before), "planted in game " + i + ": " + regex);
        games.set(i, after);
    }

    /** A rating tag read without exceptions reads as {@code Integer.parseInt} of the stripped text did. */
    @Test
    void ratingsReadAsTheyWereReadBefore() {
        for (String elo : new String[]{"", " ", "?", "-", "0", "1", "2500", "4999", "5000", "9999", "12345", " 2400",
                "2400 ", "+2400", "-100", "24OO", "２５００", "2,400", "0999"}) {
            int before;
            try {
                int r = Integer.parseInt(elo.strip());
                before = r > 0 && r < 5000 ? r : 0;
            } catch (NumberFormatException e) {
                before = 0;
            }
            assertEquals(before, TreeImporter.rating(elo), "\"" + elo + "\"");
        }
    }

    /** The importer itself, light and full, gives the same tree: the same counts and games lists. */
    @Test
    void anImportOnTheLightPathEqualsOneOnTheFullPath(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        try (OpeningTree light = OpeningTree.open(dir.resolve("light.sqlite"));
             OpeningTree full = OpeningTree.open(dir.resolve("full.sqlite"))) {
            TreeImporter.Summary a = new TreeImporter(TestGames.GAMES, FORMATS).run(light, List.of(pgn),
                    TreeImporter.Options.defaults(), new TreeImporter.Listener() { });
            TreeImporter.Summary b = new TreeImporter(TestGames.GAMES, FORMATS).fullReadsOnly().run(full, List.of(pgn),
                    TreeImporter.Options.defaults(), new TreeImporter.Listener() { });
            assertEquals(b, a);
            long start = TestGames.CHESS.startPosition().hash();
            assertEquals(full.moves(start), light.moves(start));
            assertEquals(full.moveCount(), light.moveCount());
        }
    }
}

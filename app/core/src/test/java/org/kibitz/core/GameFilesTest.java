package org.kibitz.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/** Opening files of every format with their problems located, and saving atomically. */
class GameFilesTest {

    @TempDir
    Path dir;

    private final GameFiles files = TestGames.files();

    @Test
    void aBrokenGameIsListedWithTheOthersAndReportedWithItsPlaceWhenOpened() throws Exception {
        GameFiles.OpenedFile f = files.read(TestGames.resource("one-broken.pgn"));
        assertEquals("pgn", f.format().id());
        assertEquals(3, f.entries().size());
        assertTrue(f.entries().get(0).problems().isEmpty());
        assertTrue(f.entries().get(2).problems().isEmpty());
        assertEquals(10, f.entries().get(2).plies(), "counted by the header pass");
        GameFiles.Entry broken = f.entries().get(1);
        assertEquals("Carla", broken.white());
        assertTrue(broken.readable(), "its header is good: its bad move is found when it is read");
        assertEquals(List.of(1, 2, 3), f.entries().stream().map(GameFiles.Entry::gameNumber).toList());
        assertTrue(f.firstReadable().isPresent());

        GameFiles.ReadGame read = files.readEntry(f, broken);
        assertEquals(7, read.game().orElseThrow().mainline().size(), "the good part before the bad move");
        assertTrue(read.entry().hasErrors());
        FormatProblem p = read.entry().problems().get(0);
        assertEquals(2, p.gameNumber());
        assertEquals(FormatProblem.Location.line(20), p.location(), p.render(Locale.ROOT));
        assertTrue(p.render(Locale.ROOT).startsWith("one-broken.pgn:game 2:line 20:"), p.render(Locale.ROOT));
        assertTrue(f.withEntry(read.entry()).entries().get(1).hasErrors());
        GameOrigin o = f.origin(f.entries().get(2));
        assertEquals(3, o.gameNumber());
        assertFalse(o.wholeFile());
    }

    @Test
    void aFileIsListedWithoutReadingItsGamesAndAPickedGameIsReadFromItsPlace() throws Exception {
        Path file = TestGames.shared("chess/pgn/Capablanca.pgn");
        GameFiles.OpenedFile f = files.read(file);
        assertEquals(597, f.entries().size());
        assertTrue(f.entries().stream().allMatch(e -> e.start().isPresent()), "PGN games can be started at");
        GameFiles.Entry last = f.entries().get(596);
        GameTree direct = null;
        try (var r = f.format().reader(Files.newInputStream(file), org.kibitz.api.format.ReadContext.of("c", TestGames.GAMES))) {
            for (int i = 0; i < 597; i++) {
                direct = r.next().game().orElseThrow();
            }
        }
        GameTree picked = files.readGame(f, last);
        assertEquals(direct.tags().asMap(), picked.tags().asMap());
        assertEquals(moves(direct), moves(picked));
        assertEquals(direct.mainline().size(), last.plies());
    }

    @Test
    void aTruncatedXqfKeepsWhatWasGoodAndSaysWhere() throws Exception {
        // The first 5527 bytes of cchess-test1.xqf: the file ends inside a move record.
        GameFiles.OpenedFile f = files.read(TestGames.resource("truncated.xqf"));
        assertEquals("xqf", f.format().id());
        assertEquals(1, f.entries().size());
        GameFiles.Entry e = f.entries().get(0);
        assertTrue(e.readable());
        assertTrue(e.hasErrors());
        assertEquals(FormatProblem.Location.offset(5525), e.problems().get(0).location(), e.problems().toString());
        assertEquals(108, e.plies(), "the moves before the cut are kept");
    }

    @Test
    void readsTheSharedGameFiles() throws Exception {
        GameFiles.OpenedFile many = files.read(TestGames.shared("chess/pgn/WorldChamp1886.pgn"));
        assertEquals(20, many.entries().size());
        GameFiles.OpenedFile xqf = files.read(TestGames.shared("xiangqi/xqf/cchess-game_varations.xqf"));
        GameTree tree = xqf.first().orElseThrow();
        assertEquals("xiangqi", tree.gameId());
        assertTrue(tree.allNodes().stream().anyMatch(n -> n.children().size() > 1), "the variations are kept");
    }

    @Test
    void aFileNoFormatReadsIsAClearError() throws Exception {
        // (.txt is read as a move list since #41: a text with no move in it is a located error there, not this one.)
        Path txt = dir.resolve("notes.odt");
        Files.writeString(txt, "not a game at all");
        GameFiles.OpenException e = assertThrows(GameFiles.OpenException.class, () -> files.read(txt));
        String message = e.text().render(Locale.ROOT);
        assertTrue(message.contains("notes.odt") && message.contains("pgn") && message.contains("xqf"), message);
        assertThrows(GameFiles.OpenException.class, () -> files.read(dir.resolve("missing.pgn")));
    }

    @Test
    void savesAtomicallyInPgnAndXqfAndReadsBackTheSameTree() throws Exception {
        GameTree original = files.read(TestGames.resource("variations.xqf")).first().orElseThrow();
        for (String ext : List.of("pgn", "xqf")) {
            Path out = dir.resolve("saved." + ext);
            FormatPlugin format = files.formatForSaving(out, "xiangqi").orElseThrow();
            files.write(out, format, original);
            GameTree back = files.read(out).first().orElseThrow();
            assertEquals(moves(original), moves(back), ext);
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("saved.pgn", "saved.xqf"), left.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file is left behind");
        }
    }

    @Test
    void aFailedSaveLeavesTheOldFileAsItWas() throws Exception {
        Path out = dir.resolve("keep.pgn");
        Files.writeString(out, "[Event \"old\"]\n\n*\n");
        GameTree tree = new GameTree(TestGames.XIANGQI.startPosition());
        FormatPlugin broken = new FormatPlugin() {
            @Override
            public String id() {
                return "broken";
            }

            @Override
            public String version() {
                return "0";
            }

            @Override
            public List<String> extensions() {
                return List.of("pgn");
            }

            @Override
            public boolean canRead() {
                return false;
            }

            @Override
            public boolean canWrite() {
                return true;
            }

            @Override
            public org.kibitz.api.format.GameReader reader(java.io.InputStream in, org.kibitz.api.format.ReadContext c) {
                throw new UnsupportedOperationException();
            }

            @Override
            public org.kibitz.api.format.GameWriter writer(java.io.OutputStream out, org.kibitz.api.format.WriteContext c) {
                return new org.kibitz.api.format.GameWriter() {
                    @Override
                    public void write(GameTree g) throws java.io.IOException {
                        out.write("half a gam".getBytes());
                        throw new java.io.IOException("disk full");
                    }

                    @Override
                    public void close() throws java.io.IOException {
                        out.close();
                    }
                };
            }
        };
        assertThrows(java.io.IOException.class, () -> files.write(out, broken, tree));
        assertEquals("[Event \"old\"]\n\n*\n", Files.readString(out));
    }

    @Test
    void offersTheFormatsThatCanHoldAGame() {
        assertTrue(files.writableFormats("xiangqi").stream().anyMatch(f -> f.id().equals("pgn")));
        assertTrue(files.writableFormats("xiangqi").stream().anyMatch(f -> f.id().equals("xqf")));
        assertTrue(files.formatForSaving(Path.of("a.PGN"), "chess").isPresent());
        assertTrue(files.writableFormats("chess").stream().noneMatch(f -> f.id().equals("xqf")), "XQF holds xiangqi only");
        assertTrue(files.formatForSaving(Path.of("a.xqf"), "chess").isEmpty());
        assertTrue(files.formatForSaving(Path.of("a.fen"), "xiangqi").isEmpty(), "a position list would lose the moves");
        assertTrue(files.formatForSaving(Path.of("a.epd"), "chess").isEmpty());
        assertTrue(files.readableExtensions().containsAll(List.of("pgn", "xqf", "fen", "epd")), files.readableExtensions().toString());
    }

    @Test
    void aFenFileOpensAsGames() throws Exception {
        Path fen = dir.resolve("positions.fen");
        Files.writeString(fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
                + "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n");
        GameFiles.OpenedFile f = files.read(fen);
        assertEquals(2, f.entries().size());
        assertEquals("xiangqi", files.readGame(f, f.entries().get(1)).gameId());
        assertEquals("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", files.readGame(f, f.entries().get(1)).startPosition().fen());
    }

    private static List<String> moves(GameTree t) {
        return t.allNodes().stream().filter(n -> !n.isRoot()).map(GameNode::move).map(m -> m.orElseThrow().coordinates(0)).toList();
    }

    @Test
    void aListedGameIsReadAgainWhenPickedAndAChangedFileIsNoticed() throws Exception {
        Path copy = dir.resolve("three.pgn");
        Files.copy(TestGames.resource("one-broken.pgn"), copy);
        GameFiles.OpenedFile f = files.read(copy);
        GameTree third = files.readGame(f, f.entries().get(2));
        assertEquals("Eva", third.tags().get("White").orElseThrow());
        assertEquals(10, third.mainline().size());
        assertTrue(f.first().isPresent());
        assertTrue(f.withoutFirst().first().isEmpty(), "the list keeps entries, not games");

        Files.writeString(copy, Files.readString(copy).replace("Eva", "Eve"));
        GameFiles.OpenException e = assertThrows(GameFiles.OpenException.class, () -> files.readGame(f, f.entries().get(2)));
        assertTrue(e.text().render(Locale.ROOT).contains("changed"), e.text().render(Locale.ROOT));
    }

    @Test
    void aSavedGameKeepsWhatEnginesFoundAndReadsBackTheSameCurve() throws Exception {
        for (var game : List.of(TestGames.CHESS, TestGames.XIANGQI)) {
            GameDocument doc = GameDocument.newGame(game);
            for (int i = 0; i < 6; i++) {
                doc.play(doc.position().legalMoves().get(0));
            }
            List<GameNode> line = doc.tree().mainline();
            int[] cps = {35, -120, 0, 7};
            for (int i = 0; i < cps.length; i++) {
                line.get(i).putAnalysis(new org.kibitz.api.analysis.NodeAnalysis("engine", 20, 1,
                        org.kibitz.api.analysis.Score.centipawns(cps[i]), java.util.Optional.empty(), 0, java.time.Duration.ZERO,
                        List.of(), java.time.Instant.EPOCH));
            }
            line.get(4).putAnalysis(new org.kibitz.api.analysis.NodeAnalysis("engine", 30, 1,
                    org.kibitz.api.analysis.Score.mate(-2), java.util.Optional.empty(), 0, java.time.Duration.ZERO, List.of(),
                    java.time.Instant.EPOCH));
            for (String ext : game == TestGames.CHESS ? List.of("pgn") : List.of("pgn", "xqf")) {
                Path out = dir.resolve(game.id() + "." + ext);
                files.write(out, files.formatForSaving(out, game.id()).orElseThrow(), doc.tree());
                GameTree back = files.read(out).first().orElseThrow();
                for (int i = 0; i < line.size(); i++) {
                    assertEquals(org.kibitz.api.tree.BestEvaluation.of(line.get(i)).map(e -> e.forWhite()),
                            org.kibitz.api.tree.BestEvaluation.of(back.mainline().get(i)).map(e -> e.forWhite()),
                            game.id() + " " + ext + " ply " + (i + 1));
                }
                assertTrue(org.kibitz.api.tree.BestEvaluation.of(back.mainline().get(4)).orElseThrow().forWhite()
                        instanceof org.kibitz.api.analysis.Score.Mate, "the mate is kept as a mate");
            }
        }
    }
}

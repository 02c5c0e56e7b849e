package org.kibitz.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.FenException;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/** FEN set-up, tree copies, glyphs, the recent-files list and the settings file. */
class SmallServicesTest {

    @TempDir
    Path dir;

    @Test
    void anAtomicSaveGivesANewFileTheUsualRightsAndKeepsThoseOfAFileSavedOver() throws Exception {
        Path plain = Files.createFile(dir.resolve("plain.txt")); // what any program's new file gets here (umask)
        Path saved = dir.resolve("saved.pgn");
        AtomicFiles.write(saved, "1. e4 *".getBytes());
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(saved),
                "a new save is not owner-only as a temp file would be");
        var shared = java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-r--");
        Files.setPosixFilePermissions(saved, shared);
        AtomicFiles.write(saved, "1. d4 *".getBytes());
        assertEquals(shared, Files.getPosixFilePermissions(saved));
        assertEquals("1. d4 *", Files.readString(saved));
        try (var left = Files.list(dir)) {
            assertEquals(2, left.count(), "no temp file left beside the save");
        }
    }

    @Test
    void aFenIsReadAsTheGameItsBoardFits() throws Exception {
        assertEquals("xiangqi", FenSetup.read(TestGames.GAMES, Optional.empty(),
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1").game().id());
        assertEquals("chess", FenSetup.read(TestGames.GAMES, Optional.empty(),
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").game().id());
        FenException e = assertThrows(FenException.class, () -> FenSetup.read(TestGames.GAMES, Optional.empty(),
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNX b KQkq - 0 1"));
        assertTrue(e.text().render(Locale.ROOT).length() > 5, e.text().render(Locale.ROOT));
        assertThrows(FenException.class, () -> FenSetup.read(TestGames.GAMES, Optional.empty(), "  "));
        assertThrows(FenException.class, () -> FenSetup.read(TestGames.GAMES, Optional.of(TestGames.CHESS),
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"), "a xiangqi FEN is no chess position");
    }

    @Test
    void aCopyHasEverythingAndIsIndependent() throws Exception {
        GameTree original = TestGames.files().read(TestGames.resource("variations.pgn")).first().orElseThrow();
        GameTree copy = GameTrees.copy(original);
        List<GameNode> a = original.allNodes();
        List<GameNode> b = copy.allNodes();
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.get(i).move(), b.get(i).move());
            assertEquals(a.get(i).comment(), b.get(i).comment());
            assertEquals(a.get(i).startingComment(), b.get(i).startingComment());
            assertEquals(a.get(i).nags(), b.get(i).nags());
            assertEquals(a.get(i).position(), b.get(i).position());
            assertNotSame(a.get(i), b.get(i));
        }
        assertEquals(original.tags().asMap(), copy.tags().asMap());
        copy.mainline().get(0).setComment("changed");
        assertEquals("", original.mainline().get(0).comment());
        assertEquals(GameTrees.size(original), a.size() - 1);
    }

    @Test
    void copiesDeepTreesWithoutRecursion() {
        GameTree big = TestGames.randomGame(TestGames.XIANGQI, 5, 3000, 0);
        assertEquals(big.mainline().size(), GameTrees.copy(big).mainline().size());
    }

    @Test
    void glyphs() {
        assertEquals("!?", Nags.suffix(List.of(5)));
        assertEquals("? ±", Nags.suffix(List.of(2, 16)));
        assertEquals(" ∞", Nags.suffix(List.of(13)));
        assertEquals("$99", Nags.glyph(99));
        assertEquals(List.of(2, 16), Nags.toggle(List.of(1, 16), 2), "a move has one quality");
        assertEquals(List.of(1, 14), Nags.toggle(List.of(1, 16), 14), "and one assessment");
        assertEquals(List.of(16), Nags.toggle(List.of(1, 16), 1), "toggling one that is there removes it");
    }

    @Test
    void recentFilesAreNewestFirstWithoutDuplicatesAndBounded() {
        List<String> r = List.of();
        for (int i = 0; i < 12; i++) {
            r = RecentFiles.add(r, dir.resolve("g" + i + ".pgn"));
        }
        assertEquals(RecentFiles.MAX, r.size());
        assertTrue(r.get(0).endsWith("g11.pgn"));
        r = RecentFiles.add(r, dir.resolve("g5.pgn"));
        assertTrue(r.get(0).endsWith("g5.pgn"));
        assertEquals(1, r.stream().filter(s -> s.endsWith("g5.pgn")).count());
        assertEquals(RecentFiles.MAX - 1, RecentFiles.remove(r, dir.resolve("g5.pgn")).size());
    }

    @Test
    void settingsKeepTheMoveListChoicesAndReadOlderFiles() throws Exception {
        JsonStore<Settings> store = new JsonStore<>(dir.resolve("settings.json"), Settings.class);
        Settings s = Settings.DEFAULT.withNotation("xiangqi", "wxf").withVariationLayout("INLINE")
                .withRecentFiles(IntStream.range(0, 2).mapToObj(i -> "/g" + i).toList());
        store.save(s);
        assertEquals(s, store.loadOr(null));
        Files.writeString(dir.resolve("settings.json"), "{\"language\": \"zh-CN\", \"recentFiles\": [\"/a.pgn\"]}");
        Settings old = store.loadOr(null);
        assertEquals(Optional.of("zh-CN"), old.language());
        assertEquals(Map.of(), old.notations());
        assertEquals(Optional.empty(), old.variationLayout());
    }
}

package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.Games;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import org.kibitz.core.TestGames;
import org.kibitz.core.tree.OpeningTree;
import org.kibitz.core.tree.TreeImporter;
import org.kibitz.core.tree.TreeMove;
import org.kibitz.workbench.moves.MoveListOptions;
import org.kibitz.workbench.tree.TreeUi;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 39: with an opening tree open, the move list labels the game's book moves "Book" (as chess.com's
 * reports do): the first moves of a Capablanca game that at least ten games of the tree of his 597 games
 * played, up to the first that fewer did.
 */
@ExtendWith(FxStages.class)
class MoveListBookTest {

    @TempDir
    Path home;

    @Test
    void theOpenTreesBookMovesAreLabelledInTheMoveList() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.open(home);
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        Path db = home.resolve("capablanca.sqlite");
        try (OpeningTree tree = OpeningTree.open(db)) {
            new TreeImporter(w.injector.getInstance(Games.class), w.injector.getInstance(Formats.class))
                    .run(tree, List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                    });
        }
        GameFiles files = TestGames.files();
        GameFiles.OpenedFile opened = files.read(pgn);
        GameTree game = files.readGame(opened, opened.entries().get(0));
        runFx(() -> w.document.open(w.game("chess"), game, Optional.empty()));
        MoveListOptions options = w.injector.getInstance(MoveListOptions.class);
        assertTrue(onFx(() -> options.bookMoves().isEmpty()), "no tree, no book");

        TreeUi ui = w.injector.getInstance(TreeUi.class);
        runFx(() -> {
            w.window.docking().open(TreeUi.PANE);
            ui.openDatabase(db);
        });
        waitUntil(() -> onFx(() -> !options.bookMoves().isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();

        List<GameNode> line = onFx(() -> w.document.tree().mainline());
        int book = onFx(() -> options.bookMoves().size());
        try (OpeningTree tree = OpeningTree.open(db)) {
            for (int i = 0; i <= book && i < line.size(); i++) {
                GameNode node = line.get(i);
                long games = tree.moves(node.positionBefore().hash()).stream()
                        .filter(m -> m.move().equals(node.move().orElseThrow())).mapToLong(TreeMove::games).sum();
                if (i < book) {
                    assertTrue(onFx(() -> options.bookMoves().contains(node)), "ply " + (i + 1) + " is book");
                    assertTrue(games >= 10, "ply " + (i + 1) + ": " + games + " games");
                } else {
                    assertTrue(games < 10, "ply " + (i + 1) + ", the first out of the book: " + games + " games");
                }
            }
        }
        assertTrue(book >= 2 && book < line.size(), "book moves " + book);
        List<Text> labels = onFx(() -> w.robot.lookup("#moves-pane").lookup(".move-book").queryAllAs(Text.class).stream()
                .filter(t -> t.isVisible()).toList());
        assertEquals(book, labels.size());
        assertTrue(labels.stream().allMatch(t -> t.getText().replace('\u00a0', ' ').strip().equals("Book")), labels.toString());
    }
}

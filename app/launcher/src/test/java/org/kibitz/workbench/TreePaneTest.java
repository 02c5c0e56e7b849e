package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.core.Formats;
import org.kibitz.core.tree.OpeningTree;
import org.kibitz.core.tree.TreeImporter;
import org.kibitz.core.tree.TreeMove;
import org.kibitz.workbench.tree.TreeUi;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Tree pane over databases built here from the shared collections: Capablanca's 597 chess games
 * and Liu Dahua's 1,125 xiangqi games. The start position's moves with the counts the database holds,
 * a click playing a move and the table following, the games that reached the position and one of
 * them opened on the board, xiangqi's moves in Chinese notation.
 */
@ExtendWith(FxStages.class)
class TreePaneTest {

    @TempDir
    Path home;

    private static Path shared(String relative) {
        return Path.of(System.getProperty("kibitz.testdata"), relative);
    }

    private Path build(WorkbenchFixture w, String name, String pgn) throws Exception {
        Path db = home.resolve(name + ".sqlite");
        try (OpeningTree tree = OpeningTree.open(db)) {
            new TreeImporter(w.injector.getInstance(Games.class), w.injector.getInstance(Formats.class))
                    .run(tree, List.of(shared(pgn)), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                    });
        }
        return db;
    }

    /** Waits until the pane shows the board's position. */
    private static void showsBoard(WorkbenchFixture w, TreeUi ui) {
        waitUntil(() -> onFx(() -> ui.shownPosition() != null && ui.shownPosition().equals(w.document.position())));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    private static <T> TableView<T> table(WorkbenchFixture w, String id) {
        return (TableView<T>) w.robot.lookup(id).query();
    }

    private static List<TreeMove> expected(Path db, Position p) throws Exception {
        try (OpeningTree tree = OpeningTree.open(db)) {
            return tree.moves(p.hash());
        }
    }

    @Test
    void chessStartPositionRowsPlayAMoveAndOpenAGame() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.open(home);
        GamePlugin chess = w.game("chess");
        runFx(() -> w.document.newGame(chess, chess.startPosition()));
        Path db = build(w, "capablanca", "chess/pgn/Capablanca.pgn");
        TreeUi ui = w.injector.getInstance(TreeUi.class);
        runFx(() -> {
            w.window.docking().open(TreeUi.PANE);
            ui.openDatabase(db);
        });
        showsBoard(w, ui);

        // The start position: most played first (1.d4 in Capablanca's games, then 1.e4), the counts as the
        // database holds them, from White's view.
        List<TreeMove> start = expected(db, chess.startPosition());
        List<TreeUi.Row> rows = onFx(() -> List.copyOf(ui.rows()));
        assertEquals(start.size(), rows.size(), rows.toString());
        assertEquals(start.stream().map(TreeMove::move).toList(), rows.stream().map(TreeUi.Row::move).toList());
        assertEquals(List.of("d4", "e4"), rows.stream().limit(2).map(TreeUi.Row::text).toList());
        TreeUi.Row first = rows.get(1);
        TreeMove e4 = start.get(1);
        assertEquals(Move.parseCoordinates("e2e4", 1), e4.move());
        assertEquals(e4.games(), first.games());
        assertEquals(e4.whiteWins(), first.wins());
        assertEquals(e4.draws(), first.draws());
        assertEquals(e4.blackWins(), first.losses());
        assertEquals(start.stream().mapToLong(TreeMove::games).sum(), rows.stream().mapToLong(TreeUi.Row::games).sum());
        for (int i = 1; i < rows.size(); i++) {
            assertTrue(rows.get(i).games() <= rows.get(i - 1).games(), "most played first");
        }
        // The table shows the rows; the W/D/L bar's percentages add up to about 100.
        TableView<TreeUi.Row> moves = table(w, "#tree-moves");
        assertEquals(rows.size(), onFx(() -> moves.getItems().size()));
        double score = 100.0 * (e4.whiteWins() + e4.draws() / 2.0) / e4.games();
        assertEquals(score, first.scorePercent(), 1e-9);
        // Every game reaches the start position: the list holds them (up to its limit).
        long all = onFx(() -> (long) ui.games().size());
        assertEquals(Math.min(TreeUi.GAMES_SHOWN, 597), all);

        // A click on the e4 row plays it; the table follows with Black's replies, from Black's view.
        // (Scrolled into view first: the default layout gives the bottom panes a short height.)
        runFx(() -> moves.scrollTo(1));
        WaitForAsyncUtils.waitForFxEvents();
        TableRow<?> e4Row = onFx(() -> (TableRow<?>) moves.lookupAll(".table-row-cell").stream()
                .filter(n -> n instanceof TableRow<?> r && r.getItem() == first && r.isVisible()).findFirst().orElseThrow());
        w.robot.clickOn((Node) e4Row);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("e2e4", w.cursorMove(), "the row's move is on the board");
        showsBoard(w, ui);
        Position afterE4 = onFx(() -> w.document.position());
        assertEquals(Side.BLACK, afterE4.sideToMove());
        List<TreeMove> replies = expected(db, afterE4);
        List<TreeUi.Row> replyRows = onFx(() -> List.copyOf(ui.rows()));
        assertEquals(replies.size(), replyRows.size());
        assertEquals(replies.get(0).move(), replyRows.get(0).move());
        assertEquals(replies.get(0).blackWins(), replyRows.get(0).wins(), "wins are the side to move's: Black's");
        assertEquals(replies.get(0).whiteWins(), replyRows.get(0).losses());

        // The games that reached 1.e4: as many as played it (each game once), up to the limit.
        List<OpeningTree.TreeGame> reached = onFx(() -> List.copyOf(ui.games()));
        assertEquals(Math.min(TreeUi.GAMES_SHOWN, e4.games()), reached.size());

        // A filter narrows the list and the counts: the rows are the filtered counts of the database.
        OpeningTree.GameFilter capablancaBlack = new OpeningTree.GameFilter("Capablanca", OpeningTree.PlayerSide.BLACK, 0, 0, "");
        runFx(() -> ui.filterProperty().set(capablancaBlack));
        waitUntil(() -> onFx(() -> ui.games().size() < reached.size()));
        assertTrue(onFx(() -> ui.games().stream().allMatch(g -> g.black().contains("Capablanca"))));
        List<TreeMove> filtered;
        try (OpeningTree t = OpeningTree.open(db)) {
            filtered = t.moves(afterE4, capablancaBlack);
        }
        long filteredGames = filtered.stream().mapToLong(TreeMove::games).sum();
        assertTrue(filteredGames > 0 && filteredGames < replies.stream().mapToLong(TreeMove::games).sum());
        waitUntil(() -> onFx(() -> ui.rows().stream().mapToLong(TreeUi.Row::games).sum()) == filteredGames);
        assertEquals(filtered.size(), onFx(() -> ui.rows().size()));
        assertEquals(filtered.get(0).blackWins(), onFx(() -> ui.rows().get(0).wins()), "Black's wins in the filtered games");
        runFx(() -> ui.filterProperty().set(OpeningTree.GameFilter.NONE));
        waitUntil(() -> onFx(() -> ui.games().size() == reached.size()));
        assertEquals(replyRows, onFx(() -> List.copyOf(ui.rows())), "no filter: the stored counts again");

        // Double-click opens a game from its file; the board then shows that game (with 1.e4).
        OpeningTree.TreeGame pick = reached.get(3);
        TableView<OpeningTree.TreeGame> gamesTable = table(w, "#tree-games");
        runFx(() -> gamesTable.scrollTo(3));
        WaitForAsyncUtils.waitForFxEvents();
        TableRow<?> gameRow = onFx(() -> (TableRow<?>) gamesTable.lookupAll(".table-row-cell").stream()
                .filter(n -> n instanceof TableRow<?> r && r.getItem() == ui.games().get(3)).findFirst().orElseThrow());
        // The board's game was changed by the click: say "discard" when asked.
        runFx(() -> w.document.markSaved(home.resolve("x.pgn")));
        w.robot.doubleClickOn((Node) gameRow);
        waitUntil(() -> onFx(() -> w.document.origin().isPresent()
                && w.document.origin().get().gameNumber() == pick.gameNumber()));
        assertEquals(shared("chess/pgn/Capablanca.pgn").toAbsolutePath().normalize(),
                onFx(() -> w.document.origin().get().file()));
        assertEquals(pick.white(), onFx(() -> w.document.tree().tags().get("White")).orElse(""));
        assertEquals(Move.parseCoordinates("e2e4", 1),
                onFx(() -> w.document.tree().mainline().stream().flatMap(n -> n.move().stream()).findFirst().orElseThrow()),
                "the game reached 1.e4");
    }

    /** What a cell of {@code columnId} shows for {@code item} (null when it is not on screen). */
    private static String cellText(TableView<?> t, String columnId, Object item) {
        return onFx(() -> t.lookupAll(".table-cell").stream()
                .filter(n -> n instanceof javafx.scene.control.TableCell<?, ?> c && c.getTableColumn() != null
                        && columnId.equals(c.getTableColumn().getId()) && c.getTableRow() != null && c.getTableRow().getItem() == item)
                .map(n -> ((javafx.scene.control.TableCell<?, ?>) n).getText()).findFirst().orElse(null));
    }

    /**
     * Liu Dahua's 1,125 games have no Result tags: beside a few decided games, nearly every game's result is unknown. The score
     * and the W/D/L bar are over the few decided games, the number of the others is shown beside
     * them, and the bar gives them their share instead of looking decided.
     */
    @Test
    void aTreeOverGamesWithoutResultsScoresOnlyTheDecidedAndShowsTheRest() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.open(home);
        GamePlugin xiangqi = w.game("xiangqi");
        runFx(() -> w.document.newGame(xiangqi, xiangqi.startPosition()));
        // Liu Dahua's games and the ten CCGC games (with results, four of them opening 炮二平五).
        Path db = home.resolve("mixed.sqlite");
        List<Path> files = new java.util.ArrayList<>(List.of(shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn")));
        try (var ccgc = java.nio.file.Files.list(shared("xiangqi/pgn"))) {
            ccgc.filter(f -> f.getFileName().toString().startsWith("ccgc-")).sorted().forEach(files::add);
        }
        try (OpeningTree tree = OpeningTree.open(db)) {
            new TreeImporter(w.injector.getInstance(Games.class), w.injector.getInstance(Formats.class))
                    .run(tree, files, TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                    });
        }
        TreeUi ui = w.injector.getInstance(TreeUi.class);
        runFx(() -> {
            w.window.docking().open(TreeUi.PANE);
            ui.openDatabase(db);
        });
        showsBoard(w, ui);
        // The board's position may first be answered before the database is open (no rows): wait for its answer.
        waitUntil(() -> onFx(() -> !ui.rows().isEmpty()));
        TableView<TreeUi.Row> moves = table(w, "#tree-moves");
        TreeUi.Row top = onFx(() -> ui.rows().get(0));
        assertEquals("炮二平五", top.text());
        long decided = top.wins() + top.draws() + top.losses();
        long unknown = top.games() - decided;
        assertTrue(decided > 0 && unknown > 10 * decided, top.toString());
        runFx(() -> moves.scrollTo(0));
        WaitForAsyncUtils.waitForFxEvents();
        double score = 100.0 * (top.wins() + top.draws() / 2.0) / decided;
        assertEquals(score, top.scorePercent(), 1e-9, "the score is over the decided games");
        assertEquals(String.format(java.util.Locale.ENGLISH, "%.1f%% of %d", score, decided),
                cellText(moves, "tree-col-score", top));
        assertEquals(String.valueOf(unknown), cellText(moves, "tree-col-unknown", top), "the games without a result, beside the bar");
        // The bar: the undecided games take their share, so the decided segments are a sliver.
        javafx.scene.layout.Region bar = onFx(() -> moves.lookupAll(".table-cell").stream()
                .filter(n -> n instanceof javafx.scene.control.TableCell<?, ?> c && c.getTableRow() != null
                        && c.getTableRow().getItem() == top && c.getGraphic() != null)
                .map(n -> (javafx.scene.layout.Region) ((javafx.scene.control.TableCell<?, ?>) n).getGraphic()).findFirst().orElseThrow());
        double undecidedWidth = onFx(() -> ((javafx.scene.layout.Region) bar.lookup("#tree-wdl-unknown")).getWidth());
        double inner = onFx(() -> bar.getWidth() - bar.snappedLeftInset() - bar.snappedRightInset());
        assertEquals(inner * unknown / top.games(), undecidedWidth, 1.5, "the bar's undecided part");
    }

    @Test
    void xiangqiMovesInChineseNotation() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.open(home);
        GamePlugin xiangqi = w.game("xiangqi");
        runFx(() -> w.document.newGame(xiangqi, xiangqi.startPosition()));
        Path db = build(w, "liu", "xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        TreeUi ui = w.injector.getInstance(TreeUi.class);
        runFx(() -> {
            w.window.docking().open(TreeUi.PANE);
            ui.openDatabase(db);
        });
        showsBoard(w, ui);
        List<TreeMove> start = expected(db, xiangqi.startPosition());
        List<TreeUi.Row> rows = onFx(() -> List.copyOf(ui.rows()));
        assertEquals(start.size(), rows.size());
        assertFalse(rows.isEmpty());
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(start.get(i).games(), rows.get(i).games());
            String chinese = xiangqi.notations().get(0).format(xiangqi.startPosition(), start.get(i).move());
            assertEquals(chinese, rows.get(i).text());
            assertTrue(rows.get(i).text().codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN),
                    rows.get(i).text());
        }
        // Enter on the selected row plays it.
        TableView<TreeUi.Row> moves = table(w, "#tree-moves");
        runFx(() -> {
            moves.requestFocus();
            moves.getSelectionModel().select(0);
        });
        w.robot.type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(onFx(() -> start.get(0).move()), onFx(() -> w.document.cursor().move().orElseThrow()));
        showsBoard(w, ui);
        assertEquals(expected(db, xiangqi.startPosition().play(start.get(0).move())).size(), onFx(() -> ui.rows().size()));
        // The pane names the opening the moves make, by ECCO.
        String opening = org.kibitz.core.opening.Openings.classify(xiangqi.startPosition(), List.of(start.get(0).move()))
                .orElseThrow().label();
        assertTrue(opening.matches("[A-E]\\d\\d .+"), opening);
        assertEquals(opening, onFx(() -> ui.openingProperty().get()));
        assertTrue(onFx(() -> ((javafx.scene.control.Label) w.robot.lookup("#tree-opening").query()).getText()).contains(opening));
        // A chess database says it holds another game's games.
        Path chessDb = build(w, "capa", "chess/pgn/Capablanca.pgn");
        runFx(() -> ui.openDatabase(chessDb));
        waitUntil(() -> onFx(() -> ui.rows().isEmpty() && ui.messageProperty().get().contains("capa.sqlite")));
        assertTrue(onFx(() -> ui.games().isEmpty()));
        assertEquals(2, onFx(() -> ui.databases().size()));
        // The open databases are remembered.
        assertTrue(java.nio.file.Files.readString(home.resolve("config/tree.json")).contains("capa.sqlite"));
    }
}

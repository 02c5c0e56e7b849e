package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.scene.input.KeyCode;
import org.controlsfx.control.NotificationPane;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.tree.GameTree;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.GameFiles;
import org.kibitz.core.JsonStore;
import org.kibitz.core.Settings;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Files and the move list, headless: opening PGN and XQF and stepping through them, variations
 * added on the board and promoted or deleted from the list, games picked from a file of many,
 * broken games reported with their place, unsaved changes, saving and the title.
 */
@ExtendWith(FxStages.class)
class GameFilesUiTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;

    @BeforeEach
    void open() throws TimeoutException {
        w = WorkbenchFixture.open(home);
    }

    static Path resource(String name) {
        return org.kibitz.core.TestGames.resource(name);
    }

    static Path shared(String relative) {
        return Path.of(System.getProperty("kibitz.testdata"), relative);
    }

    private boolean openFile(Path p) {
        try {
            return onFx(() -> w.files.open(p)).get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private boolean openGame(GameFiles.Entry e) {
        try {
            return onFx(() -> w.files.openGame(e)).get(60, TimeUnit.SECONDS);
        } catch (Exception x) {
            throw new AssertionError(x);
        }
    }

    private Text label(GameNode n) {
        runFx(() -> w.moves().reveal(n));
        WaitForAsyncUtils.waitForFxEvents();
        return onFx(() -> w.moves().moveTextOf(n).orElseThrow(() -> new AssertionError("no label for " + n)));
    }

    private String title() {
        return onFx(() -> w.window.stage().getTitle());
    }

    @Test
    void aPgnIsSteppedThroughWithTheKeysAndByClickingMoves() {
        assertTrue(openFile(resource("variations.pgn")));
        assertEquals("chess", onFx(() -> w.document.game().id()));
        assertTrue(title().startsWith("variations.pgn — "), title());
        w.robot.clickOn("#board");
        w.robot.type(KeyCode.RIGHT, 2);
        assertEquals("c7c5", w.cursorMove());
        w.robot.type(KeyCode.DOWN);
        assertEquals("d7d5", w.cursorMove(), "down goes to the next alternative: the first variation");
        w.robot.type(KeyCode.DOWN);
        assertEquals("h7h5", w.cursorMove());
        w.robot.type(KeyCode.UP, 2);
        assertEquals("c7c5", w.cursorMove());
        w.robot.type(KeyCode.END);
        assertEquals("d4e4", w.cursorMove(), "End: the end of the main line (7. Qxe4)");
        w.robot.type(KeyCode.LEFT);
        assertEquals("f6e4", w.cursorMove());
        w.robot.type(KeyCode.HOME);
        assertEquals("", w.cursorMove());

        GameNode qf3 = onFx(() -> w.document.tree().root().children().get(0).children().get(3).children().get(0));
        Text l = label(qf3);
        assertEquals("Qf3?", l.getText(), "the move with its glyph");
        w.robot.clickOn(l);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("d1f3", w.cursorMove(), "clicking a move goes there");
        assertTrue(onFx(() -> w.moves().isMarkedCurrent(qf3)));
        w.robot.type(KeyCode.RIGHT);
        assertEquals("f8c5", w.cursorMove(), "the keys work in the move list too, along the variation");
    }

    @Test
    void anXqfIsSteppedThroughAndShownInTheChosenNotation() {
        assertTrue(openFile(shared("xiangqi/xqf/eleeye-SAMPLE.XQF")));
        assertEquals("xiangqi", onFx(() -> w.document.game().id()));
        w.robot.clickOn("#board");
        w.robot.type(KeyCode.RIGHT, 5);
        assertEquals(5, onFx(() -> w.document.cursor().ply()));
        GameNode fifth = onFx(w.document::cursor);
        String chinese = label(fifth).getText();
        assertTrue(chinese.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN), chinese);

        w.robot.clickOn("#moves-notation").clickOn("WXF");
        WaitForAsyncUtils.waitForFxEvents();
        String wxf = label(fifth).getText();
        assertTrue(wxf.matches("[+-]?[KAEHRCPBN][1-9+-][=+.-][1-9]"), wxf);
        Settings saved = new JsonStore<>(home.resolve("config/settings.json"), Settings.class).loadOr(null);
        assertEquals("wxf", saved.notations().get("xiangqi"), "the choice is remembered");

        GameNode first = onFx(() -> w.document.tree().mainline().get(0));
        w.robot.clickOn(label(first));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, onFx(() -> w.document.cursor().ply()));
    }

    @Test
    void aDifferentMoveOnTheBoardMakesAVariationThatTheListPromotesAndDeletes() {
        w.clickMove("h2", "e2");
        w.clickMove("h9", "g7");
        w.robot.clickOn("#board");
        w.robot.type(KeyCode.HOME);
        w.clickMove("b2", "e2");
        GameNode root = onFx(() -> w.document.tree().root());
        assertEquals(List.of("h2e2", "b2e2"), onFx(() -> root.children().stream().map(n -> n.move().orElseThrow().coordinates(0)).toList()),
                "炮八平五 is a variation after 炮二平五");
        GameNode variation = onFx(() -> root.children().get(1));
        Text l = label(variation);
        assertEquals("炮八平五", l.getText());
        assertTrue(onFx(() -> l.getStyleClass().contains("variation")));
        assertTrue(onFx(() -> w.moves().isMarkedCurrent(variation)), "the move just played is the current one");

        w.robot.rightClickOn(l);
        WaitForAsyncUtils.waitForFxEvents();
        w.robot.clickOn("#moves-promote");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("b2e2", onFx(() -> root.children().get(0).move().orElseThrow().coordinates(0)), "promoted to the main line");
        assertTrue(onFx(() -> w.document.modified()));
        assertTrue(title().contains("*"), title());

        GameNode other = onFx(() -> root.children().get(1));
        w.robot.rightClickOn(label(other)).clickOn("#moves-delete-variation");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, onFx(() -> root.children().size()));
        assertEquals("b2e2", onFx(() -> root.children().get(0).move().orElseThrow().coordinates(0)));
    }

    @Test
    void aGameIsPickedFromTheListOfAFileOfManyAndTheFilterNarrowsIt() {
        assertTrue(openFile(shared("chess/pgn/WorldChamp1886.pgn")));
        assertTrue(onFx(() -> w.window.docking().isOpen("games")));
        TableView<?> table = w.robot.lookup("#game-list").queryAs(TableView.class);
        assertEquals(20, onFx(() -> table.getItems().size()));
        // A chess file's first player is White; a xiangqi file's is Red (not "White / Red").
        assertEquals("White", onFx(() -> table.getColumns().get(1).getText()));
        assertEquals(1, onFx(() -> w.document.origin().orElseThrow().gameNumber()), "the first game opens at once");
        assertTrue(title().contains("game 1 of 20"), title());

        w.robot.clickOn("#game-list-filter").write("Zukertort");
        long shown = onFx(() -> (long) table.getItems().size());
        assertTrue(shown > 0 && shown <= 20);
        runFx(() -> ((TextField) w.robot.lookup("#game-list-filter").query()).clear());
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(openFile(shared("xiangqi/pgn/xqdb-xqdb_traditional.pgn")));
        assertEquals("Red", onFx(() -> table.getColumns().get(1).getText()));
        assertTrue(openFile(shared("chess/pgn/WorldChamp1886.pgn")));
        assertEquals("White", onFx(() -> table.getColumns().get(1).getText()));

        // The game list's own fifth row, scrolled into view (the default layout gives the list a short pane).
        runFx(() -> table.scrollTo(4));
        WaitForAsyncUtils.waitForFxEvents();
        TableRow<?> row = w.robot.from(table).lookup(".table-row-cell")
                .match(r -> r instanceof TableRow<?> tr && tr.getIndex() == 4 && tr.isVisible()).queryAs(TableRow.class);
        w.robot.doubleClickOn(row);
        waitUntil(() -> w.document.origin().orElseThrow().gameNumber() == 5);
        assertTrue(onFx(() -> w.document.tree().mainline().size()) > 10);
        assertTrue(title().contains("game 5 of 20"), title());
    }

    @Test
    void aBrokenGameIsShownWithItsPlaceAndTheGoodGamesStillOpen() {
        assertTrue(openFile(resource("one-broken.pgn")));
        NotificationPane note = w.robot.lookup("#notifications").queryAs(NotificationPane.class);
        assertEquals(1, onFx(() -> w.document.origin().orElseThrow().gameNumber()));
        assertEquals(7, onFx(() -> w.document.tree().mainline().size()));
        GameFiles.Entry third = onFx(() -> w.gameList.file().orElseThrow().entries().get(2));
        assertTrue(openGame(third));
        assertEquals("Eva", onFx(() -> w.document.tree().tags().get("White").orElseThrow()));
        GameFiles.Entry second = onFx(() -> w.gameList.file().orElseThrow().entries().get(1));
        assertTrue(openGame(second));
        assertEquals(7, onFx(() -> w.document.tree().mainline().size()), "the broken game opens up to its bad move (4... Ke7e5)");
        // The list was made from the headers: the bad move is told when its game is opened, with its place.
        waitUntil(note::isShowing);
        String text = onFx(note::getText);
        assertTrue(text.contains("one-broken.pgn:game 2:line 20:"), text);
    }

    @Test
    void aTruncatedXqfOpensWithItsProblemAtItsOffset() {
        assertTrue(openFile(resource("truncated.xqf")));
        NotificationPane note = w.robot.lookup("#notifications").queryAs(NotificationPane.class);
        waitUntil(note::isShowing);
        assertTrue(onFx(note::getText).contains("truncated.xqf:game 1:offset 5525:"), onFx(note::getText));
        assertEquals(108, onFx(() -> w.document.tree().mainline().size()));
    }

    @Test
    void unsavedChangesAreAskedAboutBeforeAnotherGameReplacesThem() {
        w.clickMove("h2", "e2");
        assertTrue(onFx(() -> w.document.modified()));
        Platform.runLater(() -> w.files.open(resource("variations.pgn")));
        WaitForAsyncUtils.waitForFxEvents();
        w.robot.clickOn("#unsaved-cancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("h2e2", w.cursorMove(), "cancel keeps the game");
        Platform.runLater(() -> w.files.open(resource("variations.pgn")));
        WaitForAsyncUtils.waitForFxEvents();
        w.robot.clickOn("#unsaved-discard");
        waitUntil(() -> w.document.game().id().equals("chess"));
        assertFalse(onFx(() -> w.document.modified()));
    }

    @Test
    void savingWritesTheFileAtomicallyAndTheTitleFollows() throws Exception {
        w.clickMove("h2", "e2");
        assertTrue(title().startsWith("New Xiangqi game * — "), title());
        Path out = home.resolve("mine.pgn");
        assertTrue(onFx(() -> w.files.saveTo(out)));
        assertTrue(title().startsWith("mine.pgn — "), title());
        assertTrue(Files.readString(out).contains("炮二平五") || Files.readString(out).contains("h2e2"), Files.readString(out));
        w.clickMove("h9", "g7");
        assertTrue(title().startsWith("mine.pgn * — "), title());
        assertTrue(onFx(w.files::save), "Save writes to the same file without asking");
        assertFalse(onFx(() -> w.document.modified()));
        GameFiles.OpenedFile back = new GameFiles(w.injector.getInstance(org.kibitz.api.game.Games.class),
                w.injector.getInstance(org.kibitz.core.Formats.class)).read(out);
        assertEquals(2, back.entries().get(0).plies());
        Path xqf = home.resolve("mine.xqf");
        assertTrue(onFx(() -> w.files.saveTo(xqf)));
        assertEquals(List.of(Move.parseCoordinates("h2e2", 0), Move.parseCoordinates("h9g7", 0)),
                new GameFiles(w.injector.getInstance(org.kibitz.api.game.Games.class), w.injector.getInstance(org.kibitz.core.Formats.class))
                        .read(xqf).first().orElseThrow().mainline().stream().map(n -> n.move().orElseThrow()).toList());
        Settings saved = new JsonStore<>(home.resolve("config/settings.json"), Settings.class).loadOr(null);
        assertTrue(saved.recentFiles().get(0).endsWith("mine.xqf"), saved.recentFiles().toString());
    }

    @Test
    void aSaveWritesTheEnginesEvaluationsAndTheirLinesWhenAsked() throws Exception {
        w.clickMove("h2", "e2");
        w.clickMove("h9", "g7");
        // The engine preferred another reply after 1. 炮二平五 than the one played: a variation of it.
        Move preferred = Move.parseCoordinates("b9c7", 0);
        runFx(() -> w.document.tree().mainline().get(0).putAnalysis(new org.kibitz.api.analysis.NodeAnalysis("Pikafish",
                18, 1, org.kibitz.api.analysis.Score.centipawns(-25), java.util.Optional.empty(), 1000,
                java.time.Duration.ZERO, List.of(preferred, Move.parseCoordinates("h0g2", 0)), java.time.Instant.EPOCH)));
        Path plain = home.resolve("evals.pgn");
        assertTrue(onFx(() -> w.files.saveTo(plain)));
        String text = Files.readString(plain);
        assertTrue(text.contains("[%eval 0.25]"), "the mover's -0.25 is Red's +0.25: " + text);
        assertFalse(text.contains("("), "no variation unless asked: " + text);

        MainWindow window = w.injector.getInstance(MainWindow.class);
        runFx(() -> window.menus().file().getItems().stream().filter(i -> "menu-save-engine-lines".equals(i.getId()))
                .map(javafx.scene.control.CheckMenuItem.class::cast).findFirst().orElseThrow().setSelected(true));
        assertTrue(onFx(() -> window.settings().saveEngineLines()), "the choice is kept in the settings");
        Path lines = home.resolve("lines.pgn");
        assertTrue(onFx(() -> w.files.saveTo(lines)));
        String withLines = Files.readString(lines);
        assertTrue(withLines.contains("[%eval 0.25]") && withLines.contains("(") && withLines.contains("Pikafish d18"),
                "the engine's line as a variation, named: " + withLines);
        GameTree back = new GameFiles(w.injector.getInstance(org.kibitz.api.game.Games.class),
                w.injector.getInstance(org.kibitz.core.Formats.class)).read(lines).first().orElseThrow();
        assertEquals(2, back.mainline().size(), "the main line is still the two moves played");
        List<GameNode> replies = back.mainline().get(0).children();
        assertEquals(List.of(Move.parseCoordinates("h9g7", 0), preferred), replies.stream().map(n -> n.move().orElseThrow()).toList());
        assertEquals(Move.parseCoordinates("h0g2", 0), replies.get(1).children().get(0).move().orElseThrow());
    }

    @Test
    void aBadFenIsExplainedAndAGoodOneStartsAGame() {
        w.fireMenu("menu-new-fen");
        w.robot.clickOn("#fen-text").write("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1");
        WaitForAsyncUtils.waitForFxEvents();
        Label error = w.robot.lookup("#fen-error").queryAs(Label.class);
        assertFalse(onFx(error::getText).isBlank(), "the error is shown");
        assertTrue(onFx(() -> w.robot.lookup("#fen-ok").queryAs(Button.class).isDisabled()));
        runFx(() -> ((TextField) w.robot.lookup("#fen-text").query()).setText("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(onFx(() -> w.robot.lookup("#fen-ok").queryAs(Button.class).isDisabled()));
        w.robot.clickOn("#fen-ok");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("chess", onFx(() -> w.document.game().id()));
        assertEquals("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", onFx(() -> w.document.position().fen()));
    }

    @Test
    void aFileOfAnUnknownKindIsRefusedWithAReason() throws Exception {
        Path txt = home.resolve("notes.odt");
        Files.writeString(txt, "hello");
        assertFalse(openFile(txt));
        NotificationPane note = w.robot.lookup("#notifications").queryAs(NotificationPane.class);
        waitUntil(note::isShowing);
        assertTrue(onFx(note::getText).contains("notes.odt"), onFx(note::getText));
    }

    @Test
    void aFileDroppedOnTheWindowOpensAndGoesToTheRecentFiles() throws Exception {
        boolean opened = onFx(() -> w.files.openDropped(List.of(shared("xiangqi/xqf/eleeye-SAMPLE.XQF").toFile(),
                resource("variations.pgn").toFile()))).get(60, TimeUnit.SECONDS);
        assertTrue(opened);
        assertEquals("xiangqi", onFx(() -> w.document.game().id()));
        assertTrue(onFx(() -> w.window.settings().recentFiles().get(0)).endsWith("eleeye-SAMPLE.XQF"));

        assertTrue(openFile(resource("variations.pgn")));
        w.fireMenu("recent-1");
        waitUntil(() -> w.document.game().id().equals("xiangqi"));
        assertTrue(title().startsWith("eleeye-SAMPLE.XQF"), title());
    }

    @Test
    void closingTheWindowAsksAboutUnsavedChanges() {
        w.clickMove("h2", "e2");
        Platform.runLater(w.window::requestClose);
        WaitForAsyncUtils.waitForFxEvents();
        w.robot.clickOn("#unsaved-cancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onFx(() -> w.window.stage().isShowing()), "cancel keeps the window open");
        Platform.runLater(w.window::requestClose);
        WaitForAsyncUtils.waitForFxEvents();
        w.robot.clickOn("#unsaved-discard");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(onFx(() -> w.window.stage().isShowing()));
    }

    @Test
    void theArrowKeysStepThroughTheGameFromTheStart() {
        assertTrue(openFile(resource("variations.pgn")));
        w.robot.type(KeyCode.RIGHT, 3);
        assertEquals("g1f3", w.cursorMove(), "the board has the focus when the window opens");
    }
}

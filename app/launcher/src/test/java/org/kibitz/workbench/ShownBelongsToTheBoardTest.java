package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.FileChooser;
import org.controlsfx.control.NotificationPane;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.GameFiles;
import org.kibitz.core.analysis.AnalysisState;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.engines.CurvePane;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.files.FileActions;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the window shows belongs to what is on the board: engine lines, their figures and the curve
 * of the game before go when another game or file opens (of either game), a file's problems go
 * with it; the game list of a file says how many games its filter shows of all; two engines side
 * by side keep their words whole and both scores.
 */
@ExtendWith(FxStages.class)
class ShownBelongsToTheBoardTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;
    private EnginesUi ui;

    @AfterEach
    void close() {
        if (ui != null) {
            ui.close();
        }
    }

    private boolean openFile(Path p) {
        try {
            return onFx(() -> w.files.open(p)).get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @SuppressWarnings("unchecked")
    private TableView<Object> lines() {
        return onFx(() -> (TableView<Object>) w.robot.lookup("#analysis-lines-1").query());
    }

    private String figures() {
        return onFx(() -> ((Label) w.robot.lookup("#analysis-figures-1").query()).getText());
    }

    private AnalysisState state() {
        return onFx(() -> ui.service().slot("1").state());
    }

    @Test
    void theLinesFiguresAndCurveOfAnotherGameAreNotShown() throws Exception {
        EngineEntry fairy = WorkbenchFixture.engine("fairy-stockfish", "fairy-stockfish",
                List.of(RealEngines.require("fairy-stockfish")), "uci", java.util.Set.of("chess", "xiangqi"));
        w = WorkbenchFixture.openWithEngines(home, fairy);
        ui = w.injector.getInstance(EnginesUi.class);
        runFx(() -> w.window.docking().open(EnginesUi.CURVE_PANE));
        CurvePane curve = onFx(() -> (CurvePane) w.robot.lookup("#curve-pane").query());

        // A xiangqi game analysed, then stopped: its lines stay while it is on the board.
        assertTrue(openFile(GameFilesUiTest.shared("xiangqi/xqf/cchess-test2.xqf")));
        long analysed = onFx(() -> w.document.position().hash());
        w.robot.clickOn("#analysis-toggle-1");
        waitUntil(() -> !lines().getItems().isEmpty() && ui.service().slot("1").state().stats().depth().orElse(0) >= 6
                && curve.points().stream().anyMatch(p -> p.value().isPresent()));
        w.robot.clickOn("#analysis-toggle-1");
        waitUntil(() -> state().status() == AnalysisState.Status.STOPPED);
        assertFalse(onFx(() -> lines().getItems().isEmpty()), "a stopped engine's lines stay at their position");
        assertFalse(figures().isEmpty());

        // Another xiangqi file: nothing of the first game's position, in the lines, figures or curve.
        assertTrue(openFile(GameFilesUiTest.shared("xiangqi/xqf/eleeye-SAMPLE.XQF")));
        waitUntil(() -> lines().getItems().isEmpty());
        assertEquals("", figures(), "the figures of the search of the other game");
        waitUntil(() -> curve.points().size() > 1);
        // The analysis stays in the store: the one position both games share (the start, searched in the
        // first) may show it once the store has it; no other point has a value.
        assertTrue(onFx(() -> curve.points().stream().filter(p -> p.value().isPresent())
                .allMatch(p -> p.node().position().hash() == analysed)), "the curve has no value of the other game");
        assertEquals(AnalysisState.Status.STOPPED, state().status(), "the engine was not started by opening a file");

        // And a chess game: the xiangqi lines do not come back.
        GamePlugin chess = w.game("chess");
        runFx(() -> w.document.newGame(chess, chess.startPosition()));
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(200);
        assertTrue(onFx(() -> lines().getItems().isEmpty()), "no xiangqi line over a chess board");
        assertEquals("", figures());

        // Analysed again, then back to a xiangqi file: the chess lines go as well.
        w.robot.clickOn("#analysis-toggle-1");
        waitUntil(() -> !lines().getItems().isEmpty() && state().request().map(r -> r.gameId().equals("chess")).orElse(false));
        assertTrue(openFile(GameFilesUiTest.shared("xiangqi/xqf/cchess-test2.xqf")));
        // The panels are redrawn one per frame in turn (#38), so the table may trail the state by a frame:
        // wait for xiangqi lines, and fail if chess lines stay.
        waitUntil(() -> state().request().map(r -> r.gameId().equals("xiangqi")).orElse(false) && !lines().getItems().isEmpty()
                && lines().getItems().stream().allMatch(r -> String.valueOf(
                lines().getColumns().get(8).getCellData(r)).matches("1\\. .*[进退平].*")));
        runFx(ui::toggleAll);
        waitUntil(() -> !ui.service().anyRunning());
    }

    /**
     * Chess analysed with Stockfish, then a xiangqi file whose start position Fairy-Stockfish
     * analysed before: the panel's header names the engine of its drop-down, not the chess engine
     * that ran last; the side column says Red; the stored lines are in Chinese notation.
     */
    @Test
    void afterChessTheXiangqiStoredLinesAreNamedSidedAndWrittenForXiangqi() throws Exception {
        EngineEntry fairy = WorkbenchFixture.engine("fairy-stockfish", "Fairy-Stockfish",
                List.of(RealEngines.require("fairy-stockfish")), "uci", java.util.Set.of("xiangqi"));
        EngineEntry stockfish = WorkbenchFixture.engine("stockfish", "Stockfish",
                List.of(RealEngines.require("stockfish")), "uci", java.util.Set.of("chess"));
        w = WorkbenchFixture.openWithEngines(home, fairy, stockfish);
        ui = w.injector.getInstance(EnginesUi.class);
        Path xqf = GameFilesUiTest.shared("xiangqi/xqf/cchess-test2.xqf");

        // The xiangqi start analysed by Fairy-Stockfish: kept in the store.
        assertTrue(openFile(xqf));
        runFx(() -> ui.chooseEngine("1", fairy));
        w.robot.clickOn("#analysis-toggle-1");
        waitUntil(() -> state().stats().depth().orElse(0) >= 6 && !lines().getItems().isEmpty());
        w.robot.clickOn("#analysis-toggle-1");
        waitUntil(() -> state().status() == AnalysisState.Status.STOPPED);

        // Chess with Stockfish, stopped.
        GamePlugin chess = w.game("chess");
        runFx(() -> w.document.newGame(chess, chess.startPosition()));
        runFx(() -> ui.chooseEngine("1", stockfish));
        w.robot.clickOn("#analysis-toggle-1");
        waitUntil(() -> state().request().map(r -> r.gameId().equals("chess")).orElse(false)
                && state().info().isPresent() && !lines().getItems().isEmpty());
        String stockfishSays = state().info().orElseThrow().name();
        assertTrue(stockfishSays.startsWith("Stockfish"), stockfishSays);
        w.robot.clickOn("#analysis-toggle-1");
        waitUntil(() -> state().status() == AnalysisState.Status.STOPPED);

        // The xiangqi file again: its start shows what Fairy-Stockfish found, under its name.
        assertTrue(openFile(xqf));
        waitUntil(() -> !lines().getItems().isEmpty());
        String chosen = onFx(() -> w.robot.lookup("#engine-choice-1").queryAs(javafx.scene.control.ComboBox.class)
                .getValue() instanceof EngineEntry e ? e.name() : "");
        assertEquals("Fairy-Stockfish", chosen);
        String header = onFx(() -> ((Label) w.robot.lookup("#analysis-title-1").query()).getText());
        assertTrue(header.startsWith("Fairy-Stockfish") && !header.contains(stockfishSays), header);
        List<String> columns = onFx(() -> lines().getColumns().stream().map(TableColumn::getText).toList());
        assertTrue(columns.contains("Red") && !columns.contains("White"), columns.toString());
        assertTrue(onFx(() -> lines().getItems().stream().allMatch(r -> String.valueOf(
                lines().getColumns().get(8).getCellData(r)).matches("1\\. .*[进退平].*"))),
                () -> "xiangqi notation: " + onFx(() -> lines().getItems().stream()
                        .map(r -> String.valueOf(lines().getColumns().get(8).getCellData(r))).toList()));
    }

    @Test
    void aFilesProblemsGoWhenAnotherFileOpens() throws Exception {
        w = WorkbenchFixture.open(home);
        NotificationPane note = w.robot.lookup("#notifications").queryAs(NotificationPane.class);
        assertTrue(openFile(GameFilesUiTest.resource("truncated.xqf")));
        waitUntil(note::isShowing);
        assertTrue(onFx(note::getText).contains("truncated.xqf:game 1:offset 5525:"));
        runFx(() -> w.window.notify("not about a file"));
        assertEquals(List.of("not about a file"), onFx(w.window::pendingNotifications));

        assertTrue(openFile(GameFilesUiTest.shared("chess/pgn/WorldChamp1886.pgn")));
        // The truncated file's message slides away; the one about nothing in particular comes next.
        waitUntil(() -> note.isShowing() && note.getText().equals("not about a file"));
        assertEquals(List.of(), onFx(w.window::pendingNotifications));
    }

    @Test
    void theGameListSaysHowManyItsFilterShowsOfAllAndSortsByEveryColumn() throws Exception {
        w = WorkbenchFixture.open(home);
        assertTrue(openFile(GameFilesUiTest.shared("chess/pgn/Capablanca.pgn")));
        @SuppressWarnings("unchecked")
        TableView<GameFiles.Entry> table = w.robot.lookup("#game-list").queryAs(TableView.class);
        Label title = w.robot.lookup("#game-list-title").queryAs(Label.class);
        assertEquals(597, onFx(() -> table.getItems().size()));
        assertEquals("Capablanca.pgn: 597 games", onFx(title::getText));

        runFx(() -> ((TextField) w.robot.lookup("#game-list-filter").query()).setText("Lasker"));
        int shown = onFx(() -> table.getItems().size());
        assertTrue(shown > 0 && shown < 597, shown + " games");
        assertEquals("Capablanca.pgn: " + shown + " of 597 games", onFx(title::getText));

        List<String> headers = onFx(() -> table.getColumns().stream().map(TableColumn::getText).toList());
        // A chess file: its first player is White (a xiangqi file says Red).
        assertEquals(List.of("#", "White", "Black", "Result", "Date", "Event", "ECO", "Opening", "Plies"), headers);
        assertTrue(onFx(() -> table.getColumns().stream().allMatch(TableColumn::isSortable)));

        // By plies, longest first: a number sort, not a text sort ("9" after "10").
        runFx(() -> {
            TableColumn<GameFiles.Entry, ?> plies = table.getColumns().get(8);
            plies.setSortType(TableColumn.SortType.DESCENDING);
            table.getSortOrder().setAll(List.of(plies));
        });
        List<Integer> plies = onFx(() -> table.getItems().stream().map(GameFiles.Entry::plies).toList());
        List<Integer> sorted = new ArrayList<>(plies);
        sorted.sort(java.util.Comparator.reverseOrder());
        assertEquals(sorted, plies);
        assertEquals(shown, plies.size(), "sorting keeps the filter");
        // By ECO code.
        runFx(() -> table.getSortOrder().setAll(List.of(table.getColumns().get(6))));
        List<String> eco = onFx(() -> table.getItems().stream().map(e -> e.tag("ECO")).toList());
        assertEquals(eco.stream().sorted().toList(), eco);
        assertFalse(eco.stream().allMatch(String::isEmpty), "the file's ECO codes are shown");

        runFx(() -> ((TextField) w.robot.lookup("#game-list-filter").query()).clear());
        assertEquals("Capablanca.pgn: 597 games", onFx(title::getText));
        assertEquals(597, onFx(() -> table.getItems().size()));
        // The opening's name beside its code, from the classification's table when the file has no Opening tag.
        String named = onFx(() -> table.getItems().stream().filter(e -> e.tag("ECO").equals("C66")).findFirst()
                .map(e -> table.getColumns().get(7).getCellData(e)).map(String::valueOf).orElse(""));
        assertEquals(org.kibitz.core.opening.Openings.byCode("chess", "C66").orElseThrow().fullName(), named);
    }

    @Test
    void savingAsXqfSaysInTheStatusBarWhichTagsItCannotHold() throws Exception {
        w = WorkbenchFixture.open(home);
        Path pgn;
        try (var files = java.nio.file.Files.list(GameFilesUiTest.shared("xiangqi/pgn"))) {
            pgn = files.filter(f -> f.getFileName().toString().startsWith("ccgc-01.")).findFirst().orElseThrow();
        }
        assertTrue(openFile(pgn));
        org.controlsfx.control.StatusBar status = w.robot.lookup("#status-bar").queryAs(org.controlsfx.control.StatusBar.class);
        assertTrue(onFx(() -> w.files.saveTo(home.resolve("game.XQF"))));
        String said = onFx(status::getText);
        assertTrue(said.startsWith("Saved game.XQF. XQF has no place for these tags") && said.endsWith("Round, ECCO, Opening, Variation"), said);
        assertTrue(onFx(() -> w.files.saveTo(home.resolve("game.pgn"))));
        assertEquals("Saved game.pgn", onFx(status::getText), "PGN keeps every tag");
    }

    private void answerEncoding(javafx.scene.control.ButtonBar.ButtonData which) {
        waitUntil(() -> w.robot.lookup("#encoding-dialog").tryQuery().isPresent());
        runFx(() -> {
            javafx.scene.control.DialogPane pane = (javafx.scene.control.DialogPane) w.robot.lookup("#encoding-dialog").query();
            pane.getButtonTypes().stream().filter(b -> b.getButtonData() == which).findFirst()
                    .map(pane::lookupButton).map(javafx.scene.control.Button.class::cast).orElseThrow().fire();
        });
    }

    /** Save as offers the file's name as it is spelt; saving over a GBK file asks whether to keep GBK. */
    @Test
    void savingAGbkFileKeepsItsNameAndAsksForItsEncoding() throws Exception {
        w = WorkbenchFixture.open(home);
        Path source;
        try (var files = java.nio.file.Files.list(GameFilesUiTest.shared("xiangqi/pgn"))) {
            source = files.filter(f -> f.getFileName().toString().startsWith("ccgc-01.")).findFirst().orElseThrow();
        }
        Path copy = home.resolve("ccgc-01.PGN");
        java.nio.file.Files.copy(source, copy);
        assertTrue(GameFiles.legacyCharset(copy).isPresent(), "the CCGC files are GBK");
        assertTrue(openFile(copy));
        assertEquals("ccgc-01.PGN", onFx(() -> w.files.suggestedSaveName()), "the name as it is spelt");
        String red = onFx(() -> w.document.tree().tags().get("Red").orElseThrow());
        org.controlsfx.control.StatusBar status = w.robot.lookup("#status-bar").queryAs(org.controlsfx.control.StatusBar.class);

        javafx.application.Platform.runLater(() -> w.files.save());
        answerEncoding(javafx.scene.control.ButtonBar.ButtonData.YES);
        waitUntil(() -> onFx(status::getText).startsWith("Saved ccgc-01.PGN"));
        assertTrue(GameFiles.legacyCharset(copy).isPresent(), "kept in GBK");
        assertTrue(java.nio.file.Files.readString(copy, java.nio.charset.Charset.forName("GB18030")).contains(red));

        runFx(() -> status.setText(""));
        javafx.application.Platform.runLater(() -> w.files.save());
        answerEncoding(javafx.scene.control.ButtonBar.ButtonData.NO);
        waitUntil(() -> onFx(status::getText).startsWith("Saved ccgc-01.PGN"));
        assertTrue(GameFiles.legacyCharset(copy).isEmpty(), "now UTF-8");
        assertTrue(java.nio.file.Files.readString(copy, java.nio.charset.StandardCharsets.UTF_8).contains(red));
    }

    @Test
    void theSaveAndOpenFiltersMatchUpperCaseExtensions() throws Exception {
        w = WorkbenchFixture.open(home);
        GameFiles files = w.injector.getInstance(GameFiles.class);
        List<FileChooser.ExtensionFilter> save = FileActions.filters(files.writableFormats("xiangqi"));
        List<String> patterns = save.stream().flatMap(f -> f.getExtensions().stream()).toList();
        assertTrue(patterns.containsAll(List.of("*.pgn", "*.PGN", "*.xqf", "*.XQF")), patterns.toString());
        for (FileChooser.ExtensionFilter f : save) {
            for (String p : f.getExtensions()) {
                assertTrue(f.getExtensions().contains(p.toUpperCase(java.util.Locale.ROOT))
                        && f.getExtensions().contains(p.toLowerCase(java.util.Locale.ROOT)), f.getDescription() + ": " + p);
            }
        }
        assertEquals(List.of("*.pgn", "*.PGN"), FileActions.patterns(List.of("PGN")));
    }

    /** What a label shows on screen: its text as drawn, "Li…" when it was cut. */
    private static String shown(Labeled l) {
        return l.getChildrenUnmodifiable().stream().filter(n -> n instanceof Text).map(n -> ((Text) n).getText())
                .findFirst().orElse("");
    }

    @Test
    void twoPanelsSideBySideKeepTheirWordsAndBothScores() throws Exception {
        w = WorkbenchFixture.openWithEngines(home);
        ui = w.injector.getInstance(EnginesUi.class);
        w.robot.clickOn("#panel-add-1");
        waitUntil(() -> ui.panelIds().size() == 2);
        runFx(() -> ui.start("1"));
        waitUntil(() -> ui.panelIds().size() == 2 && ui.service().slots().stream().allMatch(s -> !s.state().lines().isEmpty()));
        runFx(ui::toggleAll);
        waitUntil(() -> !ui.service().anyRunning());
        for (String panel : List.of("1", "2")) {
            Node node = onFx(() -> w.robot.lookup("#analysis-panel-" + panel).queryAs(Node.class));
            double width = onFx(() -> node.getLayoutBounds().getWidth());
            // Side by side: each about half the window's width (the bottom dock spans the window since #38).
            double row = onFx(() -> node.getScene().getWidth());
            assertTrue(width < 0.6 * row, "two panels share the pane: " + width + " of " + row);
            Labeled lines = onFx(() -> w.robot.lookup("#multipv-label-" + panel).queryAs(Labeled.class));
            assertEquals("Lines", onFx(() -> shown(lines)), "the label is not cut");
            Labeled title = onFx(() -> w.robot.lookup("#analysis-title-" + panel).queryAs(Labeled.class));
            assertEquals(onFx(title::getText), onFx(() -> shown(title)).replace("\n", " ").strip(), "the engine's name is not cut");
            @SuppressWarnings("unchecked")
            TableView<Object> table = onFx(() -> (TableView<Object>) w.robot.lookup("#analysis-lines-" + panel).query());
            List<String> visible = onFx(() -> table.getVisibleLeafColumns().stream().map(TableColumn::getText).toList());
            assertTrue(visible.containsAll(List.of("Eval", "Red", "Line")), "both scores and the moves: " + visible);
        }
    }
}

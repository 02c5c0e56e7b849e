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
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.GameFiles;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobState;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.evaluate.EvaluateUi;
import org.kibitz.workbench.evaluate.GameSummary;
import org.kibitz.workbench.evaluate.ReportPane;
import org.kibitz.workbench.jobs.JobsUi;

/**
 * Batch evaluation in the workbench with a real engine: a file of three games is evaluated, the run
 * cancelled in the Jobs pane's way and started again (it resumes: the games its journal holds are not
 * searched again), and the Report pane, the board's game and its save show the results.
 */
@ExtendWith(FxStages.class)
class EvaluateUiTest {

    /** Nodes per position: long enough (about a tenth of a second) that a cancel lands mid-file. */
    static final long NODES = 100_000;

    @TempDir
    Path home;

    /** The workbench with Stockfish in its engine list and the three games' file open; the file's path. */
    static WorkbenchFixture openWithStockfish(Path home) throws Exception {
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home, WorkbenchFixture.engine("stockfish", "Stockfish",
                List.of(RealEngines.require("stockfish")), "uci", java.util.Set.of("chess")));
        Path file = home.resolve("three-short-games.pgn");
        try (var in = EvaluateUiTest.class.getResourceAsStream("three-short-games.pgn")) {
            Files.copy(in, file);
        }
        assertTrue(onFx(() -> w.files.open(file)).get(20, TimeUnit.SECONDS), "the file opens");
        return w;
    }

    static EvaluateUi.Choice stockfish(EvaluateUi ui) {
        EngineEntry sf = onFx(() -> ui.registry().byId("stockfish").orElseThrow());
        return new EvaluateUi.Choice(List.of(sf), "nodes", NODES, 1, "");
    }

    @Test
    void aFileIsEvaluatedCancelledAndResumedWithoutSearchingItsFinishedGamesAgainAndTheReportFillsIn() throws Exception {
        WorkbenchFixture w = openWithStockfish(home);
        EvaluateUi ui = w.injector.getInstance(EvaluateUi.class);
        runFx(() -> w.window.docking().open(EvaluateUi.REPORT_PANE));
        EvaluateUi.Choice choice = stockfish(ui);
        List<GameFiles.Entry> entries = onFx(() -> w.gameList.file().orElseThrow().entries());
        assertEquals(3, entries.size());

        // First run: cancelled (as the Jobs pane's button does) once the first game is reported.
        long t0 = System.nanoTime();
        EvaluateUi.Run first = onFx(() -> ui.evaluate(EvaluateUi.Scope.FILE, choice)).get(60, TimeUnit.SECONDS);
        System.err.printf("started in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        waitUntil(() -> !ui.summaries().isEmpty());
        first.batch().handle().cancel();
        JobResult<?> cancelled = first.batch().handle().result().get(60, TimeUnit.SECONDS);
        assertEquals(JobState.CANCELLED, cancelled.state());
        System.err.printf("cancelled after %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        int journalled = first.batch().handle().progress().done();
        assertTrue(journalled >= 1 && journalled < 3, "the run stopped mid-file: " + journalled + " games done");
        waitUntil(() -> w.injector.getInstance(JobsUi.class).rows().stream()
                .anyMatch(row -> row.progress().state() == JobState.CANCELLED));

        // Second run, the same request: resumed from the journal; only the games after it are searched.
        EvaluateUi.Run second = onFx(() -> ui.evaluate(EvaluateUi.Scope.FILE, choice)).get(60, TimeUnit.SECONDS);
        assertEquals(first.batch().plan().runId(), second.batch().plan().runId(), "the same request is the same run");
        JobResult<?> done = second.batch().handle().result().get(120, TimeUnit.SECONDS);
        assertEquals(JobState.COMPLETED, done.state());
        System.err.printf("resumed and done after %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        assertEquals(journalled, second.batch().handle().progress().resumed(), "the journal's games are taken as done");
        long expected = entries.stream().skip(journalled).mapToLong(e -> e.plies() + 1L).sum();
        assertEquals(expected, ui.settledLive(), "only the positions of the games not journalled are settled again");
        assertEquals(3, second.batch().counts().games());

        // The report: a row per game with each side's accuracy, the mistakes of the game on the board.
        waitUntil(() -> ui.summaries().size() == 3);
        waitUntil(() -> w.window.stage().getScene().lookup("#report-pane") != null);
        ReportPane pane = (ReportPane) onFx(() -> w.window.stage().getScene().lookup("#report-pane"));
        TableView<GameSummary> table = pane.table();
        waitUntil(() -> table.getItems().size() == 3);
        List<String> accuracyCells = onFx(() -> table.lookupAll(".table-cell").stream()
                .map(n -> (TableCell<?, ?>) n)
                .filter(c -> c.getTableColumn() != null && "report-col-acc-white".equals(c.getTableColumn().getId())
                        && c.getTableRow() != null && c.getTableRow().getItem() != null)
                .map(c -> c.getText() == null ? "" : c.getText()).toList());
        assertEquals(3, accuracyCells.size(), "a White accuracy cell per game: " + accuracyCells);
        for (String a : accuracyCells) {
            assertTrue(a.matches("\\d+\\.\\d"), "an accuracy, not '" + a + "'");
        }
        GameSummary game1 = onFx(() -> ui.onBoardProperty().get().orElseThrow());
        assertEquals(1, game1.gameNumber());
        // Black's 3...Nf6 allows mate in one: a blunder whatever the engine's limit.
        assertTrue(game1.errors().stream().anyMatch(r -> r.ply() == 6 && r.nag() == 4), "3...Nf6?? in " + game1.rows());
        assertTrue(onFx(() -> pane.mistakes().getItems().stream().anyMatch(r -> r.ply() == 6)));

        // The board's game holds the scores (the curve plots them) and the glyphs, and a save writes them.
        List<GameNode> line = onFx(() -> w.document.tree().mainline());
        for (int i = 0; i < line.size() - 1; i++) {
            assertTrue(line.get(i).evalForWhite().isPresent(), "ply " + (i + 1) + " has an evaluation");
        }
        assertTrue(line.get(5).nags().contains(4), "3...Nf6 is marked ??");
        assertFalse(onFx(() -> w.document.modified()), "judgements are results, not the user's edits");
        assertTrue(onFx(() -> w.document.hasUnsavedAnalysis()));
        Path saved = home.resolve("saved.pgn");
        assertTrue(onFx(() -> w.files.saveTo(saved)));
        String text = Files.readString(saved);
        assertTrue(text.contains("[%eval "), text);
        assertTrue(text.contains("Nf6??") || text.contains("Nf6 $4"), text);

        // Double-clicking... opening another game of the report puts its results into it.
        GameSummary game2 = onFx(() -> ui.summaries().stream().filter(s -> s.gameNumber() == 2).findFirst().orElseThrow());
        assertTrue(onFx(() -> ui.open(game2)).get(20, TimeUnit.SECONDS));
        waitUntil(() -> ui.onBoardProperty().get().map(s -> s.gameNumber() == 2).orElse(false));
        assertTrue(onFx(() -> w.document.tree().mainline().get(0).evalForWhite().isPresent()));

        // Export HTML report: the run's games in one page, each player's games and accuracy those of the table.
        assertTrue(onFx(() -> pane.openButton().isDisabled()), "nothing to open before a page is written");
        Path page = home.resolve("shared/report.html");
        assertEquals(page, onFx(() -> pane.exportTo(page)).get(120, TimeUnit.SECONDS));
        String html = Files.readString(page, java.nio.charset.StandardCharsets.UTF_8);
        java.util.Map<String, java.util.List<Double>> byPlayer = new java.util.TreeMap<>();
        for (GameSummary s : onFx(() -> List.copyOf(ui.summaries()))) {
            byPlayer.computeIfAbsent(s.white().strip(), k -> new java.util.ArrayList<>()).add(s.whiteStats().accuracy().orElseThrow());
            byPlayer.computeIfAbsent(s.black().strip(), k -> new java.util.ArrayList<>()).add(s.blackStats().accuracy().orElseThrow());
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "<section class=\"player\" id=\"p\\d+\" data-player=\"([^\"]*)\" data-games=\"(\\d+)\" data-accuracy=\"([^\"]*)\"")
                .matcher(html);
        int players = 0;
        while (m.find()) {
            List<Double> acc = byPlayer.get(m.group(1));
            assertTrue(acc != null, m.group(1) + " in " + byPlayer.keySet());
            assertEquals(acc.size(), Integer.parseInt(m.group(2)), m.group(1));
            assertEquals(acc.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), Double.parseDouble(m.group(3)), 0.051);
            players++;
        }
        assertEquals(byPlayer.size(), players, "a section per player");
        assertFalse(onFx(() -> pane.openButton().isDisabled()), "the page can be opened now");
    }
}

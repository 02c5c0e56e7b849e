package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobState;
import org.kibitz.core.match.MatchJob;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.match.MatchDialog;
import org.kibitz.workbench.match.MatchSetup;
import org.kibitz.workbench.match.MatchUi;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Match pane plays real engines against each other: Stockfish at 500 nodes a move against the
 * built-in engine at depth 2, chess from the start position; the standings, the finished games and
 * their reasons, a finished game opened on the board, and a match paused, the window closed, and the
 * match resumed in a new window from its journal.
 */
@ExtendWith(FxStages.class)
class MatchPaneTest {

    private static final Set<String> RESULTS = Set.of("1-0", "0-1", "1/2-1/2");

    @TempDir
    Path home;

    private WorkbenchFixture open() throws Exception {
        return WorkbenchFixture.openWithEngines(home, WorkbenchFixture.engine("stockfish", "Stockfish",
                List.of(RealEngines.require("stockfish")), "uci", java.util.Set.of("chess")));
    }

    /** The setup as the dialog makes it: Stockfish and the built-in engine ticked, tiny limits. */
    private static MatchSetup fromDialog(MatchUi ui, int games) {
        return onFx(() -> {
            MatchDialog d = new MatchDialog(ui);
            d.check("stockfish", true);
            d.check(EngineEntry.BUILTIN_ID, true);
            MatchSetup s = d.setup();
            return new MatchSetup("chess", s.engines(), false, "", "", "500", "2", games, 1, true, "", 0, "sequential",
                    "", 1, 60, 0, 0, 0, 0, 0, true, 0, 5, 0.05, 0.05, "", false);
        });
    }

    @Test
    void aTwoGameMatchEndsWithItsStandingsAndFinishedGamesAndAGameOpensOnTheBoard() throws Exception {
        WorkbenchFixture w = open();
        MatchUi ui = w.injector.getInstance(MatchUi.class);
        runFx(() -> w.window.docking().open(MatchUi.PANE));
        MatchSetup setup = fromDialog(ui, 2);
        assertEquals(List.of("stockfish", EngineEntry.BUILTIN_ID), setup.engines(), "the dialog's ticked engines, in order");

        MatchUi.Run run = onFx(() -> ui.start(setup)).get(60, TimeUnit.SECONDS);
        assertEquals(2, run.total());
        JobResult<MatchJob.Finished> result = run.handle().result().get(180, TimeUnit.SECONDS);
        assertEquals(JobState.COMPLETED, result.state(), result.failures().toString());
        waitUntil(() -> ui.state() == MatchUi.State.FINISHED);

        // Standings: each engine's view of two games.
        List<MatchUi.StandingRow> rows = onFx(() -> List.copyOf(ui.standings()));
        assertEquals(2, rows.size());
        for (MatchUi.StandingRow r : rows) {
            assertEquals(2, r.games(), r.toString());
            assertEquals(2, r.wins() + r.losses() + r.draws(), r.toString());
        }
        assertEquals(rows.get(0).wins(), rows.get(1).losses());
        assertEquals(2.0, rows.get(0).points() + rows.get(1).points(), 1e-9);
        assertTrue(rows.get(0).points() >= rows.get(1).points(), "the leader first");
        assertTrue(onFx(() -> ui.sprtProperty().get()).isPresent(), "the SPRT's state is shown for two engines");
        assertEquals(2, onFx(() -> ui.doneProperty().get()));
        // Two engines are rated from their score alone: no prior to name. Three or more are fitted with
        // virtual draws, and the line under the table says how many (decision 0012).
        javafx.scene.control.Label prior = (javafx.scene.control.Label) lookup(w, "#match-prior");
        assertFalse(onFx(prior::isVisible), "no prior is named under a two-engine match");
        runFx(() -> ui.names().setAll("A", "B", "C"));
        assertTrue(onFx(prior::isVisible), "a tournament's table names its prior");
        assertTrue(onFx(prior::getText).contains("1 virtual draw"), onFx(prior::getText));
        runFx(() -> ui.names().setAll(run.plan().names()));

        // The finished games: numbers, colours swapped (repeat), a result and a reason each.
        List<MatchUi.FinishedRow> done = onFx(() -> List.copyOf(ui.finished()));
        assertEquals(2, done.size());
        assertEquals(1, done.get(0).number());
        assertEquals(2, done.get(1).number());
        assertEquals(done.get(0).white(), done.get(1).black());
        for (MatchUi.FinishedRow f : done) {
            assertTrue(RESULTS.contains(f.result()), f.toString());
            assertFalse(f.reason().isBlank(), f.toString());
            assertTrue(f.plies() > 0, f.toString());
        }
        @SuppressWarnings("unchecked")
        TableView<MatchUi.FinishedRow> table = (TableView<MatchUi.FinishedRow>) lookup(w, "#match-finished");
        assertEquals(2, onFx(() -> table.getItems().size()));
        assertTrue(onFx(() -> ((Button) lookup(w, "#match-resume")).isDisabled()), "nothing to resume after a finished match");

        // Opening a finished game puts its moves on the board.
        MatchUi.FinishedRow second = done.get(1);
        GameTree expected = onFx(() -> {
            var format = w.injector.getInstance(org.kibitz.core.Formats.class).byId("pgn").orElseThrow();
            try (var reader = format.reader(new java.io.ByteArrayInputStream(second.pgn().getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                    org.kibitz.api.format.ReadContext.of("t", w.injector.getInstance(org.kibitz.api.game.Games.class)))) {
                return reader.next().game().orElseThrow();
            }
        });
        assertTrue(onFx(() -> ui.open(second)), "the game opens");
        assertEquals("chess", onFx(() -> w.document.game().id()));
        List<Move> onBoard = onFx(() -> w.document.tree().mainline().stream().flatMap(n -> n.move().stream()).toList());
        List<Move> inPgn = expected.mainline().stream().flatMap(n -> n.move().stream()).toList();
        assertEquals(second.plies(), onBoard.size(), "every ply of the game is on the board");
        assertEquals(inPgn, onBoard);
        assertEquals(second.white(), onFx(() -> w.document.tree().tags().get("White")).orElse(""));

        // The match is kept, finished: nothing to resume after a restart.
        String kept = Files.readString(home.resolve("data").resolve("match.json"));
        assertTrue(kept.contains("\"finished\" : true"), kept);
    }

    @Test
    void aPausedMatchResumesAfterARestartWithoutPlayingItsFinishedGamesAgain() throws Exception {
        WorkbenchFixture w = open();
        MatchUi ui = w.injector.getInstance(MatchUi.class);
        runFx(() -> w.window.docking().open(MatchUi.PANE));
        // Paused (with the pane's button) as soon as the pane shows the first finished game, which
        // the board followed while it was played.
        java.util.concurrent.atomic.AtomicInteger boardPlies = new java.util.concurrent.atomic.AtomicInteger(-1);
        java.util.concurrent.atomic.AtomicInteger watched = new java.util.concurrent.atomic.AtomicInteger(-1);
        java.util.concurrent.atomic.AtomicInteger boardEvals = new java.util.concurrent.atomic.AtomicInteger(-1);
        java.util.concurrent.atomic.AtomicBoolean followedModified = new java.util.concurrent.atomic.AtomicBoolean(true);
        runFx(() -> ui.finished().addListener((javafx.collections.ListChangeListener<MatchUi.FinishedRow>) c -> {
            if (watched.get() < 0 && !ui.finished().isEmpty()) {
                watched.set(ui.watchedGame());
                boardPlies.set(w.document.tree().mainline().size() - 1);
                boardEvals.set((int) w.document.tree().mainline().stream().filter(n -> n.evalForWhite().isPresent()).count());
                followedModified.set(w.document.modified());
                ((Button) w.window.stage().getScene().lookup("#match-pause")).fire();
            }
        }));
        MatchUi.Run first = onFx(() -> ui.start(fromDialog(ui, 6))).get(60, TimeUnit.SECONDS);
        assertEquals(6, first.total());
        assertTrue(onFx(ui::watch), "nothing unsaved: the board follows at once");

        JobResult<MatchJob.Finished> paused = first.handle().result().get(60, TimeUnit.SECONDS);
        assertEquals(JobState.CANCELLED, paused.state());
        waitUntil(() -> ui.state() == MatchUi.State.PAUSED);
        assertEquals(1, watched.get(), "the board followed the first game");
        assertTrue(boardPlies.get() > 0, "the first game's moves were on the board: " + boardPlies.get());
        assertTrue(boardEvals.get() > 0, "with the engines' scores, for the curve: " + boardEvals.get());
        assertFalse(followedModified.get(), "the match's moves are not the user's changes: nothing to ask about saving");
        int played = paused.results().size();
        assertTrue(played >= 1 && played < 6, "paused mid-match: " + played + " games");
        assertEquals(played, (int) onFx(() -> ui.finished().size()), "the list shows the games the journal keeps");
        assertFalse(onFx(() -> ((Button) lookup(w, "#match-resume")).isDisabled()));
        String runId = first.setup().runId();
        assertTrue(Files.exists(home.resolve("data").resolve("runs").resolve(runId + ".journal.jsonl")));

        // A new window on the same folders: the match is offered to resume, and resumes from its journal.
        FxToolkit.cleanupStages();
        WorkbenchFixture again = WorkbenchFixture.open(home);
        MatchUi ui2 = again.injector.getInstance(MatchUi.class);
        assertNotEquals(ui, ui2);
        assertEquals(MatchUi.State.PAUSED, onFx(ui2::state), "the kept match is paused after the restart");
        assertEquals(played, (int) onFx(() -> ui2.finished().size()), "its kept games are listed before it resumes");
        // Why a kept game ended reads in the window's language, as it did when the game ended there.
        MatchUi.FinishedRow keptRow = onFx(() -> ui2.finished().get(0));
        String english = onFx(() -> keptRow.reason(ui2.i18n()));
        runFx(() -> ui2.i18n().localeProperty().set(java.util.Locale.SIMPLIFIED_CHINESE));
        String chinese = onFx(() -> keptRow.reason(ui2.i18n()));
        runFx(() -> ui2.i18n().localeProperty().set(java.util.Locale.ENGLISH));
        assertTrue(chinese.matches("(?s).*[\\u4e00-\\u9fff].*") && !chinese.equals(english), english + " / " + chinese);
        runFx(() -> again.window.docking().open(MatchUi.PANE));
        runFx(() -> ((Button) lookup(again, "#match-resume")).fire());
        waitUntil(() -> ui2.currentProperty().get() != null);
        MatchUi.Run second = onFx(() -> ui2.currentProperty().get());
        assertEquals(runId, second.setup().runId(), "the same run");
        JobResult<MatchJob.Finished> result = second.handle().result().get(240, TimeUnit.SECONDS);
        assertEquals(JobState.COMPLETED, result.state(), result.failures().toString());
        assertEquals(played, second.handle().progress().resumed(), "the journal's games are not played again");
        waitUntil(() -> ui2.state() == MatchUi.State.FINISHED);
        assertEquals(6, (int) onFx(() -> ui2.finished().size()));
        List<Integer> numbers = onFx(() -> ui2.finished().stream().map(MatchUi.FinishedRow::number).toList());
        assertEquals(List.of(1, 2, 3, 4, 5, 6), numbers);
        for (MatchUi.StandingRow r : onFx(() -> List.copyOf(ui2.standings()))) {
            assertEquals(6, r.games(), r.toString());
            assertEquals(6, r.wins() + r.losses() + r.draws(), r.toString());
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * A 2-0 sweep gives no Elo difference (cutechess prints "inf") and a meaningless nElo (+2833):
     * the standings show a dash for both, with a tooltip that says why; a mixed score shows both.
     */
    @Test
    void aCleanSweepShowsNoEloNorNElo() {
        MatchUi.StandingRow sweep = new MatchUi.StandingRow(1, "A", 2, 2, 0, 0, 2, Double.POSITIVE_INFINITY, Double.NaN,
                0.92, 2833, 1200);
        MatchUi.StandingRow lost = new MatchUi.StandingRow(2, "B", 2, 0, 2, 0, 0, Double.NEGATIVE_INFINITY, Double.NaN,
                0.08, -2833, 1200);
        MatchUi.StandingRow draws = new MatchUi.StandingRow(1, "A", 2, 0, 0, 2, 1, 0, 0, 0.5, Double.NaN, Double.NaN);
        MatchUi.StandingRow mixed = new MatchUi.StandingRow(1, "A", 4, 2, 1, 1, 2.5, 88.7, 300, 0.7, 0.35, 0.9);
        assertFalse(org.kibitz.workbench.match.MatchPane.estimable(sweep));
        assertFalse(org.kibitz.workbench.match.MatchPane.estimable(lost));
        assertFalse(org.kibitz.workbench.match.MatchPane.estimable(draws));
        assertTrue(org.kibitz.workbench.match.MatchPane.estimable(mixed));
    }

    private static javafx.scene.Node lookup(WorkbenchFixture w, String selector) {
        javafx.scene.Node n = onFx(() -> w.window.stage().getScene().lookup(selector));
        assertTrue(n != null, "no " + selector);
        return n;
    }
}

package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.match.PlaySession;
import org.kibitz.core.match.PlayedGame;
import org.kibitz.core.match.TimeControl;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.play.PlayUi;
import org.testfx.util.WaitForAsyncUtils;

/** Playing on the board against real engines, headless: moves by clicks, the engine's answers, takeback, resign, stop. */
@ExtendWith(FxStages.class)
class PlayTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;
    private PlayUi play;

    @AfterEach
    void close() {
        if (play != null) {
            runFx(play::close);
        }
    }

    private static EngineEntry stockfish() {
        return WorkbenchFixture.engine("stockfish", "Stockfish", List.of(RealEngines.require("stockfish")),
                "uci", java.util.Set.of("chess"));
    }

    private void open(EngineEntry... engines) throws Exception {
        w = WorkbenchFixture.openWithEngines(home, engines);
        play = w.injector.getInstance(PlayUi.class);
    }

    private PlaySession session() {
        return onFx(() -> play.sessionProperty().get());
    }

    private List<GameNode> mainline() {
        return onFx(() -> {
            List<GameNode> line = new java.util.ArrayList<>(w.document.tree().mainline());
            line.add(0, w.document.tree().root());
            return line;
        });
    }

    private String tag(String name) {
        return onFx(() -> w.document.tree().tags().get(name).orElse(""));
    }

    private String text(String id) {
        return onFx(() -> ((Label) w.robot.lookup(id).query()).getText());
    }

    private void startAndWait(PlayUi.Setup setup) {
        runFx(() -> play.start(setup));
        waitUntil(() -> play.sessionProperty().get() != null);
    }

    /** Waits as {@link WorkbenchFixture#waitUntil} does, saying how the game stands when it fails. */
    private void waitPlay(java.util.function.BooleanSupplier c) {
        try {
            waitUntil(c);
        } catch (AssertionError e) {
            PlaySession s = session();
            throw new AssertionError("game: " + (s == null ? "none" : s.moves() + " " + s.result()) + ", status: "
                    + onFx(() -> w.robot.lookup("#status-bar").queryAs(org.controlsfx.control.StatusBar.class).getText()), e);
        }
    }

    private int plies() {
        return onFx(() -> w.document.tree().mainline().size());
    }

    private static TimeControl clockAndNodes(String tc, long nodes) {
        return TimeControl.parse(Map.of("tc", tc, "nodes", Long.toString(nodes)));
    }

    @Test
    void aPersonPlaysStockfishTakesBackAndResigns() throws Exception {
        open(stockfish());
        GamePlugin chess = w.game("chess");
        EngineEntry sf = onFx(() -> play.registry().byId("stockfish").orElseThrow());
        startAndWait(new PlayUi.Setup(chess, Optional.empty(), Optional.of(sf), clockAndNodes("300+2", 2000), "", false));
        assertEquals("chess", onFx(() -> w.document.game().id()));
        waitPlay(() -> play.sessionProperty().get().humanToMove());
        assertTrue(text("#play-clock-white").matches("[45]:\\d\\d"), "the person's clock counts down from 5:00: "
                + text("#play-clock-white"));

        w.clickMove("e2", "e4");
        waitPlay(() -> (w.document.tree().mainline().size() + 1) == 3);
        List<GameNode> line = mainline();
        assertEquals("e2e4", line.get(1).move().orElseThrow().coordinates(1));
        assertTrue(line.get(1).clock().isPresent(), "the person's clock is recorded on the move");
        assertTrue(line.get(1).clock().get().toSeconds() >= 290 && line.get(1).clock().get().toSeconds() <= 302,
                "5 minutes less the thinking, plus 2 s: " + line.get(1).clock().get());
        assertTrue(line.get(2).clock().isPresent(), "the engine's clock too");
        assertTrue(onFx(() -> line.get(1).position().isLegal(line.get(2).move().orElseThrow())), "the engine answered legally");
        assertTrue(session().humanToMove());

        // Takeback: the engine's answer and my move go, back to the start.
        w.robot.clickOn("#play-takeback");
        waitPlay(() -> (w.document.tree().mainline().size() + 1) == 1);
        assertTrue(onFx(() -> w.document.cursor().isRoot()));
        assertEquals(chess.startPosition(), onFx(() -> w.document.position()));
        assertTrue(session().moves().isEmpty());

        w.clickMove("d2", "d4");
        waitPlay(() -> (w.document.tree().mainline().size() + 1) == 3);
        assertEquals("d2d4", mainline().get(1).move().orElseThrow().coordinates(1));

        w.robot.clickOn("#play-resign");
        waitPlay(() -> play.sessionProperty().get().over());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("0-1", tag("Result"));
        assertEquals("normal", tag("Termination"));
        assertEquals("Stockfish", tag("Black"));
        assertEquals(System.getProperty("user.name"), tag("White"), "the person by their login name");
        assertEquals("300+2", tag("TimeControl"));
        assertTrue(text("#play-line").startsWith("0-1"), text("#play-line"));
        assertTrue(text("#play-line").contains(onFx(() -> w.window.i18n().get("play.end.resigns.you"))), text("#play-line"));

        // Saved as any game: the tags and the clocks as [%clk] comments.
        org.kibitz.core.GameFiles files = w.injector.getInstance(org.kibitz.core.GameFiles.class);
        Path pgn = home.resolve("played.pgn");
        runFx(() -> {
            try {
                files.write(pgn, files.formatForSaving(pgn, "chess").orElseThrow(), w.document.tree());
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        String saved = java.nio.file.Files.readString(pgn);
        assertTrue(saved.contains("[Result \"0-1\"]") && saved.contains("[TimeControl \"300+2\"]"), saved);
        assertTrue(saved.contains("1. d4 {[%clk 0:0"), saved);

        // The game is over: the board is for analysis again, moves go into the document directly.
        int before = plies();
        w.clickMove("g1", "f3");
        assertEquals(before + 1, plies(), "a move on the board after the game is an ordinary move");
    }

    @Test
    void theEngineDoesNotMoveForThePersonAndAMoveOnTheEnginesTurnIsRefused() throws Exception {
        open(stockfish());
        GamePlugin chess = w.game("chess");
        EngineEntry sf = onFx(() -> play.registry().byId("stockfish").orElseThrow());
        // The person plays Black: the engine opens, the board turns.
        startAndWait(new PlayUi.Setup(chess, Optional.of(sf), Optional.empty(), clockAndNodes("60", 1000), "", false));
        waitPlay(() -> (w.document.tree().mainline().size() + 1) == 2);
        assertTrue(onFx(() -> w.board().isFlipped()), "Black sees the board from its side");
        assertEquals(Side.BLACK, onFx(() -> w.document.position().sideToMove()));
        w.clickMove("e7", "e5");
        waitPlay(() -> (w.document.tree().mainline().size() + 1) == 4);
        assertEquals("e7e5", mainline().get(2).move().orElseThrow().coordinates(1));
        w.robot.clickOn("#play-stop");
        waitPlay(() -> play.sessionProperty().get().over());
        assertEquals("*", tag("Result"));
        assertEquals("unterminated", tag("Termination"));
    }

    @Test
    void twoEnginesPlayXiangqiOnTheBoardUntilStopped() throws Exception {
        open();
        GamePlugin xq = w.game("xiangqi");
        EngineEntry builtin = onFx(() -> w.injector.getInstance(EngineRegistry.class).builtinEntry());
        String rules = xq.ruleSets().get(xq.ruleSets().size() - 1);
        startAndWait(new PlayUi.Setup(xq, Optional.of(builtin), Optional.of(builtin), TimeControl.parse(Map.of("depth", "1")),
                rules, false));
        waitPlay(() -> (w.document.tree().mainline().size() + 1) >= 7 || play.sessionProperty().get().over());
        assertFalse(onFx(() -> w.robot.lookup("#play-takeback").query().isVisible()), "no takeback without a person");
        assertEquals("—", text("#play-clock-white"), "no clock with a depth limit");
        // Depth-1 games run fast and may end by the rules at any moment. A robot click on Stop then
        // races the bar: the mouse travels, the game ends, Close takes Stop's place and gets the click.
        // Firing Stop on the FX thread, where the bar changes, cannot hit Close; how the game ended
        // is read from its result.
        runFx(() -> {
            javafx.scene.control.Button stop = w.robot.lookup("#play-stop").queryButton();
            if (stop.isVisible()) {
                stop.fire();
            }
        });
        waitPlay(() -> play.sessionProperty().get().over());
        WaitForAsyncUtils.waitForFxEvents();
        boolean endedByItself = session().result().orElseThrow().end() != PlayedGame.End.STOPPED;
        List<GameNode> line = mainline();
        assertTrue(line.size() >= 3, "both engines moved: " + line.size());
        for (int i = 1; i < line.size(); i++) {
            assertTrue(line.get(i - 1).position().isLegal(line.get(i).move().orElseThrow()));
        }
        assertEquals(line.size() - 1, session().moves().size(), "the document holds the game as played");
        assertEquals(rules, onFx(() -> play.rules().ruleSet(xq)), "the board rules by the game's rule set");
        PlaySession.Result r = session().result().orElseThrow();
        String end = text("#play-line");
        if (endedByItself) {
            // A depth-1 engine can blunder into mate: the rules end the game, said in words.
            assertEquals(PlayedGame.End.RULES, r.end());
            assertEquals(r.result().pgn(), tag("Result"));
            assertEquals("normal", tag("Termination"));
            String termination = onFx(() -> w.window.i18n().get("termination."
                    + r.ruling().orElseThrow().outcome().termination().name()));
            assertTrue(end.contains(termination), end);
        } else {
            assertEquals("*", tag("Result"));
            assertTrue(end.startsWith("*"), end);
        }
        assertEquals(builtin.name(), tag("White"));
        w.robot.clickOn("#play-close");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(w.robot.lookup("#play-bar").tryQuery().isEmpty(), "Close takes the bar away");
    }

    private static EngineEntry fake(String id, String mode) {
        return WorkbenchFixture.engine(id, "Fake " + mode, org.kibitz.testing.FakeUciEngine.command(mode),
                "uci", java.util.Set.of("chess"));
    }

    @Test
    void anEngineThatCrashesOrPlaysAnIllegalMoveLosesAndTheWindowGoesOn() throws Exception {
        open(fake("crash", "crash"), fake("calm", "calm"));
        GamePlugin chess = w.game("chess");
        EngineEntry crash = onFx(() -> play.registry().byId("crash").orElseThrow());
        startAndWait(new PlayUi.Setup(chess, Optional.empty(), Optional.of(crash), clockAndNodes("60", 1000), "", false));
        waitPlay(() -> play.sessionProperty().get().humanToMove());
        w.clickMove("e2", "e4");
        waitPlay(() -> play.sessionProperty().get().over());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(PlayedGame.End.DISCONNECT, session().result().orElseThrow().end());
        assertEquals("1-0", tag("Result"));
        assertEquals("abandoned", tag("Termination"));
        assertTrue(text("#play-line").contains("Fake crash"), text("#play-line"));

        // This one answers e2e4 whatever the position: as Black that is no legal move.
        EngineEntry calm = onFx(() -> play.registry().byId("calm").orElseThrow());
        PlaySession first = session();
        runFx(() -> w.document.markSaved(home.resolve("first.pgn"))); // else a new game asks whether to discard it
        // The fake answers at its 300 ms, looking at its clock every 50 ms: on a busy machine that is
        // past the default 100 ms margin now and then, and the game was lost on time before the
        // illegal move could be judged. A margin of a second keeps this test on the illegal move.
        startAndWait(new PlayUi.Setup(chess, Optional.empty(), Optional.of(calm),
                TimeControl.parse(Map.of("st", "0.3", "timemargin", "1000")), "", false));
        waitPlay(() -> play.sessionProperty().get() != first && play.sessionProperty().get().humanToMove());
        w.clickMove("d2", "d4");
        waitPlay(() -> play.sessionProperty().get().over());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(PlayedGame.End.ILLEGAL_MOVE, session().result().orElseThrow().end());
        assertEquals("1-0", tag("Result"));
        assertEquals("rules infraction", tag("Termination"));
        assertEquals(1, plies(), "the illegal move is not in the game");
    }

    @Test
    void theDialogStartsAGameAgainstTheChosenEngine() throws Exception {
        open(stockfish());
        runFx(() -> w.document.newGame(w.game("chess"), w.game("chess").startPosition()));
        w.fireMenu("menu-play-new");
        waitPlay(() -> w.robot.lookup("#play-dialog").tryQuery().isPresent());
        runFx(() -> {
            @SuppressWarnings("unchecked")
            ComboBox<String> kind = (ComboBox<String>) w.robot.lookup("#play-time-kind").query();
            kind.setValue("nodes");
            ((TextField) w.robot.lookup("#play-limit").query()).setText("1500");
            @SuppressWarnings("unchecked")
            ComboBox<String> side = (ComboBox<String>) w.robot.lookup("#play-side").query();
            side.setValue("BLACK");
        });
        w.robot.clickOn("#play-ok");
        waitPlay(() -> play.sessionProperty().get() != null);
        waitPlay(() -> (w.document.tree().mainline().size() + 1) == 2);
        PlaySession s = session();
        assertEquals("Stockfish", s.player(Side.WHITE).name());
        assertTrue(s.player(Side.BLACK) instanceof PlaySession.Human);
        assertEquals(java.util.OptionalLong.of(1500), s.settings().time().nodes());
        assertFalse(s.clocked());
        assertNotEquals("", tag("White"));
    }

    /** The dialog offers what was chosen last, even after Cancel, and does not change size as its mode changes. */
    @Test
    void theDialogKeepsItsSettingsAfterCancelAndKeepsItsSize() throws Exception {
        open(stockfish());
        runFx(() -> w.document.newGame(w.game("chess"), w.game("chess").startPosition()));
        w.fireMenu("menu-play-new");
        waitPlay(() -> w.robot.lookup("#play-dialog").tryQuery().isPresent());
        javafx.stage.Window dialog = onFx(() -> w.robot.lookup("#play-dialog").query().getScene().getWindow());
        double before = onFx(dialog::getHeight);
        runFx(() -> {
            @SuppressWarnings("unchecked")
            ComboBox<String> mode = (ComboBox<String>) w.robot.lookup("#play-mode").query();
            mode.setValue("engines");
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, onFx(dialog::getHeight), 0.5, "the dialog keeps its size");
        runFx(() -> {
            @SuppressWarnings("unchecked")
            ComboBox<String> mode = (ComboBox<String>) w.robot.lookup("#play-mode").query();
            mode.setValue("person");
            @SuppressWarnings("unchecked")
            ComboBox<String> side = (ComboBox<String>) w.robot.lookup("#play-side").query();
            side.setValue("BLACK");
            ((TextField) w.robot.lookup("#play-minutes").query()).setText("7");
            ((TextField) w.robot.lookup("#play-increment").query()).setText("1");
        });
        runFx(() -> {
            javafx.scene.control.DialogPane pane = (javafx.scene.control.DialogPane) w.robot.lookup("#play-dialog").query();
            pane.getButtonTypes().stream().filter(b -> b.getButtonData() == javafx.scene.control.ButtonBar.ButtonData.CANCEL_CLOSE)
                    .findFirst().map(pane::lookupButton).map(javafx.scene.control.Button.class::cast).orElseThrow().fire();
        });
        waitPlay(() -> w.robot.lookup("#play-dialog").tryQuery().isEmpty());

        w.fireMenu("menu-play-new");
        waitPlay(() -> w.robot.lookup("#play-dialog").tryQuery().isPresent());
        assertEquals("7", onFx(() -> ((TextField) w.robot.lookup("#play-minutes").query()).getText()));
        assertEquals("1", onFx(() -> ((TextField) w.robot.lookup("#play-increment").query()).getText()));
        assertEquals("BLACK", onFx(() -> ((ComboBox<?>) w.robot.lookup("#play-side").query()).getValue()));
        runFx(() -> {
            javafx.scene.control.DialogPane pane = (javafx.scene.control.DialogPane) w.robot.lookup("#play-dialog").query();
            pane.getButtonTypes().stream().filter(b -> b.getButtonData() == javafx.scene.control.ButtonBar.ButtonData.CANCEL_CLOSE)
                    .findFirst().map(pane::lookupButton).map(javafx.scene.control.Button.class::cast).orElseThrow().fire();
        });
    }

    /** Two CPU-bound processes beside the test, as the other work of a busy machine. */
    static List<Process> busyLoops() throws java.io.IOException {
        List<Process> load = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            load.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
        }
        return load;
    }

    /**
     * Issue 36: engines slow to get going (5 s before their uciok, 5 s more before their first readyok,
     * as a large hash on a busy machine: a script around Stockfish) lose no time on their first moves
     * at 2 s a move: each is
     * started, configured and answers isready before the clocks run. Before, the engine's new game
     * and its isready ran on its first move's clock, and the game was lost on time before any move.
     * With two CPU-bound loops beside it.
     */
    @Test
    void enginesSlowToStartLoseNoTimeOnTheirFirstMoves() throws Exception {
        String sf = RealEngines.require("stockfish");
        EngineEntry slow = WorkbenchFixture.engine("slow", "Slow", org.kibitz.testing.SlowStartEngine.command(5000, 5000, sf),
                "uci", java.util.Set.of("chess"));
        open(slow);
        GamePlugin chess = w.game("chess");
        EngineEntry e = onFx(() -> play.registry().byId("slow").orElseThrow());
        List<Process> load = busyLoops();
        try {
            // A margin of a second, as a user of a loaded machine sets: the busy loops delay the engine's
            // answer by tenths of a second, which is not what is tested; the 5 s start is.
            runFx(() -> play.start(new PlayUi.Setup(chess, Optional.of(e), Optional.of(e),
                    TimeControl.parse(Map.of("st", "2", "timemargin", "1000")), "", false)));
            // Each engine may take its handshake and its ready timeouts to get going, one after the other.
            long startup = 2 * (e.timeouts().handshakeMs() + e.timeouts().readyMs());
            try {
                WaitForAsyncUtils.waitFor(startup + 20_000, java.util.concurrent.TimeUnit.MILLISECONDS,
                        () -> onFx(() -> play.sessionProperty().get() != null));
            } catch (java.util.concurrent.TimeoutException ex) {
                throw new AssertionError("no game after " + (startup + 20_000) + " ms; status: " + onFx(() -> w.robot
                        .lookup("#status-bar").queryAs(org.controlsfx.control.StatusBar.class).getText()), ex);
            }
            waitPlay(() -> (w.document.tree().mainline().size() + 1) >= 3 || play.sessionProperty().get().over());
            PlaySession s = session();
            assertTrue(s.result().map(r -> r.end() != PlayedGame.End.TIME_FORFEIT).orElse(true),
                    "no engine lost on time: " + s.result());
            List<GameNode> line = mainline();
            assertTrue(line.size() >= 3, "both engines moved: " + s.result());
            for (int i = 1; i <= 2; i++) {
                String comment = line.get(i).comment();
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+\\.\\d{3})s$").matcher(comment);
                assertTrue(m.find(), "the move's time is in its comment, as in a match: " + comment);
                double seconds = Double.parseDouble(m.group(1));
                assertTrue(seconds <= 3.0, "move " + i + " took its search (2 s and the margin), not the engine's 5 s start: "
                        + comment);
            }
        } finally {
            load.forEach(Process::destroyForcibly);
            runFx(play::stopGame);
        }
    }
}

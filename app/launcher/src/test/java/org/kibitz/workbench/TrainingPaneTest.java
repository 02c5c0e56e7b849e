package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.GameFiles;
import org.kibitz.core.puzzle.Puzzle;
import org.kibitz.core.puzzle.PuzzleFiles;
import org.kibitz.core.training.Mistakes;
import org.kibitz.core.training.TrainingProgress;
import org.kibitz.workbench.board.BoardView;
import org.kibitz.workbench.evaluate.EvaluateUi;
import org.kibitz.workbench.moves.MoveListOptions;
import org.kibitz.workbench.training.PuzzleMaker;
import org.kibitz.workbench.training.TrainingPane;
import org.kibitz.workbench.training.TrainingUi;

/**
 * The Training pane in the real workbench: a puzzle file in lichess's layout (real lichess puzzles and a
 * xiangqi line) solved by clicks on the pane's board: a wrong move taken back, a hint marking the piece, right
 * moves answered, the solution shown; the puzzle failed first comes back after two others; the progress file
 * holds the boxes and a new session reads it. Then "Learn from your mistakes" on a game the workbench has just
 * evaluated with Stockfish.
 */
@ExtendWith(FxStages.class)
class TrainingPaneTest {

    @TempDir
    Path home;

    /** lichess's own CSV rows (0000D, 00008 of its database) and a xiangqi line, with the header. */
    private static final String CSV = PuzzleFiles.CSV_HEADER + "\n"
            + "0000D,5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27,d3d6 f8d8 d6d8 f6d8,1425,74,96,25620,"
            + "advantage endgame short,https://lichess.org/F8M8OS71#53,\n"
            + "00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1913,75,94,512,"
            + "crushing hangingPiece long middlegame,https://lichess.org/787zsVup/black#48,\n"
            + "xq0001,rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1,h2e2 h9g7 h0g2 i9h9,1500,120,0,0,"
            + "opening,file:x.pgn:1,\n";

    private static BoardView board(WorkbenchFixture w) {
        return w.robot.lookup("#training-board").queryAs(BoardView.class);
    }

    private static Move move(GamePlugin g, String coordinates) {
        return Move.parseCoordinates(coordinates, g.coordinateRankBase());
    }

    /** Plays a move on the training board by clicking its two squares. */
    private static void play(WorkbenchFixture w, String coordinates) {
        BoardView b = board(w);
        GamePlugin g = onFx(b::game);
        Move m = move(g, coordinates);
        for (Square s : List.of(m.from(), m.to())) {
            w.robot.clickOn(onFx(() -> b.centerOnScreen(s)));
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        }
    }

    private static void press(WorkbenchFixture w, String id) {
        Button b = w.robot.lookup("#" + id).queryAs(Button.class);
        assertFalse(onFx(b::isDisabled), id + " is enabled");
        w.robot.clickOn(b);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
    }

    /** Waits until the puzzle's answer is played and the board takes moves again. */
    private static void waitForTurn(TrainingUi ui) {
        waitUntil(() -> !ui.busy() && ui.viewProperty().get() != null && ui.viewProperty().get().interactive());
    }

    @Test
    void puzzlesAreSolvedOnTheBoardAFailedOneComesBackAndProgressIsKept() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.open(home);
        TrainingUi ui = w.injector.getInstance(TrainingUi.class);
        runFx(() -> w.window.useTask(TaskLayout.TRAINING));
        waitUntil(() -> w.window.stage().getScene().lookup("#training-pane") != null);
        Path file = home.resolve("puzzles.csv");
        Files.writeString(file, CSV, StandardCharsets.UTF_8);
        runFx(() -> ui.openFile(file));
        GamePlugin chess = w.game("chess");

        // 0000D: White's Qd6 is played for the solver (Black), whose side is at the bottom.
        waitForTurn(ui);
        assertEquals("0000D", onFx(() -> ui.run().orElseThrow().puzzle().id()));
        Position afterQd6 = chess.parseFen("5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27").play(move(chess, "d3d6"));
        assertEquals(afterQd6, onFx(() -> board(w).position()));
        assertTrue(onFx(() -> board(w).isFlipped()), "Black solves: Black at the bottom");

        // A wrong move: said, taken back, the board still asks.
        play(w, "b6b3");
        assertEquals("training.puzzle.wrong", onFx(ui::messageKey));
        assertEquals(afterQd6, onFx(() -> board(w).position()), "the wrong move is taken back");
        assertTrue(onFx(() -> ui.viewProperty().get().interactive()));

        // A hint marks the piece to move: the rook on f8.
        press(w, "training-hint");
        assertEquals(List.of(move(chess, "f8d8").from()), onFx(() -> board(w).marked()));

        // The right moves: Rd8, the reply Qxd8+ is played, Bxd8 ends it. Failed: a wrong move was tried.
        play(w, "f8d8");
        waitForTurn(ui);
        assertEquals("training.puzzle.goOn", onFx(ui::messageKey));
        assertEquals(move(chess, "d6d8"), onFx(() -> ui.run().orElseThrow().lastMove()), "the reply is played");
        play(w, "f6d8");
        waitUntil(() -> ui.run().orElseThrow().over());
        assertEquals("training.puzzle.failed", onFx(ui::messageKey));

        // 00008: solved cleanly, White to find three moves.
        press(w, "training-next");
        waitForTurn(ui);
        assertEquals("00008", onFx(() -> ui.run().orElseThrow().puzzle().id()));
        assertFalse(onFx(() -> board(w).isFlipped()));
        play(w, "e6e7");
        waitForTurn(ui);
        play(w, "b3c1");
        waitForTurn(ui);
        play(w, "h6c1");
        waitUntil(() -> ui.run().orElseThrow().over());
        assertEquals("training.puzzle.solved", onFx(ui::messageKey));

        // The xiangqi line: one right move, then the solution shown, in the move list's notation.
        press(w, "training-next");
        waitForTurn(ui);
        assertEquals("xq0001", onFx(() -> ui.run().orElseThrow().puzzle().id()));
        GamePlugin xq = w.game("xiangqi");
        assertEquals("xiangqi", onFx(() -> board(w).game().id()));
        play(w, "h9g7");
        waitForTurn(ui);
        press(w, "training-solution");
        String said = onFx(() -> ui.messageProperty().get());
        Position beforeLast = xq.startPosition().play(move(xq, "h2e2")).play(move(xq, "h9g7")).play(move(xq, "h0g2"));
        String last = onFx(() -> w.injector.getInstance(MoveListOptions.class).notation(xq).format(beforeLast, move(xq, "i9h9")));
        assertTrue(said.contains(last), "the solution in the board's notation (" + last + "): " + said);
        assertTrue(onFx(() -> ui.run().orElseThrow().over()));

        // Two puzzles later, the one failed first is asked again.
        press(w, "training-next");
        waitForTurn(ui);
        assertEquals("0000D", onFx(() -> ui.run().orElseThrow().puzzle().id()), "the failed puzzle comes back");

        // The progress file holds the boxes; a new session (as after a restart) reads them: the failed ones
        // are due at once, the one solved not before tomorrow.
        Path progressFile = TrainingProgress.fileIn(home.resolve("data"));
        assertTrue(Files.exists(progressFile));
        List<Puzzle> puzzles = new PuzzleFiles(w.injector.getInstance(GameFiles.class)).read(file);
        TrainingProgress kept = new TrainingProgress(progressFile, Clock.systemUTC());
        assertEquals(0, kept.entry(puzzles.get(0)).orElseThrow().box());
        assertEquals(1, kept.entry(puzzles.get(0)).orElseThrow().failed());
        assertEquals(1, kept.entry(puzzles.get(1)).orElseThrow().box());
        assertEquals(0, kept.entry(puzzles.get(2)).orElseThrow().box());
        TrainingUi restarted = onFx(() -> new TrainingUi(w.injector.getInstance(Games.class), w.injector.getInstance(I18n.class),
                w.document, w.injector.getInstance(MoveListOptions.class), home.resolve("data"),
                Clock.offset(Clock.systemUTC(), Duration.ofMinutes(1)), new PuzzleFiles(w.injector.getInstance(GameFiles.class))::read));
        runFx(() -> restarted.openFile(file));
        assertEquals("0000D", onFx(() -> restarted.run().orElseThrow().puzzle().id()), "failed first, due first");
        runFx(restarted::showSolution);
        runFx(restarted::nextPuzzle);
        assertEquals("xq0001", onFx(() -> restarted.run().orElseThrow().puzzle().id()), "the other failed one; 00008 waits a day");
    }

    @Test
    void learnFromYourMistakesOnAGameJustEvaluated() throws Exception {
        WorkbenchFixture w = EvaluateUiTest.openWithStockfish(home);
        EvaluateUi eval = w.injector.getInstance(EvaluateUi.class);
        // 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#: the board's game, evaluated as Engine › Evaluate game does.
        onFx(() -> eval.evaluate(EvaluateUi.Scope.GAME, EvaluateUiTest.stockfish(eval))).get(60, TimeUnit.SECONDS);
        waitUntil(() -> w.document.tree().mainline().size() > 5 && w.document.tree().mainline().get(5).nags().contains(4));

        TrainingUi ui = w.injector.getInstance(TrainingUi.class);
        runFx(() -> w.window.useTask(TaskLayout.TRAINING));
        waitUntil(() -> w.window.stage().getScene().lookup("#training-pane") != null);
        runFx(() -> ui.mistakesSideProperty().set(Side.BLACK));
        press(w, "training-mistakes");
        // The title follows a language switch (it stayed in the old language until the next mistake).
        String english = onFx(() -> ui.titleProperty().get());
        runFx(() -> ui.i18n().localeProperty().set(java.util.Locale.SIMPLIFIED_CHINESE));
        String chinese = onFx(() -> ui.titleProperty().get());
        runFx(() -> ui.i18n().localeProperty().set(java.util.Locale.ENGLISH));
        assertTrue(chinese.matches("(?s).*[\\u4e00-\\u9fff].*") && !chinese.equals(english), english + " / " + chinese);
        assertEquals(english, onFx(() -> ui.titleProperty().get()));
        List<Mistakes.Mistake> found = onFx(ui::mistakes);
        int nf6 = -1;
        for (int i = 0; i < found.size(); i++) {
            if (found.get(i).node().ply() == 6) {
                nf6 = i;
            }
        }
        assertTrue(nf6 >= 0, "3...Nf6?? is asked: " + found);
        for (int i = 0; i < nf6; i++) {
            press(w, "training-next");
        }
        Mistakes.Mistake m = onFx(() -> ui.mistakes().get(ui.mistakeIndex()));
        GameNode played = m.node();
        assertEquals(played.positionBefore(), onFx(() -> board(w).position()), "the position before the blunder");
        assertEquals(played.parent().orElseThrow(), onFx(() -> w.document.cursor()), "the window's board follows");
        assertTrue(m.best().isPresent(), "the evaluation's best line is the answer: " + m);

        // The move of the game is refused, so is a move that still allows mate.
        play(w, "g8f6");
        assertEquals("training.mistakes.played", onFx(ui::messageKey));
        // 3...a6 has no score in the game: Stockfish checks it (off the FX thread) and finds it loses to Qxf7#.
        play(w, "a7a6");
        waitForCheck(ui);
        assertEquals("training.mistakes.checkedWorse", onFx(ui::messageKey));
        assertEquals(played.positionBefore(), onFx(() -> board(w).position()), "taken back");
        press(w, "training-hint");
        assertEquals(List.of(m.best().get().from()), onFx(() -> board(w).marked()));

        // The engine's best: found, the move played and the engine's line shown.
        play(w, m.best().get().coordinates(1));
        assertEquals("training.mistakes.good", onFx(ui::messageKey));
        assertTrue(onFx(ui::mistakeOver));
        String said = onFx(() -> ui.messageProperty().get());
        String nf6Text = onFx(() -> w.injector.getInstance(MoveListOptions.class).notation(w.document.game())
                .format(played.positionBefore(), played.move().orElseThrow()));
        assertTrue(said.contains(nf6Text), "the move played is named: " + said);
        assertEquals(played.positionBefore().play(m.best().get()), onFx(() -> board(w).position()));
        assertTrue(onFx(() -> w.window.stage().getScene().lookup("#training-pane") instanceof TrainingPane));

        // Again: a good move the game has no score for (the other of 3...Qe7 and 3...g6, both hold f7) is
        // accepted once the engine has checked it.
        press(w, "training-retry");
        Move other = m.best().get().equals(move(w.game("chess"), "d8e7")) ? move(w.game("chess"), "g7g6")
                : move(w.game("chess"), "d8e7");
        assertFalse(onFx(() -> ui.mistakes().get(ui.mistakeIndex()).known().containsKey(other)), "unscored in the game");
        play(w, other.coordinates(1));
        waitForCheck(ui);
        assertEquals("training.mistakes.goodAlso", onFx(ui::messageKey), onFx(() -> ui.messageProperty().get()));
        assertTrue(onFx(ui::mistakeOver));
        assertEquals(played.positionBefore().play(other), onFx(() -> board(w).position()));
    }

    /** Waits for the engine's check of a move: the message says "checking" until it has answered. */
    private static void waitForCheck(TrainingUi ui) {
        waitUntil(() -> !ui.busy());
    }

    @Test
    void puzzlesAreMadeFromTheLastEvaluationSolvedByAClickAndSaved() throws Exception {
        WorkbenchFixture w = EvaluateUiTest.openWithStockfish(home);
        EvaluateUi eval = w.injector.getInstance(EvaluateUi.class);
        PuzzleMaker maker = w.injector.getInstance(PuzzleMaker.class);
        TrainingUi ui = w.injector.getInstance(TrainingUi.class);
        runFx(() -> w.window.useTask(TaskLayout.TRAINING));
        waitUntil(() -> w.window.stage().getScene().lookup("#training-pane") != null);
        Button make = w.robot.lookup("#training-make").queryAs(Button.class);
        assertTrue(onFx(make::isDisabled), "nothing evaluated yet: no puzzles to make");
        assertTrue(onFx(() -> w.robot.lookup("#training-save").queryAs(Button.class).isDisabled()));

        // 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#: the board's game, evaluated as Engine › Evaluate game does.
        onFx(() -> eval.evaluate(EvaluateUi.Scope.GAME, EvaluateUiTest.stockfish(eval))).get(60, TimeUnit.SECONDS);
        waitUntil(() -> !make.isDisabled());
        runFx(() -> w.window.useTask(TaskLayout.TRAINING));
        waitUntil(() -> w.window.stage().getScene().lookup("#training-pane") != null);
        press(w, "training-make");
        // The solving is a job of the app's runner (a row of the Jobs pane); its searches have their own patience.
        org.kibitz.core.jobs.JobRunner runner = w.injector.getInstance(org.kibitz.core.jobs.JobRunner.class);
        waitUntil(() -> runner.jobs().stream().anyMatch(h -> h.job().kind().equals("puzzles")));
        var job = runner.jobs().stream().filter(h -> h.job().kind().equals("puzzles")).findFirst().orElseThrow();
        assertEquals(org.kibitz.core.jobs.JobState.COMPLETED, job.result().get(10, TimeUnit.MINUTES).state());
        waitUntil(() -> maker.lastProperty().get() != null || !ui.messageKey().equals("training.make.running"));
        assertTrue(onFx(() -> maker.lastProperty().get() != null), "puzzles were made: " + onFx(() -> ui.messageProperty().get()));

        // The puzzle of 3...Nf6??: Nf6 is played for the solver (White), whose answer is Qxf7#.
        waitForTurn(ui);
        Puzzle p = onFx(() -> ui.run().orElseThrow().puzzle());
        assertEquals(List.of("g8f6", "h5f7"), p.moves(), "the blunder, then the mate: " + p);
        assertTrue(p.themes().contains("mateIn1"), "themes: " + p.themes());
        GamePlugin chess = w.game("chess");
        assertEquals(chess.parseFen(p.fen()).play(move(chess, "g8f6")), onFx(() -> board(w).position()));
        play(w, "h5f7");
        waitUntil(() -> ui.run().orElseThrow().over());
        assertEquals("training.puzzle.solved", onFx(ui::messageKey));

        // Saved as lichess's CSV, read back the same.
        Path out = home.resolve("made.csv");
        onFx(() -> maker.save(out)).get(30, TimeUnit.SECONDS);
        List<Puzzle> back = new PuzzleFiles(w.injector.getInstance(GameFiles.class)).read(out);
        assertEquals(onFx(() -> maker.lastProperty().get().puzzles()), back);
    }
}
